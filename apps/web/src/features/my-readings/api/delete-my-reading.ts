import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { myReadingsKeys } from './query-keys.ts';

/** DELETE /api/v1/readings/{id}: gone for good; the list is read again. */
export function useDeleteMyReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`/v1/readings/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: myReadingsKeys.one(id) });
      showSuccess('The reading was deleted');
      return queryClient.invalidateQueries({ queryKey: myReadingsKeys.all });
    },
  });
}
