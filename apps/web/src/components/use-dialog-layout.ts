import { useMediaQuery } from '@mantine/hooks';

/** Dialogs fill a phone screen (up to Mantine's xs breakpoint) and float on larger ones. */
export function useFullScreenDialog(): boolean {
  return useMediaQuery('(max-width: 36em)') ?? false;
}
