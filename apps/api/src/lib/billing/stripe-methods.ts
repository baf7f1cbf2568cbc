import Stripe from 'stripe';
import type { BillingProvider, ProviderPaymentMethod } from './billing-provider.ts';
import { CardDeclinedError } from './card-declined-error.ts';
import { guarded, isMissing, unlessMissing } from './stripe-calls.ts';

function methodOf(method: Stripe.PaymentMethod): ProviderPaymentMethod | null {
  // Only cards are offered (SPEC §3 Payment method); anything else is not ours to show.
  if (!method.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  const customer = method.customer;
  return {
    id: method.id,
    customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
    card: { brand, last4, expMonth, expYear },
  };
}

/** The organisation's saved cards at Stripe: attached to its customer, the default one first. */
export function stripeMethods(
  stripe: Stripe,
): Pick<
  BillingProvider,
  'attachMethod' | 'detachMethod' | 'setDefaultMethod' | 'retrievePaymentMethod'
> {
  return {
    attachMethod: guarded(async ({ customerId, methodId }) => {
      const method = await unlessMissing(stripe.paymentMethods.retrieve(methodId));
      if (!method) return null;
      if (method.customer) {
        // Attached already: ours when it is this customer's, never another organisation's.
        const attached = methodOf(method);
        return attached?.customerId === customerId ? attached : null;
      }
      try {
        return methodOf(await stripe.paymentMethods.attach(methodId, { customer: customerId }));
      } catch (error) {
        // Stripe checks a card when it is attached; a decline here means the card is not saved.
        if (error instanceof Stripe.errors.StripeCardError)
          throw new CardDeclinedError(error.message);
        throw error;
      }
    }),

    detachMethod: guarded(async (methodId) => {
      try {
        await stripe.paymentMethods.detach(methodId);
      } catch (error) {
        // Gone already (removed twice, or detached at Stripe): the outcome asked for.
        if (isMissing(error)) return;
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const method = await stripe.paymentMethods.retrieve(methodId);
          if (!method.customer) return;
        }
        throw error;
      }
    }),

    setDefaultMethod: guarded(async (customerId, methodId) => {
      // An empty value is how Stripe clears a field.
      await stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: methodId ?? '' },
      });
    }),

    retrievePaymentMethod: guarded(async (methodId) => {
      const method = await unlessMissing(stripe.paymentMethods.retrieve(methodId));
      return method ? methodOf(method) : null;
    }),
  };
}
