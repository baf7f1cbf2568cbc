import type { MyReadingsQuery } from '@resonant/contracts/my-readings';
import { MY_READINGS_KEY } from '../../../lib/query-keys.ts';

/** The person's own readings: not an organisation's answer, so no tenantKey. */
export const myReadingsKeys = {
  all: MY_READINGS_KEY,
  list: (query: MyReadingsQuery) => [...MY_READINGS_KEY, 'list', query] as const,
  one: (id: string) => [...MY_READINGS_KEY, 'one', id] as const,
};
