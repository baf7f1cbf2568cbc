import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LeaveOrganizationResponse,
  MyOrganization,
} from '@resonant/contracts/my-organizations';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { refreshMemberships } from '../../../lib/orgs-and-groups.ts';
import { removeTenantQueries } from '../../../lib/query-keys.ts';
import { myOrganizationsKeys } from './query-keys.ts';

function leaveOrganization(org: MyOrganization): Promise<LeaveOrganizationResponse> {
  return apiClient.delete<LeaveOrganizationResponse>(
    `/user/organizations/${encodeURIComponent(org.org_id)}/membership`,
  );
}

/**
 * DELETE /api/user/organizations/{orgId}/membership. The organisation's cached answers go, and the
 * profile and switcher are read again: the context may have fallen back to another organisation.
 */
export function useLeaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveOrganization,
    onSuccess: async (_answer, org) => {
      showSuccess(`You left ${org.org_name}`);
      await removeTenantQueries(queryClient);
      await refreshMemberships(queryClient);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myOrganizationsKeys.list }),
  });
}
