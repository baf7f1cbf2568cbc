import PDFDocument from 'pdfkit';
import {
  formatBillingDay,
  formatBillingPeriod,
  formatCents,
  TEST_MODE_LABEL,
} from '@resonant/contracts/billing';
import type { invoices } from '../../db/schema/billing.ts';

/** What the PDF shows: an invoice row as stored, with its organisation's name and time zone. */
export type InvoicePdfInput = Pick<
  typeof invoices.$inferSelect,
  | 'number'
  | 'provider'
  | 'seats'
  | 'unitAmountCents'
  | 'amountDueCents'
  | 'currency'
  | 'invoiceStatus'
  | 'billingEmail'
  | 'billingPeriodStart'
  | 'billingPeriodEnd'
  | 'dueDate'
  | 'paidAt'
> & { orgName: string; timeZone: string };

/** SPEC §9: an instant as MMM D, YYYY, the day it was in the organisation's time zone. */
const formatInstantDay = (instant: Date, timeZone: string) =>
  instant.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  });

const MARGIN = 56;
const MUTED = '#555555';

/**
 * The local provider's invoice as a one-page PDF (pdfkit; Stripe renders its own): who is billed,
 * the period, seats × unit price, the amount, status, due and paid dates, and in test mode the
 * label saying no money moved. Built in memory: an invoice is a few kilobytes.
 */
export function renderInvoicePdf(invoice: InvoicePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.number ?? ''}`, Author: 'Resonant' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(22).text('Invoice');
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(`Number ${invoice.number ?? ''}`);
  if (invoice.provider === 'local') {
    doc.moveDown(0.5).font('Helvetica-Bold').fillColor('#c92a2a').text(TEST_MODE_LABEL);
  }

  doc.moveDown().font('Helvetica-Bold').fillColor('black').text('Billed to');
  doc.font('Helvetica').text(invoice.orgName);
  if (invoice.billingEmail) doc.text(invoice.billingEmail);

  const rows: [string, string][] = [
    ['Billing period', formatBillingPeriod(invoice.billingPeriodStart, invoice.billingPeriodEnd)],
    ['Status', invoice.invoiceStatus],
    ['Due date', invoice.dueDate ? formatBillingDay(invoice.dueDate) : '—'],
    ['Paid at', invoice.paidAt ? formatInstantDay(invoice.paidAt, invoice.timeZone) : '—'],
  ];
  doc.moveDown();
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }

  const seats = `${invoice.seats} seat${invoice.seats === 1 ? '' : 's'}`;
  doc.moveDown().font('Helvetica-Bold').text('Seats');
  doc
    .font('Helvetica')
    .text(
      `${seats} × ${formatCents(invoice.unitAmountCents)} per seat = ${formatCents(invoice.amountDueCents)}`,
    );
  doc
    .moveDown()
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(`Amount due: ${formatCents(invoice.amountDueCents)} ${invoice.currency.toUpperCase()}`);
  doc.end();
  return done;
}
