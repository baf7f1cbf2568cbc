import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import type { AddOrganizationResponse } from '@resonant/contracts/organizations';
import type { PublicKeyResponse } from '@resonant/contracts/org-users';
import { encryptForTransport } from '../../../test/transport-password.ts';
import { APP_ADMIN_EMAIL, type TestApp } from '../../../test/build-test-app.ts';
import { createAccount } from '../../../test/factories.ts';
import { buildMailingTestApp } from '../../../test/mailing-test-app.ts';
import { signedInAccount } from '../../../test/org-builder.ts';
import { linkToken, type SmtpListener } from '../../../test/smtp-listener.ts';
import { orgMemberships } from '../../db/schema/organisations.ts';

/**
 * Issue 27: whoever signed up first with a customer's address does not become the admin of the
 * organisation the app admin onboards for that address; the address's owner is invited.
 */
describe('Add Organization for an email that has an account (POST /api/org/profile)', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let appAdmin = '';
  let publicKey = '';

  beforeAll(async () => {
    ({ t, smtp } = await buildMailingTestApp());
    appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
    const key = await t.call('GET', '/api/auth/public-key', appAdmin);
    publicKey = key.json<PublicKeyResponse>().public_key;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const addOrganization = (email: string) =>
    t.call('POST', '/api/org/profile', appAdmin, {
      name: `Customer ${randomUUID().slice(0, 8)}`,
      first_name: 'Ida',
      last_name: 'Lead',
      gender: 'Female',
      dob: '1980-01-01',
      email,
      password: encryptForTransport(publicKey, 'Founder#1'),
    });
  const membershipsOf = (accountId: string) =>
    t.db.select().from(orgMemberships).where(eq(orgMemberships.accountId, accountId));
  const withoutIds = (body: AddOrganizationResponse) => {
    const { org_id: _org, default_group_id: _group, ...rest } = body;
    return rest;
  };

  it('answers as for a new admin and gives the squatting account no role', async () => {
    const squatter = await createAccount(t.db, {
      email: `it-lead.${randomUUID().slice(0, 8)}@customer.test`,
    });
    const fresh = await addOrganization(`it-lead.${randomUUID().slice(0, 8)}@other.test`);
    const taken = await addOrganization(squatter.email);

    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(withoutIds(taken.json())).toEqual(withoutIds(fresh.json()));
    expect(await membershipsOf(squatter.id)).toEqual([]);
    const bearer = await t.signIn(squatter.email, squatter.password);
    const me = await t.call('GET', '/api/user/profile', bearer);
    expect(me.json()).toMatchObject({ user_type: 'user', current_org_id: null });
  });

  it('makes the owner of the address admin once they accept the mailed invitation', async () => {
    const owner = await createAccount(t.db, {
      email: `owner.${randomUUID().slice(0, 8)}@customer.test`,
    });
    const created = (await addOrganization(owner.email)).json<AddOrganizationResponse>();
    const token = linkToken(await smtp.waitForMail(owner.email), '/process-invite');
    const bearer = await t.signIn(owner.email, owner.password);
    const accepted = await t.call('POST', '/api/process-invitation', bearer, {
      it: token,
      status: 'accepted',
    });
    expect(accepted.statusCode).toBe(200);
    expect(await membershipsOf(owner.id)).toMatchObject([{ orgId: created.org_id, role: 'admin' }]);
  });

  it('lets a new admin in with the password typed for them, as SPEC’s Add Organization has it', async () => {
    const email = `founder.${randomUUID().slice(0, 8)}@customer.test`;
    const created = (await addOrganization(email)).json<AddOrganizationResponse>();
    const signIn = await t.call('POST', '/api/auth/sign-in', undefined, {
      email,
      password: 'Founder#1',
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json<AuthResponse>().user).toMatchObject({
      user_type: 'org',
      current_org_id: created.org_id,
    });
  });
});
