import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingProviderResponse } from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { billingSettingsKeys } from './billing-settings-keys.ts';

function getBillingProvider(): Promise<BillingProviderResponse> {
  return apiClient.get<BillingProviderResponse>('/org/billing_provider');
}

const billingProviderQueryOptions = (context: CurrentContext | null) =>
  queryOptions({
    queryKey: billingSettingsKeys.provider(context),
    queryFn: getBillingProvider,
    // The server's configuration: it does not change while the app runs.
    staleTime: Infinity,
  });

/** Which provider takes cards: the test mode's own form, or Stripe with its publishable key. */
export function useBillingProvider() {
  const context = useCurrentContext();
  return useQuery({ ...billingProviderQueryOptions(context), enabled: context !== null });
}
