import { formatBillingDay, formatBillingPeriod, formatCents } from '@resonant/contracts/billing';
import type { Database } from '../../db/client.ts';
import type { JobKind, JobPayloads } from '../../jobs/job-kinds.ts';
import type { JobHandler } from '../../jobs/job-worker.ts';
import { headerSafe, mailHtml, mailText, type MailContent } from '../../lib/mail-layout.ts';
import type { Mailer, OutgoingMail } from '../../lib/mailer.ts';
import { findInvoiceWithOrg, listOrgAdminEmails, type InvoiceRow } from './invoicing.queries.ts';

/** Mails an unpaid invoice's pay link: its charge failed, or there was no card to charge. */
export const BILLING_MAIL_JOB = 'billing.invoice-mail' satisfies JobKind;

/** The mail of an invoice to pay: why it was not paid, what it is for, and its pay link. */
function unpaidInvoiceMail(invoice: InvoiceRow, orgName: string, to: string[]): OutgoingMail {
  const number = invoice.number ?? '';
  const amount = formatCents(invoice.amountDueCents);
  const failed = invoice.invoiceStatus === 'failed';
  const what =
    `Invoice ${number} of ${orgName} for ${formatBillingPeriod(invoice.billingPeriodStart, invoice.billingPeriodEnd)} is ${amount}: ${invoice.seats} ` +
    `seat${invoice.seats === 1 ? '' : 's'} at ${formatCents(invoice.unitAmountCents)}.`;
  const due = invoice.dueDate ? ` It is due on ${formatBillingDay(invoice.dueDate)}.` : '';
  const content: MailContent = {
    heading: failed ? `We could not charge ${orgName}'s card` : `${orgName}'s invoice is ready`,
    paragraphs: [
      what + due,
      failed
        ? 'Every card saved for the organization was declined. Pay the invoice with another card through the link below, or add a card in Billing Settings.'
        : 'No card is saved for the organization, so nothing was charged. Pay the invoice through the link below, or add a card in Billing Settings to have the next ones paid automatically.',
    ],
    action: { label: 'Pay invoice', url: invoice.invoiceUrl ?? '' },
    footnote: 'You receive this email as the billing contact of the organization on Resonant.',
  };
  return {
    to: to.join(', '),
    subject: headerSafe(
      failed
        ? `Payment failed: invoice ${number} of ${orgName}`
        : `Invoice ${number} of ${orgName}`,
    ),
    text: mailText(content),
    html: mailHtml(content),
    orgId: invoice.orgId,
  };
}

/**
 * The 'billing.invoice-mail' job: sends the mail to the organisation's billing email, or to its
 * admins when it has none. An invoice paid (or voided) by the time the job runs needs no mail.
 */
export function invoiceMailHandler(deps: {
  db: Database;
  mailer: Mailer;
}): JobHandler<JobPayloads[typeof BILLING_MAIL_JOB]> {
  return {
    async run(job) {
      const found = await findInvoiceWithOrg(deps.db, { invoiceId: job.payload.invoiceId });
      if (!found) return;
      const { invoice } = found;
      const unpaid = invoice.invoiceStatus === 'failed' || invoice.invoiceStatus === 'invoice sent';
      if (!unpaid || !invoice.invoiceUrl) return;
      const to = found.orgBillingEmail
        ? [found.orgBillingEmail]
        : await listOrgAdminEmails(deps.db, { orgId: invoice.orgId });
      if (to.length === 0) return;
      await deps.mailer.send(unpaidInvoiceMail(invoice, found.orgName, to));
    },
  };
}
