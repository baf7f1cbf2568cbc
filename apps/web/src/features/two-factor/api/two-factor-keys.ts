import type { CurrentContext } from '../../../lib/current-context.ts';
import { tenantKey } from '../../../lib/query-keys.ts';

/** The account's own second factor (not tenant-scoped), and an organisation's requirement. */
export const twoFactorKeys = {
  status: ['two-factor'] as const,
  policy: (context: CurrentContext | null) => tenantKey(context, 'two-factor-policy'),
};
