import { describe, expect, it } from 'vitest';
import { countryOfLocale, countryOptions } from './payment-method-countries.ts';

describe('countryOptions', () => {
  it('offers every ISO 3166-1 country once, by name, sorted', () => {
    const options = countryOptions('en');
    expect(options).toHaveLength(249);
    expect(new Set(options.map((option) => option.value)).size).toBe(249);
    expect(options.find((option) => option.value === 'US')?.label).toBe('United States');
    const labels = options.map((option) => option.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('en').compare));
  });
});

describe('countryOfLocale', () => {
  it("picks the locale's country, or the likely one for a bare language", () => {
    expect(countryOfLocale('en-GB')).toBe('GB');
    expect(countryOfLocale('de')).toBe('DE');
  });

  it('picks nothing for a region that is not a country or a bad locale', () => {
    expect(countryOfLocale('es-419')).toBeNull();
    expect(countryOfLocale('not a locale')).toBeNull();
    expect(countryOfLocale(undefined)).toBeNull();
  });
});
