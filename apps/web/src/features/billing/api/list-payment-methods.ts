import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethodsResponse } from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { paymentMethodsOf } from '../payment-method-display.ts';
import { billingSettingsKeys } from './billing-settings-keys.ts';

async function listPaymentMethods(): Promise<PaymentMethodsResponse> {
  return paymentMethodsOf(
    await apiClient.get<Partial<PaymentMethodsResponse> | null>('/org/list_available_methods'),
  );
}

const paymentMethodsQueryOptions = (context: CurrentContext | null) =>
  queryOptions({
    queryKey: billingSettingsKeys.methodList(context),
    queryFn: listPaymentMethods,
  });

/** The saved cards, the default first, and which one is default (GET /api/org/list_available_methods). */
export function usePaymentMethods() {
  const context = useCurrentContext();
  return useQuery({ ...paymentMethodsQueryOptions(context), enabled: context !== null });
}
