import { z } from 'zod';
import { GENDERS } from '@resonant/contracts/profile';

/**
 * A sign-up kept in a confirmation link's row while an unproven account holds the address: what
 * the new account is made of once the link proves the address. The password only as its hash.
 */
export const PendingSignUp = z.object({
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS),
  birthDate: z.string(),
  passwordHash: z.string().startsWith('$argon2id$'),
});
export type PendingSignUp = z.infer<typeof PendingSignUp>;
