import { useQuery } from '@tanstack/react-query';
import { useCurrentContext } from '../../../lib/current-context.ts';
import { getOrgMembers } from '../../../lib/org-members.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/** The members a report can pick: the org admin's organisation, the group admin's group. */
export function useReportMembers() {
  const context = useCurrentContext();
  return useQuery({
    queryKey: tenantKey(context, 'reports', 'members'),
    queryFn: () => getOrgMembers({}),
    enabled: context !== null,
  });
}
