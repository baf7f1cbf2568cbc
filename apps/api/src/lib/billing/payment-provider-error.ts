import { PAYMENT_PROVIDER_ERROR_MESSAGE } from '@resonant/contracts/billing';
import { HttpError } from '../http-error.ts';

/**
 * The payment provider failed or did not answer (a wrong key, an outage, a rate limit, a request
 * it refused): a 502 with one message the user can act on. The provider's own error, which may
 * name the key or the customer, is the `cause`: logged, never answered.
 */
export class PaymentProviderError extends HttpError {
  constructor(cause: unknown) {
    super(502, PAYMENT_PROVIDER_ERROR_MESSAGE);
    this.name = 'PaymentProviderError';
    this.cause = cause;
  }
}
