import { useEffect, useSyncExternalStore } from 'react';
import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ROLE_HOME } from '@resonant/contracts/roles';
import type { SwitchBody, SwitchResponse } from '@resonant/contracts/switch';
import { apiClient } from './api-client.ts';
import { removeTenantQueries } from './query-keys.ts';
import { CURRENT_USER_QUERY_KEY, refetchCurrentUser, setCurrentUser } from './session.ts';

/** SPEC §9: the current user is refetched this long after a switch. */
const SWITCH_REFRESH_DELAY_MS = 1000;

const SWITCH_MUTATION_KEY = ['switch'] as const;

/** The delayed profile refetch of the last switch; a newer switch cancels it. */
let pendingRefetch: ReturnType<typeof setTimeout> | undefined;

/**
 * A switch that has answered but whose page the router may not show yet: React can commit the new
 * profile before the new route, and the page left behind must not see the new context meanwhile.
 */
type Transit = { from: string; to: string };
let transit: Transit | null = null;
const transitListeners = new Set<() => void>();

function setTransit(next: Transit | null): void {
  transit = next;
  for (const listener of transitListeners) listener();
}

function subscribeTransit(listener: () => void): () => void {
  transitListeners.add(listener);
  return () => transitListeners.delete(listener);
}

function useHere(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

function switchContext(body: SwitchBody): Promise<SwitchResponse> {
  return apiClient.post<SwitchResponse>('/switch', body);
}

type SwitchOptions = {
  /** Where to go once switched; by default the new area's home (SPEC §4). */
  to?: string;
};

/**
 * Switches org or group, then goes to that area's home (SPEC §4 "Switching org or group"). The
 * previous context's cached answers are dropped first, so none can be shown in the new one.
 */
export function useSwitchContext({ to }: SwitchOptions = {}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const here = useHere();
  return useMutation({
    mutationKey: SWITCH_MUTATION_KEY,
    // Switches from anywhere (switcher, Groups row, area offer) run one after another, so the
    // context the client ends in is the one the server applied last.
    scope: { id: 'switch' },
    mutationFn: switchContext,
    onSuccess: async (response, body) => {
      clearTimeout(pendingRefetch);
      // A profile fetch still under way may answer with the context being left; it must not land
      // after the new one.
      await queryClient.cancelQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      await removeTenantQueries(queryClient);
      const target = to ?? ROLE_HOME[body.currentUserType];
      setTransit({ from: here, to: target });
      // The answer already carries the new role; using it now keeps the area guards from
      // offering a switch back before the delayed refetch lands.
      setCurrentUser(response.user);
      void navigate(target);
      pendingRefetch = setTimeout(() => void refetchCurrentUser(), SWITCH_REFRESH_DELAY_MS);
    },
  });
}

/**
 * Whether a switch is under way: from the call until the router has left the page it started on.
 * The areas show no page meanwhile, so no page asks for its data in a context not its own.
 */
export function useSwitchInProgress(): boolean {
  const mutating = useIsMutating({ mutationKey: SWITCH_MUTATION_KEY }) > 0;
  const current = useSyncExternalStore(subscribeTransit, () => transit);
  const here = useHere();
  const leaving = current !== null && here === current.from && here !== current.to;
  useEffect(() => {
    if (current && !mutating && !leaving) setTransit(null);
  }, [current, mutating, leaving]);
  return mutating || leaving;
}
