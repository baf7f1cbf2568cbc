import { afterEach, describe, expect, it } from 'vitest';
import { AttachMethodBody, formatBillingDay, formatBillingPeriod } from './billing.ts';

describe('formatBillingDay', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each(['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Pacific/Pago_Pago'])(
    'shows a day as MMM D, YYYY, that very day, on a machine in %s',
    (timeZone) => {
      process.env.TZ = timeZone;
      expect(formatBillingDay('2026-03-05')).toBe('Mar 5, 2026');
      expect(formatBillingDay('2025-12-31')).toBe('Dec 31, 2025');
      expect(formatBillingDay('2028-02-29')).toBe('Feb 29, 2028');
    },
  );
});

describe('formatBillingPeriod', () => {
  it('shows the last day of the period, the day before the exclusive end', () => {
    expect(formatBillingPeriod('2026-01-31', '2026-02-28')).toBe('Jan 31, 2026 – Feb 27, 2026');
    expect(formatBillingPeriod('2026-12-05', '2027-01-05')).toBe('Dec 5, 2026 – Jan 4, 2027');
    expect(formatBillingPeriod('2028-02-01', '2028-03-01')).toBe('Feb 1, 2028 – Feb 29, 2028');
  });
});

describe('AttachMethodBody', () => {
  it('leaves the default alone unless set_as_default is sent', () => {
    expect(AttachMethodBody.parse({ method_id: 'pm_123' })).toEqual({ method_id: 'pm_123' });
    expect(AttachMethodBody.parse({ method_id: 'pm_123', set_as_default: false })).toEqual({
      method_id: 'pm_123',
      set_as_default: false,
    });
  });
});
