import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_METHOD_REMOVED_MESSAGE,
  REMOVE_METHOD_FAILED_MESSAGE,
  type BillingMessageResponse,
  type RemoveMethodBody,
} from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { withMessage } from '../billing-settings-errors.ts';
import { billingSettingsKeys } from './billing-settings-keys.ts';

/** A failure toasts SPEC §8's 'Failed to remove payment method.'. */
async function removePaymentMethod(body: RemoveMethodBody): Promise<BillingMessageResponse> {
  try {
    return await apiClient.post<BillingMessageResponse>('/org/remove_payment_method', body);
  } catch (error) {
    throw withMessage(error, REMOVE_METHOD_FAILED_MESSAGE);
  }
}

/** Removes a saved card (POST /api/org/remove_payment_method); removing the default clears it. */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentMethod,
    onSuccess: async () => {
      showSuccess(PAYMENT_METHOD_REMOVED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: billingSettingsKeys.methods });
    },
  });
}
