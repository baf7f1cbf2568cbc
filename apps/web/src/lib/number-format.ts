const UNITS: [number, string][] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** Three significant figures at most: "1.3", "25.4", "250". */
const shortFigure = (scaled: number) =>
  Math.abs(scaled) >= 100 ? Math.round(scaled) : Number(scaled.toFixed(1));

/** SPEC §9 number abbreviations K, M, B, T ("1.3K", "250K", "3.4M"). */
export function abbreviate(value: number): string {
  for (const [index, [size, unit]] of UNITS.entries()) {
    if (Math.abs(value) < size) continue;
    const figure = shortFigure(value / size);
    // 999,950 rounds to 1000K: say 1M instead.
    const bigger = UNITS[index - 1];
    if (Math.abs(figure) >= 1000 && bigger) return `${shortFigure(value / bigger[0])}${bigger[1]}`;
    return `${figure}${unit}`;
  }
  return String(value);
}

/** Counts below this are written out in full; from here on they are abbreviated. */
const ABBREVIATE_FROM = 100_000;

const countFormats = new Map<string, Intl.NumberFormat>();

/**
 * A count as a table shows it: in full with the locale's grouping while it is short ("12,345"),
 * abbreviated (SPEC §9) once it has six digits or more ("123K", "4.6M").
 */
export function formatCount(value: number, locale?: string): string {
  if (Math.abs(value) >= ABBREVIATE_FROM) return abbreviate(value);
  const key = locale ?? '';
  let format = countFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    countFormats.set(key, format);
  }
  return format.format(value);
}
