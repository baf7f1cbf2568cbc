import type { LocalCardBody, LocalPaymentMethodResponse } from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * Test mode's stand-in for the card provider's browser SDK (POST
 * /api/billing/local/payment_methods): makes a payment method of a test card, which attaching
 * then saves for the organisation. Used as the first step of adding a card (attach-payment-method).
 */
export async function createLocalPaymentMethod(card: LocalCardBody): Promise<string> {
  const { id } = await apiClient.post<LocalPaymentMethodResponse>(
    '/billing/local/payment_methods',
    card,
  );
  return id;
}
