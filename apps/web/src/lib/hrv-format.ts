/** Shown wherever a figure is missing (no readings in that window). */
export const NO_VALUE = '—';

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(digits: number, locale: string | undefined): Intl.NumberFormat {
  const key = `${locale ?? ''}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    numberFormats.set(key, format);
  }
  return format;
}

/** A metric in the user's locale with a fixed number of decimals (1 for ms), or '—'. */
export function formatMetric(
  value: number | null | undefined,
  digits = 1,
  locale?: string,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return numberFormat(digits, locale).format(value);
}

/** An RMSSD-type figure with its unit ("54.3 ms"), or '—' alone. */
export function formatMs(value: number | null | undefined, locale?: string): string {
  const text = formatMetric(value, 1, locale);
  return text === NO_VALUE ? text : `${text} ms`;
}

/** A moment as date and time in the user's locale and time zone, or '—'. */
export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return NO_VALUE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NO_VALUE;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A day in the user's locale and time zone ("Jun 8, 2025" in en-US), or '—'. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return NO_VALUE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NO_VALUE;
  return date.toLocaleDateString(locale, { dateStyle: 'medium' });
}
