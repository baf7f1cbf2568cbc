import { ActionIcon, Button, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCreditCard, IconFileDownload } from '@tabler/icons-react';
import {
  formatBillingPeriod,
  formatCents,
  type Invoice,
  type INVOICE_SORTS,
} from '@resonant/contracts/billing';
import type { DataColumn } from '../../../components/data-table.tsx';
import { actionButtonColumn } from '../../../components/row-actions.tsx';
import {
  formatPaidAt,
  invoiceAction,
  optionalBillingDay,
  seatsTimesPrice,
  type InvoicesView,
} from '../invoice-display.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/** The columns the server sorts the invoices by. */
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

const ACTION_ICONS = { download: IconFileDownload, pay: IconCreditCard };
const ACTION_TEXT = { download: 'Download PDF', pay: 'Pay Now' };

/**
 * Download PDF or Pay Now; both open the provider's page in a new tab (`noopener`: the invoice
 * page gets no handle on this one), and say so to screen readers. Without a URL the action is
 * shown unavailable, silently. On a phone the button is its icon alone, named by a tooltip, so the
 * pinned column leaves room for the invoice.
 */
function InvoiceActionButton({ invoice, view }: { invoice: Invoice; view: InvoicesView }) {
  const action = invoiceAction(invoice, view);
  const Icon = ACTION_ICONS[action.kind];
  const text = ACTION_TEXT[action.kind];
  const variant = action.kind === 'pay' ? 'filled' : 'light';
  const link = action.url
    ? ({ component: 'a', href: action.url, target: '_blank', rel: 'noopener noreferrer' } as const)
    : ({ disabled: true } as const);
  const more = `, invoice ${invoice.number}${action.url ? ' (opens in a new tab)' : ''}`;
  const iconButton = (
    <ActionIcon {...link} hiddenFrom="sm" size="lg" variant={variant}>
      <Icon size={18} aria-hidden />
      <VisuallyHidden>{text + more}</VisuallyHidden>
    </ActionIcon>
  );
  return (
    <>
      <Button
        {...link}
        visibleFrom="sm"
        size="xs"
        variant={variant}
        leftSection={<Icon size={16} aria-hidden />}
      >
        {text}
        <VisuallyHidden>{more}</VisuallyHidden>
      </Button>
      {/* A disabled button takes no pointer events, so its tooltip could never show. */}
      {action.url ? (
        <Tooltip label={text} withinPortal>
          {iconButton}
        </Tooltip>
      ) : (
        iconButton
      )}
    </>
  );
}

/**
 * The invoice table's columns, for the billing history and the app admin's invoices (SPEC §2, §4,
 * §9): number, period (its first and last day), amount in dollars with its seats × price, status
 * badge, paid and due dates as MMM D, YYYY, billing email and the row's action; the app admin's
 * view adds the Organization column, which carries the billing email.
 */
export function invoiceColumns(view: InvoicesView): DataColumn<Invoice>[] {
  const billingEmail = (invoice: Invoice) => invoice.billing_email ?? '—';
  // The app admin's view names the organization, its billing email beneath: one column for both
  // keeps the wider table within a desktop screen.
  const organization: DataColumn<Invoice> = {
    key: 'org_name' satisfies InvoiceSort,
    header: 'Organization',
    sortable: true,
    render: (invoice) => (
      <>
        <Text size="sm" fw={500}>
          {invoice.org_name}
        </Text>
        {/* The name may wrap; the email beneath keeps to one line. */}
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {billingEmail(invoice)}
        </Text>
      </>
    ),
  };
  const email: DataColumn<Invoice> = {
    key: 'billing_email',
    header: 'Billing email',
    noWrap: true,
    render: (invoice) => (
      <Text size="sm" c={invoice.billing_email ? undefined : 'dimmed'}>
        {billingEmail(invoice)}
      </Text>
    ),
  };
  return [
    {
      key: 'number' satisfies InvoiceSort,
      header: 'Invoice',
      noWrap: true,
      sortable: true,
      render: (invoice) => (
        <Text size="sm" fw={600} ff="monospace">
          {invoice.number}
        </Text>
      ),
    },
    ...(view === 'admin' ? [organization] : []),
    {
      key: 'billing_period_start' satisfies InvoiceSort,
      header: 'Period',
      noWrap: true,
      sortable: true,
      render: (invoice) => (
        <Text size="sm">
          {formatBillingPeriod(invoice.billing_period_start, invoice.billing_period_end)}
        </Text>
      ),
    },
    {
      key: 'amount_due' satisfies InvoiceSort,
      header: 'Amount',
      numeric: true,
      noWrap: true,
      sortable: true,
      render: (invoice) => (
        <>
          <Text size="sm" fw={600}>
            {formatCents(invoice.amount_due)}
          </Text>
          <Text size="xs" c="dimmed">
            {seatsTimesPrice(invoice.seats, invoice.unit_amount)}
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (invoice) => <InvoiceStatusBadge status={invoice.invoice_status} />,
    },
    {
      key: 'paid_at',
      header: 'Paid at',
      noWrap: true,
      render: (invoice) => formatPaidAt(invoice.paid_at),
    },
    {
      key: 'due_date',
      header: 'Due date',
      noWrap: true,
      render: (invoice) => optionalBillingDay(invoice.due_date),
    },
    ...(view === 'org' ? [email] : []),
    actionButtonColumn((invoice) => <InvoiceActionButton invoice={invoice} view={view} />),
  ];
}
