import { createTheme } from '@mantine/core';
import type { MantineColorsTuple } from '@mantine/core';

// A calm teal; shade 7 is the primary so white text on it stays above 4.5:1 contrast.
const resonant: MantineColorsTuple = [
  '#f0fdfa',
  '#ccfbf1',
  '#99f6e4',
  '#5eead4',
  '#2dd4bf',
  '#14b8a6',
  '#0d9488',
  '#0f766e',
  '#115e59',
  '#134e4a',
];

const fontFamily =
  "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'resonant',
  primaryShade: { light: 7, dark: 5 },
  colors: { resonant },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
});
