import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Box,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFileDownload,
  IconFileOff,
} from '@tabler/icons-react';
import { useParams } from 'react-router';
import {
  formatBillingPeriod,
  formatCents,
  INVOICE_ALREADY_PAID_MESSAGE,
  INVOICE_NOT_FOUND_MESSAGE,
  TEST_MODE_LABEL,
  type LocalCardBody,
  type LocalHostedInvoice,
} from '@resonant/contracts/billing';
import { ExternalLinkButton } from '../../../components/external-link-button.tsx';
import { LinkStatusCard } from '../../../components/link-status-card.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Logo } from '../../../components/logo.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useHostedInvoice } from '../api/get-hosted-invoice.ts';
import { usePayHostedInvoice } from '../api/pay-hosted-invoice.ts';
import { formatPaidAt, optionalBillingDay, seatsTimesPrice } from '../invoice-display.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { LocalCardForm } from './local-card-form.tsx';

/** The page stands alone (its link is mailed to whoever pays): the logo and the test-mode label. */
function HostedPageShell({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      mih="100dvh"
      bg="var(--mantine-color-gray-0)"
      px={{ base: 'sm', sm: 'md' }}
      py={{ base: 'md', sm: 48 }}
    >
      <Stack maw={600} mx="auto" gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Logo size={32} />
          <Badge color="orange" variant="light" size="lg" tt="none">
            {TEST_MODE_LABEL}
          </Badge>
        </Group>
        {children}
      </Stack>
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function InvoiceSummary({ invoice }: { invoice: LocalHostedInvoice }) {
  return (
    <SectionCard title="Invoice" headless padding="wide" radius="lg" gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            Invoice
          </Text>
          <Title order={1} size="h3" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {invoice.number}
          </Title>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {invoice.org_name}
          </Text>
        </div>
        <InvoiceStatusBadge status={invoice.invoice_status} />
      </Group>
      <div>
        <Text size="sm" c="dimmed">
          {invoice.invoice_status === 'paid' ? 'Amount paid' : 'Amount due'}
        </Text>
        <Text fz={{ base: 32, sm: 40 }} fw={700} lh={1.2}>
          {formatCents(invoice.amount_due)}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Fact label="Billing period">
          {formatBillingPeriod(invoice.billing_period_start, invoice.billing_period_end)}
        </Fact>
        <Fact label="Seats">{seatsTimesPrice(invoice.seats, invoice.unit_amount)}</Fact>
        <Fact label="Due date">{optionalBillingDay(invoice.due_date)}</Fact>
        {invoice.paid_at && <Fact label="Paid on">{formatPaidAt(invoice.paid_at)}</Fact>}
      </SimpleGrid>
    </SectionCard>
  );
}

function DownloadPdfButton({ url }: { url: string }) {
  return (
    <ExternalLinkButton
      href={url}
      variant="light"
      leftSection={<IconFileDownload size={18} aria-hidden />}
    >
      Download PDF
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </ExternalLinkButton>
  );
}

/**
 * The paid state. Right after paying here, focus moves to its heading: the form the payer was in
 * is gone, and keyboard and screen-reader users would otherwise be left nowhere.
 */
function PaidPanel({ invoice, message }: { invoice: LocalHostedInvoice; message: string | null }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const justPaid = message !== null;
  useEffect(() => {
    if (justPaid) headingRef.current?.focus();
  }, [justPaid]);
  return (
    <SectionCard title="Payment" headless padding="wide" radius="lg" gap="md" align="flex-start">
      <Group gap="sm" wrap="nowrap">
        <IconCircleCheck size={28} color="var(--mantine-color-teal-text)" aria-hidden />
        <Title
          order={2}
          size="h4"
          ref={headingRef}
          tabIndex={justPaid ? -1 : undefined}
          style={{ outline: 'none' }}
        >
          {message ?? INVOICE_ALREADY_PAID_MESSAGE}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        Its PDF is the receipt for your records.
      </Text>
      <DownloadPdfButton url={invoice.hosted_invoice_pdf} />
    </SectionCard>
  );
}

/** What the last payment attempt said: paid, or why not (a decline, shown beside the form). */
type PayOutcome = { paid: boolean; message: string };

function PayPanel({ token, invoice }: { token: string; invoice: LocalHostedInvoice }) {
  const pay = usePayHostedInvoice(token);
  // The outcome is kept here and the mutation reset once settled, so the card it was sent with
  // (its variables) is not held for as long as the page stays open.
  const [outcome, setOutcome] = useState<PayOutcome | null>(null);
  // Paid here: shown as paid even if re-reading the invoice afterwards failed.
  if (outcome?.paid) return <PaidPanel invoice={invoice} message={outcome.message} />;
  if (invoice.invoice_status === 'paid') return <PaidPanel invoice={invoice} message={null} />;
  if (invoice.invoice_status === 'void') {
    return (
      <Alert color="gray" variant="light" title="This invoice was cancelled">
        There is nothing to pay.
      </Alert>
    );
  }
  const submit = (card: LocalCardBody) => {
    setOutcome(null);
    pay.mutate(card, {
      onSuccess: ({ message }) => setOutcome({ paid: true, message }),
      onError: (error) => setOutcome({ paid: false, message: error.message }),
      onSettled: () => pay.reset(),
    });
  };
  return (
    <SectionCard title="Pay by card" label="Payment" padding="wide" radius="lg" gap="md">
      {outcome && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {outcome.message}
        </Alert>
      )}
      <LocalCardForm
        submitLabel={`Pay ${formatCents(invoice.amount_due)}`}
        pending={pay.isPending}
        onSubmit={submit}
      />
    </SectionCard>
  );
}

/**
 * /billing/invoice/:token, the local provider's own pay page (no sign-in; the Pay link of an
 * invoice and its mail lead here): the invoice, then a test card pays it and the page shows it
 * paid with its PDF. An unknown token says so.
 */
export function HostedInvoicePage() {
  const { token = '' } = useParams();
  const invoice = useHostedInvoice(token);
  const loaded = invoice.data?.kind === 'invoice' ? invoice.data.invoice : null;
  useDocumentTitle(loaded ? `Invoice ${loaded.number} · Resonant` : 'Invoice · Resonant');

  if (invoice.isPending) {
    return (
      <HostedPageShell>
        <Center py={64} role="status" aria-label="Loading the invoice">
          <Loader aria-hidden />
        </Center>
      </HostedPageShell>
    );
  }
  if (invoice.isError) {
    return (
      <HostedPageShell>
        <LoadError
          what="The invoice"
          message={invoice.error.message}
          onRetry={() => void invoice.refetch()}
          retrying={invoice.isFetching}
        />
      </HostedPageShell>
    );
  }
  if (!loaded) {
    return (
      <HostedPageShell>
        <LinkStatusCard
          icon={<IconFileOff size={32} aria-hidden />}
          color="red"
          title={INVOICE_NOT_FOUND_MESSAGE}
        >
          <Text c="dimmed">
            This payment link is not valid. Open the Pay link of the invoice email again, or ask
            your organization&apos;s admin for it.
          </Text>
        </LinkStatusCard>
      </HostedPageShell>
    );
  }
  return (
    <HostedPageShell>
      <InvoiceSummary invoice={loaded} />
      <PayPanel token={token} invoice={loaded} />
    </HostedPageShell>
  );
}
