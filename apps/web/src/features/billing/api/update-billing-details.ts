import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  BILLING_UPDATED_MESSAGE,
  BILLING_UPDATE_FAILED_MESSAGE,
  type BillingMessageResponse,
  type OrgDetailsResponse,
  type UpdateBillingDetailsBody,
} from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext } from '../../../lib/current-context.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { withFallbackMessage } from '../billing-settings-errors.ts';
import { orgDetailsQueryOptions } from './get-org-details.ts';

/** The body as UpdateBillingDetailsBody parsed it (the address trimmed and in lower case). */
type ParsedBillingDetails = z.output<typeof UpdateBillingDetailsBody>;

/** A refusal toasts the server's message, anything else SPEC §8's fallback. */
async function updateBillingDetails(body: ParsedBillingDetails): Promise<BillingMessageResponse> {
  try {
    return await apiClient.put<BillingMessageResponse>('/org/update_org_billing_details', body);
  } catch (error) {
    throw withFallbackMessage(error, BILLING_UPDATE_FAILED_MESSAGE);
  }
}

/**
 * Saves the billing email (PUT /api/org/update_org_billing_details), given as the form parsed it.
 * The saved address is put in the cached details at once, so the form holds it as its loaded
 * value before the refetch.
 */
export function useUpdateBillingDetails() {
  const queryClient = useQueryClient();
  const context = useCurrentContext();
  return useMutation({
    mutationFn: updateBillingDetails,
    onSuccess: async (_response, { billing_email }) => {
      showSuccess(BILLING_UPDATED_MESSAGE);
      const { queryKey } = orgDetailsQueryOptions(context);
      queryClient.setQueryData<OrgDetailsResponse>(queryKey, (details) =>
        details ? { ...details, billing_email } : details,
      );
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
