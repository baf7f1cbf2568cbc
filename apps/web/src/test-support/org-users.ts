import type { OrgUser } from '@resonant/contracts/org-users';

/** Org user number `n` (its id ends in `n`), a plain member unless `fields` say otherwise. */
export function orgUser(n: number, fields: Partial<OrgUser> = {}): OrgUser {
  return {
    user_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    full_name: `Person ${n}`,
    first_name: 'Person',
    last_name: String(n),
    birth_date: '1990-01-01',
    gender: 'Female',
    email: `person${n}@example.test`,
    last_activity_date: null,
    last_activity_type: null,
    user_highest_role: 'user',
    created_at: '2026-01-05T10:00:00.000Z',
    subscription_payer: 'Org',
    is_solo: false,
    is_external: false,
    profile_editable: true,
    ...fields,
  };
}
