import Stripe from 'stripe';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { localBillingProvider, type LocalBillingProvider } from './local-provider.ts';
import { stripeBillingProvider, type StripeBillingProvider } from './stripe-provider.ts';

/** Either provider; `name` tells them apart (only the local one takes typed test cards). */
export type ConfiguredBillingProvider = LocalBillingProvider | StripeBillingProvider;

type BillingConfig = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL' | 'PUBLIC_URL'>;

/** Where the SDK sends its calls: STRIPE_API_URL's protocol, host and port, else Stripe's API. */
function stripeEndpoint(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
  };
}

/** Stripe when STRIPE_SECRET_KEY is set (DESIGN §1 "Payments"), the built-in test mode otherwise. */
export function createBillingProvider(
  config: BillingConfig,
  db: Database,
  clock: Clock,
): ConfiguredBillingProvider {
  if (config.STRIPE_SECRET_KEY) {
    return stripeBillingProvider(
      new Stripe(config.STRIPE_SECRET_KEY, {
        ...stripeEndpoint(config.STRIPE_API_URL),
        // A request (or a job) waits at most this long for an answer, not the SDK's 80 s.
        timeout: 20_000,
        // A dropped connection or a 5xx is tried twice more, under the same idempotency key.
        maxNetworkRetries: 2,
      }),
    );
  }
  return localBillingProvider({ db, publicUrl: config.PUBLIC_URL, clock });
}
