import type { IDToken } from 'openid-client';
import { Email } from '@resonant/contracts/auth';
import { BirthDate, FirstName, LastName } from '@resonant/contracts/profile';
import type { PendingClaims, PostedUser } from './social-sign-in.queries.ts';

/** The longest `user` field an Apple-type provider's form post may carry that is read at all. */
const POSTED_USER_MAX = 4096;

/** A name the SPEC §5 rule accepts, else null: the person types it on the form instead. */
function nameOf(schema: typeof FirstName | typeof LastName, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The name an Apple-type provider posts beside the code, the first time only
 * (`{"name":{"firstName","lastName"}}`); null when there is none worth keeping.
 */
export function parsePostedUser(text: string | undefined): PostedUser | null {
  if (!text || text.length > POSTED_USER_MAX) return null;
  let posted: unknown;
  try {
    posted = JSON.parse(text);
  } catch {
    return null;
  }
  const name = (posted as { name?: { firstName?: unknown; lastName?: unknown } } | null)?.name;
  const user = {
    firstName: nameOf(FirstName, name?.firstName),
    lastName: nameOf(LastName, name?.lastName),
  };
  return user.firstName || user.lastName ? user : null;
}

/** The ID token's email, lower-cased, when it is an address; providers may leave it out. */
export function emailOf(claims: IDToken): string | null {
  const parsed = Email.safeParse(claims.email);
  return parsed.success ? parsed.data : null;
}

/** Whether the provider says it verified the email (Apple sends the flag as a string). */
export function emailVerified(claims: IDToken): boolean {
  return claims.email_verified === true || claims.email_verified === 'true';
}

const GENDERS_BY_CLAIM = new Map<string, PendingClaims['gender']>([
  ['male', 'Male'],
  ['female', 'Female'],
]);

/** What the claims prefill on 'Almost there!': names, gender and a full date of birth. */
export function pendingClaimsOf(claims: IDToken, posted: PostedUser | null): PendingClaims {
  const gender = typeof claims.gender === 'string' ? claims.gender.toLowerCase() : '';
  const birthDate = BirthDate.safeParse(claims.birthdate);
  return {
    firstName: nameOf(FirstName, claims.given_name) ?? posted?.firstName ?? null,
    lastName: nameOf(LastName, claims.family_name) ?? posted?.lastName ?? null,
    gender: GENDERS_BY_CLAIM.get(gender) ?? null,
    birthDate: birthDate.success ? birthDate.data : null,
  };
}
