import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAccount } from '../../test/factories.ts';
import { accounts, profiles } from '../db/schema/accounts.ts';
import { ORGANISATION_UNIQUE_NAME_INDEX } from '../db/schema/organisations.ts';
import { createAccountsByEmail, type NewAccount } from './accounts-by-email.queries.ts';
import { isUniqueViolation } from './db-errors.ts';

const person = (email: string): NewAccount => ({
  email,
  passwordHash: null,
  firstName: 'Late',
  lastName: 'Comer',
  gender: 'Female',
  birthDate: '1990-01-01',
});

describe('createAccountsByEmail: the unique email index decides a race', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('creates the missing account and reads back the one another request created first', async () => {
    const first = await createAccount(t.db, { firstName: 'First' });
    const freshEmail = `fresh-${randomUUID()}@example.test`;

    const { ids, created } = await t.db.transaction((tx) =>
      createAccountsByEmail(tx, [person(first.email), person(freshEmail)]),
    );

    expect(ids.get(first.email)).toBe(first.id);
    expect([...created]).toEqual([freshEmail]);
    const [kept] = await t.db
      .select({ firstName: profiles.firstName })
      .from(profiles)
      .where(eq(profiles.accountId, first.id));
    expect(kept).toEqual({ firstName: 'First' });
    const [made] = await t.db
      .select({ firstName: profiles.firstName })
      .from(profiles)
      .where(eq(profiles.accountId, ids.get(freshEmail)!));
    expect(made).toEqual({ firstName: 'Late' });
  });

  it('a duplicate email violates accounts_email_key, which is not the organisation name index', async () => {
    const { email } = await createAccount(t.db);
    const error = await t.db
      .insert(accounts)
      .values({ email: email.toUpperCase() })
      .then(
        () => null,
        (caught: unknown) => caught,
      );

    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'accounts_email_key')).toBe(true);
    expect(isUniqueViolation(error, ORGANISATION_UNIQUE_NAME_INDEX)).toBe(false);
  });
});
