import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyReading, UpdateMyReadingBody } from '@resonant/contracts/my-readings';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { myReadingsKeys } from './query-keys.ts';

/** PATCH /api/v1/readings/{id}: new tags and note; the reading and the list are read again. */
export function useUpdateMyReading(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMyReadingBody) =>
      apiClient.patch<MyReading>(`/v1/readings/${encodeURIComponent(id)}`, body),
    onSuccess: (reading) => {
      queryClient.setQueryData(myReadingsKeys.one(id), reading);
      showSuccess('The reading was saved');
      return queryClient.invalidateQueries({ queryKey: myReadingsKeys.all });
    },
  });
}
