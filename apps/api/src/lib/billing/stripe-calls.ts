import Stripe from 'stripe';
import { PaymentProviderError } from './payment-provider-error.ts';

// Stripe answers an unknown id with 404 `resource_missing`: for us that is "no such object".
export const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.code === 'resource_missing';

/** Stripe's answer, or null for an id it does not know. */
export async function unlessMissing<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * One provider call where whatever Stripe answered that the call did not handle itself (a wrong
 * key, a rate limit, an outage, a request refused) becomes a 502 PaymentProviderError: Stripe's
 * status and words never reach the user (a 401 would sign them out), only the log.
 */
export const guarded =
  <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await call(...args);
    } catch (error) {
      throw error instanceof Stripe.errors.StripeError ? new PaymentProviderError(error) : error;
    }
  };
