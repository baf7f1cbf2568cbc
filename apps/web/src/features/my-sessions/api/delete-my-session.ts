import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { MY_SESSIONS_KEY } from '../../../lib/query-keys.ts';

function deleteMySession(sessionId: string): Promise<void> {
  return apiClient.delete<void>(`/v1/sessions/${encodeURIComponent(sessionId)}`);
}

/** DELETE /api/v1/sessions/{sessionId}; the lists reload without it. */
export function useDeleteMySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMySession,
    onSuccess: (_answer, sessionId) => {
      queryClient.removeQueries({ queryKey: [...MY_SESSIONS_KEY, 'one', sessionId] });
      return queryClient.invalidateQueries({ queryKey: [...MY_SESSIONS_KEY, 'list'] });
    },
  });
}
