/**
 * The theme's greys for secondary text, as plain values for what CSS variables cannot reach (a
 * chart's canvas). Decision 0031 gives their ratios.
 */

/** Secondary text (`c="dimmed"`, axis labels): 5.2:1 on white, 4.7:1 on gray-1 (hovered rows). */
export const DIMMED = '#666d75';
/** Placeholders: 4.7:1 on an input's white, lighter than typed text so the two stay apart. */
export const PLACEHOLDER = '#6c757d';
