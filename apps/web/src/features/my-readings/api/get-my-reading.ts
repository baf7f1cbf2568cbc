import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReading } from '@resonant/contracts/my-readings';
import { apiClient } from '../../../lib/api-client.ts';
import { myReadingsKeys } from './query-keys.ts';

function getMyReading(id: string): Promise<MyReading> {
  return apiClient.get<MyReading>(`/v1/readings/${encodeURIComponent(id)}`);
}

const myReadingQueryOptions = (id: string) =>
  queryOptions({ queryKey: myReadingsKeys.one(id), queryFn: () => getMyReading(id) });

/** One of the person's readings with every metric (GET /api/v1/readings/{id}); none while closed. */
export function useMyReading(id: string | null) {
  return useQuery({ ...myReadingQueryOptions(id ?? ''), enabled: id !== null });
}
