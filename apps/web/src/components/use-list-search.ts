import { useDeferredValue, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

const SEARCH_DEBOUNCE_MS = 300;

/** The search box's text; typing starts the list again at its first page. */
function useSearchBox(resetPage: () => void) {
  const [value, setValue] = useState('');
  return {
    value,
    onChange: (text: string) => {
      setValue(text);
      resetPage();
    },
  };
}

/**
 * The search of a list the server searches: `box` for the search box, and `term`, trimmed, once
 * typing pauses, so each key press does not fetch.
 */
export function useServerSearch(resetPage: () => void) {
  const box = useSearchBox(resetPage);
  const [term] = useDebouncedValue(box.value.trim(), SEARCH_DEBOUNCE_MS);
  return { box, term };
}

/**
 * The search of a list that holds every row: `box` for the search box, and `term`, deferred, so
 * the box stays responsive while a long list filters.
 */
export function useInPlaceSearch(resetPage: () => void) {
  const box = useSearchBox(resetPage);
  return { box, term: useDeferredValue(box.value) };
}
