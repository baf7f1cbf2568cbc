import { Badge } from '@mantine/core';
import { invoiceStatusColor } from '@resonant/contracts/billing';
import { invoiceStatusLabel } from '../invoice-display.ts';

/** SPEC §4: paid green, invoice sent orange, failed red, any other status the green default. */
export function InvoiceStatusBadge({ status }: { status: string }) {
  const color = invoiceStatusColor(status);
  return (
    <Badge variant="light" color={color} tt="none" style={{ minWidth: 'max-content' }}>
      {invoiceStatusLabel(status)}
    </Badge>
  );
}
