import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReadingsQuery, MyReadingsResponse } from '@resonant/contracts/my-readings';
import { apiClient } from '../../../lib/api-client.ts';
import { myReadingsKeys } from './query-keys.ts';

/** The query string of the list and the CSV: only the filters that are set. */
export function myReadingsParams(query: MyReadingsQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  return params;
}

function getMyReadings(query: MyReadingsQuery): Promise<MyReadingsResponse> {
  return apiClient.get<MyReadingsResponse>(`/v1/readings?${myReadingsParams(query).toString()}`);
}

const myReadingsQueryOptions = (query: MyReadingsQuery) =>
  queryOptions({ queryKey: myReadingsKeys.list(query), queryFn: () => getMyReadings(query) });

/** A page of the person's own readings (GET /api/v1/readings); the last page stays while the next loads. */
export function useMyReadings(query: MyReadingsQuery) {
  return useQuery({ ...myReadingsQueryOptions(query), placeholderData: keepPreviousData });
}
