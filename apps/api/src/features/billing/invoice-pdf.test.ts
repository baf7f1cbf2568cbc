import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { TEST_MODE_LABEL } from '@resonant/contracts/billing';
import { renderInvoicePdf, type InvoicePdfInput } from './invoice-pdf.ts';

/** The PDF's text, read back as a PDF reader would. */
async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(document, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}

const paidInvoice: InvoicePdfInput = {
  number: '1A2B3C4D-0007',
  provider: 'local',
  seats: 12,
  unitAmountCents: 500,
  amountDueCents: 6000,
  currency: 'usd',
  invoiceStatus: 'paid',
  billingEmail: 'billing@zoe-and-co.test',
  billingPeriodStart: '2026-01-31',
  billingPeriodEnd: '2026-02-28',
  dueDate: '2026-03-07',
  // 23:30 on Mar 1 in UTC is already Mar 2 in Auckland, the organisation's time zone.
  paidAt: new Date('2026-03-01T23:30:00Z'),
  orgName: 'Zoë & Co — Breathwork',
  timeZone: 'Pacific/Auckland',
};

describe('renderInvoicePdf', () => {
  it('writes a one-page PDF naming the organisation, period, seats and amount, in test mode', async () => {
    const pdf = await renderInvoicePdf(paidInvoice);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      'Invoice',
      'Number 1A2B3C4D-0007',
      TEST_MODE_LABEL,
      'Zoë & Co — Breathwork',
      'billing@zoe-and-co.test',
      'Billing period: Jan 31, 2026 – Feb 27, 2026',
      'Status: paid',
      'Due date: Mar 7, 2026',
      'Paid at: Mar 2, 2026',
      '12 seats × $5.00 per seat = $60.00',
      'Amount due: $60.00 USD',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('leaves out the test-mode label for Stripe, and shows an unpaid invoice as such', async () => {
    const { text } = await pdfText(
      await renderInvoicePdf({
        ...paidInvoice,
        provider: 'stripe',
        seats: 1,
        amountDueCents: 500,
        invoiceStatus: 'invoice sent',
        billingEmail: null,
        paidAt: null,
      }),
    );
    expect(text).not.toContain(TEST_MODE_LABEL);
    expect(text).toContain('Status: invoice sent');
    expect(text).toContain('Paid at: —');
    expect(text).toContain('1 seat × $5.00 per seat = $5.00');
  });
});
