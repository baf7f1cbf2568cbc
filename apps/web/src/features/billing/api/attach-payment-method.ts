import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADD_CARD_FAILED_MESSAGE,
  CARD_ADDED_MESSAGE,
  CARD_CREATION_FAILED_MESSAGE,
  DEFAULT_METHOD_CLEARED_MESSAGE,
  DEFAULT_METHOD_FAILED_MESSAGE,
  DEFAULT_METHOD_UPDATED_MESSAGE,
  type AttachMethodBody,
  type BillingMessageResponse,
} from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { CardNotAddedError, withMessage } from '../billing-settings-errors.ts';
import { billingSettingsKeys } from './billing-settings-keys.ts';

function attachPaymentMethod(body: AttachMethodBody): Promise<BillingMessageResponse> {
  return apiClient.post<BillingMessageResponse>('/org/attach_billing_method', body);
}

type AddCardRequest = {
  /** Makes the payment method at the card provider (Stripe.js, or test mode's call); its id. */
  createMethod: () => Promise<string>;
  setAsDefault: boolean;
};

/**
 * Adds a card in two steps: the provider makes the payment method, then POST
 * /api/org/attach_billing_method saves it for the organisation (default when asked, or when it is
 * the first). Each step's failure toasts its SPEC §8 message and keeps the reason for the dialog.
 */
async function addCard({ createMethod, setAsDefault }: AddCardRequest) {
  let methodId: string;
  try {
    methodId = await createMethod();
  } catch (error) {
    throw new CardNotAddedError(CARD_CREATION_FAILED_MESSAGE, error);
  }
  try {
    return await attachPaymentMethod({ method_id: methodId, set_as_default: setAsDefault });
  } catch (error) {
    throw new CardNotAddedError(ADD_CARD_FAILED_MESSAGE, error);
  }
}

/** The Add card dialog's save: 'Card added successfully.' and a fresh list. */
export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCard,
    onSuccess: async () => {
      showSuccess(CARD_ADDED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: billingSettingsKeys.methods });
    },
  });
}

type DefaultChange = { methodId: string; makeDefault: boolean };

/** A failure toasts SPEC §8's 'Failed to update default method.'. */
async function changeDefault({ methodId, makeDefault }: DefaultChange) {
  try {
    return await attachPaymentMethod({ method_id: methodId, set_as_default: makeDefault });
  } catch (error) {
    throw withMessage(error, DEFAULT_METHOD_FAILED_MESSAGE);
  }
}

/**
 * The default toggle of a saved card (SPEC §4): on makes it the default, off on the current
 * default clears it, both through POST /api/org/attach_billing_method.
 */
export function useChangeDefaultMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeDefault,
    onSuccess: async (_response, { makeDefault }) => {
      showSuccess(makeDefault ? DEFAULT_METHOD_UPDATED_MESSAGE : DEFAULT_METHOD_CLEARED_MESSAGE);
      await queryClient.invalidateQueries({ queryKey: billingSettingsKeys.methods });
    },
  });
}
