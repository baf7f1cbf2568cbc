import { describe, expect, it } from 'vitest';
import { NO_VALUE } from '../../lib/hrv-format.ts';
import {
  formatPaidAt,
  invoiceAction,
  invoiceStatusLabel,
  optionalBillingDay,
  seatsTimesPrice,
} from './invoice-display.ts';

const urls = {
  invoice_url: 'https://pay.example/in_1',
  hosted_invoice_pdf: 'https://pay.example/in_1.pdf',
};

describe('invoiceAction', () => {
  it('offers the PDF of a paid invoice and Pay Now for one still to pay', () => {
    expect(invoiceAction({ ...urls, invoice_status: 'paid' }, 'org')).toEqual({
      kind: 'download',
      url: urls.hosted_invoice_pdf,
    });
    for (const status of ['invoice sent', 'failed']) {
      expect(invoiceAction({ ...urls, invoice_status: status }, 'org')).toEqual({
        kind: 'pay',
        url: urls.invoice_url,
      });
    }
  });

  it('always offers the PDF to the app admin', () => {
    for (const status of ['paid', 'invoice sent', 'failed', 'void']) {
      expect(invoiceAction({ ...urls, invoice_status: status }, 'admin').kind).toBe('download');
    }
  });

  it('offers nothing to pay on a void invoice', () => {
    expect(invoiceAction({ ...urls, invoice_status: 'void' }, 'org').kind).toBe('download');
  });

  it('passes a missing URL on, so the action shows as unavailable', () => {
    expect(
      invoiceAction(
        { invoice_status: 'failed', invoice_url: null, hosted_invoice_pdf: 'x' },
        'org',
      ),
    ).toEqual({ kind: 'pay', url: null });
    expect(
      invoiceAction({ invoice_status: 'paid', invoice_url: 'x', hosted_invoice_pdf: null }, 'org'),
    ).toEqual({ kind: 'download', url: null });
  });
});

describe('invoice text', () => {
  it('reads a status with a capital first letter', () => {
    expect(invoiceStatusLabel('invoice sent')).toBe('Invoice sent');
    expect(invoiceStatusLabel('paid')).toBe('Paid');
    expect(invoiceStatusLabel('')).toBe('');
  });

  it('says what the amount is made of', () => {
    expect(seatsTimesPrice(12, 1000)).toBe('12 × $10.00');
    expect(seatsTimesPrice(0, 1250)).toBe('0 × $12.50');
  });
});

describe('optionalBillingDay', () => {
  it('shows a due date as MMM D, YYYY, and a missing one as a dash', () => {
    expect(optionalBillingDay('2026-03-05')).toBe('Mar 5, 2026');
    expect(optionalBillingDay(null)).toBe(NO_VALUE);
  });
});

describe('formatPaidAt', () => {
  it('shows an instant on the viewer calendar as MMM D, YYYY', () => {
    const noon = new Date(2026, 0, 9, 12, 0, 0).toISOString();
    expect(formatPaidAt(noon)).toBe('Jan 9, 2026');
  });

  it('shows a dash when there is no date', () => {
    expect(formatPaidAt(null)).toBe(NO_VALUE);
    expect(formatPaidAt('')).toBe(NO_VALUE);
    expect(formatPaidAt('not a date')).toBe(NO_VALUE);
  });
});
