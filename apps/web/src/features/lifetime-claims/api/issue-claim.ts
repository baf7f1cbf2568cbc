import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimIssuedResponse, IssueClaimBody } from '@resonant/contracts/lifetime-claims';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { lifetimeClaimsKeys } from './query-keys.ts';

function issueClaim(body: IssueClaimBody): Promise<ClaimIssuedResponse> {
  return apiClient.post<ClaimIssuedResponse>('/admin/lifetime-claims', body);
}

/** POST /api/admin/lifetime-claims; failures toast the server's message (query client). */
export function useIssueClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueClaim,
    onSuccess: (response) => {
      showSuccess(response.message);
      return queryClient.invalidateQueries({ queryKey: lifetimeClaimsKeys.all });
    },
  });
}
