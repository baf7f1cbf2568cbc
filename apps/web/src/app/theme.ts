import { createTheme, darken, rem } from '@mantine/core';
import type {
  CSSVariablesResolver,
  MantineColorsTuple,
  MantineThemeComponents,
} from '@mantine/core';
import { DIMMED, PLACEHOLDER } from '../lib/text-colours.ts';

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

/**
 * The ink of each palette: the colour Mantine uses for its text (`c="red"`), light variants
 * (badges, light buttons, theme icons), outlines and filled backgrounds. Mantine takes shade 7 of
 * every palette for these; for most of its palettes that is below WCAG AA, so each ink is the
 * lightest shade of its own palette (or, for orange, yellow, green, teal and lime, whose palettes
 * have none, a darker tone of the same hue) that reads at 4.5:1 or more on white and on the
 * palette's own light tint, and carries white text at 4.5:1 when filled. Ratios: decision 0031.
 */
export const PALETTE_INK: Record<string, string> = {
  resonant: resonant[7],
  dark: '#242424',
  gray: '#495057',
  red: '#c92a2a',
  pink: '#c2255c',
  grape: '#9c36b5',
  violet: '#7048e8',
  indigo: '#3b5bdb',
  blue: '#1864ab',
  cyan: '#0b7285',
  teal: '#077350',
  green: '#237a36',
  lime: '#476f0a',
  yellow: '#995700',
  orange: '#b53d0a',
};

const PAGINATION_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/**
 * Choices are ARIA 1.2 comboboxes: the input says so and whether its list is open, and the listbox
 * it controls scrolls itself rather than through a ScrollArea inside it. A screen reader then
 * announces a choice as one, and the listbox, scrolled with the arrow keys from the input, is not a
 * scrolling region the keyboard cannot reach (WCAG 4.1.2 and 2.1.1).
 */
const comboboxChoice = {
  defaultProps: { role: 'combobox', withScrollArea: false },
  styles: { options: { maxHeight: rem(240), overflowY: 'auto' as const } },
};
const withExpanded = { defaultProps: { withExpandedAttribute: true } };
/**
 * A list's message in place of options ('Type at least 3 characters', 'Nothing found') stands in
 * the listbox as an option that cannot be chosen: a listbox may hold only options and groups.
 */
const emptyAsOption = { defaultProps: { role: 'option', 'aria-disabled': true } };

/**
 * Calendars without Mantine's red weekends (its shade 6, 3.3:1) and half-transparent days of the
 * months around (2:1): both below AA, and neither needed to pick a date.
 */
const readableCalendar = { defaultProps: { hideOutsideDates: true, weekendDays: [] } };

function inkVariables(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, ink] of Object.entries(PALETTE_INK)) {
    variables[`--mantine-color-${name}-text`] = ink;
    variables[`--mantine-color-${name}-light-color`] = ink;
    variables[`--mantine-color-${name}-outline`] = ink;
    variables[`--mantine-color-${name}-filled`] = ink;
    variables[`--mantine-color-${name}-filled-hover`] = darken(ink, 0.12);
  }
  return variables;
}

/**
 * Merged over Mantine's own variables: the inks above and AA-contrast greys for the light scheme,
 * the only one the app uses (decision 0031).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...inkVariables(),
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-placeholder': PLACEHOLDER,
    '--mantine-color-error': PALETTE_INK.red!,
  },
  dark: {},
});

/**
 * Component defaults, keyed by name rather than with `Menu.extend(...)` and the like, so the theme
 * (in the first page load) imports none of these components.
 */
const components: MantineThemeComponents = {
  // Mantine's own icon-only controls carry no name; these give them one wherever they appear.
  Pagination: {
    defaultProps: {
      getControlProps: (control: keyof typeof PAGINATION_NAMES) => ({
        'aria-label': PAGINATION_NAMES[control],
      }),
    },
  },
  Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  FileInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear the chosen file' } } },
  // The placeholder Mantine puts first in a menu to catch the focus is a focusable div, which a
  // role="menu" may not hold (only items, groups and separators); without it, opening a menu
  // focuses its first item, as the ARIA menu pattern has it.
  Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  Select: comboboxChoice,
  MultiSelect: comboboxChoice,
  ComboboxTarget: withExpanded,
  ComboboxEventsTarget: withExpanded,
  ComboboxEmpty: emptyAsOption,
  DateInput: readableCalendar,
  DatePickerInput: readableCalendar,
};

export const theme = createTheme({
  primaryColor: 'resonant',
  primaryShade: { light: 7, dark: 5 },
  colors: { resonant },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // Someone who asked their system for less motion gets dialogs, menus and toasts without
  // animation (WCAG 2.3.3).
  respectReducedMotion: true,
  components,
});
