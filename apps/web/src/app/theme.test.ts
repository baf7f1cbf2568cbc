import { DEFAULT_THEME, luminance, toRgba } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DIMMED, PLACEHOLDER } from '../lib/text-colours.ts';
import { PALETTE_INK, theme } from './theme.ts';

/** WCAG 2.2's contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Mantine's light-variant background: shade 7 at 10% over white, as the page paints it. */
function lightTint(palette: string): string {
  const shade = (theme.colors?.[palette] ?? DEFAULT_THEME.colors[palette])![7];
  const { r, g, b } = toRgba(shade);
  const over = (channel: number) => Math.round(channel * 0.1 + 255 * 0.9);
  return `rgb(${over(r)}, ${over(g)}, ${over(b)})`;
}

const WHITE = '#ffffff';
const AA_TEXT = 4.5;

describe('the theme meets WCAG AA contrast', () => {
  it('has an ink for every palette, the brand one included', () => {
    const palettes = [...Object.keys(DEFAULT_THEME.colors), ...Object.keys(theme.colors ?? {})];
    expect(Object.keys(PALETTE_INK).sort()).toEqual([...new Set(palettes)].sort());
  });

  it.each(Object.entries(PALETTE_INK))(
    '%s ink (%s) reads on white, under white and on its light tint',
    (palette, ink) => {
      expect(contrast(ink, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(ink, lightTint(palette))).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );

  it('dims secondary text and placeholders no further than AA allows', () => {
    const [gray0, gray1] = DEFAULT_THEME.colors.gray;
    for (const background of [WHITE, gray0!, gray1!]) {
      expect(contrast(DIMMED, background)).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(contrast(PLACEHOLDER, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
