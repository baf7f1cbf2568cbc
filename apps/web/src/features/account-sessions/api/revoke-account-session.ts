import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '@resonant/contracts/account-sessions';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { endSession } from '../../../lib/session.ts';
import { accountSessionsKeys } from './query-keys.ts';

function revokeAccountSession(session: AccountSession): Promise<void> {
  return apiClient.delete<void>(`/user/sessions/${encodeURIComponent(session.id)}`);
}

/** DELETE /api/user/sessions/{sessionId}: that device is signed out; the list is read again. */
export function useRevokeAccountSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccountSession,
    onSuccess: (_answer, session) => {
      // This very device: its session is over here too.
      if (session.current) endSession();
      else showSuccess('The device was signed out');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKeys.list }),
  });
}
