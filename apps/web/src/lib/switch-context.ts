import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ROLE_HOME } from '@resonant/contracts/roles';
import type { SwitchBody, SwitchResponse } from '@resonant/contracts/switch';
import { apiClient } from './api-client.ts';
import { refetchCurrentUser, setCurrentUser } from './session.ts';

/** SPEC §9: the current user is refetched this long after a switch. */
export const SWITCH_REFRESH_DELAY_MS = 1000;

export function switchContext(body: SwitchBody): Promise<SwitchResponse> {
  return apiClient.post<SwitchResponse>('/switch', body);
}

/** Switches org or group, then goes to that area's home (SPEC §4 "Switching org or group"). */
export function useSwitchContext() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: switchContext,
    onSuccess: (response, body) => {
      navigate(ROLE_HOME[body.currentUserType]);
      // The answer already carries the new role; using it now keeps the area guards from
      // bouncing the user back before the delayed refetch lands.
      setCurrentUser(response.user);
      setTimeout(() => void refetchCurrentUser(), SWITCH_REFRESH_DELAY_MS);
    },
  });
}
