import type { CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/**
 * Query keys of the billing settings page, each ending with the context (lib/query-keys.ts);
 * `methods` invalidates the card list in every context it was read in.
 */
export const billingSettingsKeys = {
  methods: ['billing-settings', 'methods'] as const,
  details: (context: CurrentContext | null) => tenantKey(context, 'billing-settings', 'details'),
  methodList: (context: CurrentContext | null) => tenantKey(context, 'billing-settings', 'methods'),
  provider: (context: CurrentContext | null) => tenantKey(context, 'billing-settings', 'provider'),
};
