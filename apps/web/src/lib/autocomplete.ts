/** SPEC §5 / §9 "Autocomplete": every search-as-you-type waits 500 ms after the last keystroke. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;
