import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BILLING_UPDATED_MESSAGE,
  BILLING_UPDATE_FAILED_MESSAGE,
  UpdateBillingDetailsBody,
  type BillingMessageResponse,
  type OrgDetailsResponse,
} from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext } from '../../../lib/current-context.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { withFallbackMessage } from '../billing-settings-errors.ts';
import { orgDetailsQueryOptions } from './get-org-details.ts';

/** A refusal toasts the server's message, anything else SPEC §8's fallback. */
async function updateBillingDetails(
  body: UpdateBillingDetailsBody,
): Promise<BillingMessageResponse> {
  try {
    return await apiClient.put<BillingMessageResponse>('/org/update_org_billing_details', body);
  } catch (error) {
    throw withFallbackMessage(error, BILLING_UPDATE_FAILED_MESSAGE);
  }
}

/**
 * Saves the billing email (PUT /api/org/update_org_billing_details). The saved address is put in
 * the cached details at once, so the form holds it as its loaded value before the refetch.
 */
export function useUpdateBillingDetails() {
  const queryClient = useQueryClient();
  const context = useCurrentContext();
  return useMutation({
    mutationFn: updateBillingDetails,
    onSuccess: async (_response, body) => {
      showSuccess(BILLING_UPDATED_MESSAGE);
      const { queryKey } = orgDetailsQueryOptions(context);
      const saved = UpdateBillingDetailsBody.parse(body).billing_email;
      queryClient.setQueryData<OrgDetailsResponse>(queryKey, (details) =>
        details ? { ...details, billing_email: saved } : details,
      );
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
