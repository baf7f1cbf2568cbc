import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrgDetailsResponse } from '@resonant/contracts/billing';
import { apiClient } from '../../../lib/api-client.ts';
import { useCurrentContext, type CurrentContext } from '../../../lib/current-context.ts';
import { billingSettingsKeys } from './billing-settings-keys.ts';

function getOrgDetails(): Promise<OrgDetailsResponse> {
  return apiClient.get<OrgDetailsResponse>('/org/details');
}

export const orgDetailsQueryOptions = (context: CurrentContext | null) =>
  queryOptions({
    queryKey: billingSettingsKeys.details(context),
    queryFn: getOrgDetails,
  });

/** The organisation's billing email and dates (GET /api/org/details). */
export function useOrgDetails() {
  const context = useCurrentContext();
  return useQuery({ ...orgDetailsQueryOptions(context), enabled: context !== null });
}
