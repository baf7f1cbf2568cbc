import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MySession, UpdateMySessionBody } from '@resonant/contracts/my-sessions';
import { apiClient } from '../../../lib/api-client.ts';
import { MY_SESSIONS_KEY } from '../../../lib/query-keys.ts';

type UpdateRequest = { sessionId: string; body: UpdateMySessionBody };

function updateMySession({ sessionId, body }: UpdateRequest): Promise<MySession> {
  return apiClient.patch<MySession>(`/v1/sessions/${encodeURIComponent(sessionId)}`, body);
}

/** PATCH /api/v1/sessions/{sessionId}: the tags and note; the lists and the session reload. */
export function useUpdateMySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMySession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_SESSIONS_KEY }),
  });
}
