import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@resonant/contracts/auth';
import * as invitationsContract from '@resonant/contracts/invitations';
import type { UserProfile } from '@resonant/contracts/profile';
import type { TestApp } from '../../../test/build-test-app.ts';
import { addMember, createAccount, type createOrg } from '../../../test/factories.ts';
import { buildOrg } from '../../../test/org-builder.ts';
import { linkToken, type SmtpListener } from '../../../test/smtp-listener.ts';
import { buildMailingTestApp } from '../../../test/mailing-test-app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { invitations } from '../../db/schema/invitations.ts';
import { groupMemberships, orgMemberships } from '../../db/schema/organisations.ts';

type Org = Awaited<ReturnType<typeof createOrg>>;
const DAY_MS = 86_400_000;

describe('answering an invitation (GET /api/invitation-details, POST /api/process-invitation)', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let clockOffset = 0;
  let org: Org;
  let team: { id: string; name: string };
  let orgAdmin: Awaited<ReturnType<typeof createAccount>>;
  let emailCount = 0;

  beforeAll(async () => {
    ({ t, smtp } = await buildMailingTestApp({
      env: { PUBLIC_URL: 'https://resonant.example' },
      clock: () => new Date(Date.now() + clockOffset),
    }));
    const answerOrg = await buildOrg(t, {
      name: 'Answer Org',
      groups: ['Night Shift'],
      people: { orgAdmin: { firstName: 'Olga', lastName: 'Owner', orgAdmin: true } },
    });
    org = answerOrg;
    team = answerOrg.groups['Night Shift'];
    orgAdmin = answerOrg.people.orgAdmin;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const inject = (method: 'GET' | 'POST', url: string, bearer?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: bearer ? t.bearer(bearer) : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  const details = (token: string, bearer?: string) =>
    inject('GET', `/api/invitation-details?it=${encodeURIComponent(token)}`, bearer);
  const answer = (token: string, status: 'accepted' | 'rejected', bearer?: string) =>
    inject('POST', '/api/process-invitation', bearer, { it: token, status });

  /** An org admin invites a fresh address through the API; returns the address and the mailed token. */
  const invited = async (role: invitationsContract.InviteRole = 'group') => {
    const email = `invitee.${++emailCount}@answer.test`;
    const bearer = await t.signIn(orgAdmin.email, orgAdmin.password);
    const response = await inject('POST', '/api/org/invitation', bearer, {
      firstName: 'Ina',
      lastName: 'Vitee',
      email,
      role,
      groupId: team.id,
    });
    expect(response.statusCode).toBe(201);
    const token = linkToken(await smtp.waitForMail(email), '/process-invite');
    return { email, token };
  };
  /**
   * Signs up through the real endpoint, as the invitee does from the auth screen, and signs in
   * without opening the confirmation link: the account's email is not proven yet.
   */
  const signUp = async (email: string) => {
    const response = await inject('POST', '/api/auth/sign-up', undefined, {
      email,
      password: 'Secret#123',
      firstName: 'Ina',
      lastName: 'Vitee',
      gender: 'Female',
      birthDate: '1991-02-03',
    });
    expect(response.statusCode).toBe(202);
    const signedIn = await inject('POST', '/api/auth/sign-in', undefined, {
      email,
      password: 'Secret#123',
    });
    return signedIn.json<AuthResponse>();
  };
  const statusInTable = async (email: string) => {
    const bearer = await t.signIn(orgAdmin.email, orgAdmin.password);
    const response = await inject('GET', `/api/org/invitation/list?search=${email}`, bearer);
    return response.json<invitationsContract.InvitationListResponse>().list[0]?.status;
  };
  const membershipsOf = async (accountId: string) => ({
    org: await t.db
      .select({ role: orgMemberships.role })
      .from(orgMemberships)
      .where(and(eq(orgMemberships.orgId, org.id), eq(orgMemberships.accountId, accountId))),
    groups: await t.db
      .select({ groupId: groupMemberships.groupId, isAdmin: groupMemberships.isAdmin })
      .from(groupMemberships)
      .where(eq(groupMemberships.accountId, accountId)),
  });
  const profileOf = async (bearer: string) =>
    (await inject('GET', '/api/user/profile', bearer)).json<UserProfile>();

  it('answers 401 signed out', async () => {
    const { token } = await invited();
    expect((await details(token)).statusCode).toBe(401);
    expect((await answer(token, 'accepted')).statusCode).toBe(401);
  });

  it('shows what the invitation offers, and whether this is the invited account', async () => {
    const { email, token } = await invited('group');
    const invitee = await signUp(email);
    const response = await details(token, invitee.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<invitationsContract.InvitationDetails>()).toMatchObject({
      org_name: 'Answer Org',
      group_name: 'Night Shift',
      accountSameAsEmail: true,
      role: 'group',
      first_name: 'Ina',
      invited_by: 'Olga Owner',
    });
    const someoneElse = await createAccount(t.db);
    const other = await t.signIn(someoneElse.email, someoneElse.password);
    expect(
      (await details(token, other)).json<invitationsContract.InvitationDetails>()
        .accountSameAsEmail,
    ).toBe(false);
  });

  // Issue 27: invite() now refuses a Group Admin of the Default group; one stored before it did
  // still must not make its invitee admin of everyone.
  it('accepts an older Group Admin invitation to the Default group as a member only', async () => {
    const { email, token } = await invited('group');
    await t.db
      .update(invitations)
      .set({ groupId: org.defaultGroupId })
      .where(eq(invitations.email, email));
    const invitee = await signUp(email);
    expect((await answer(token, 'accepted', invitee.token)).statusCode).toBe(200);
    expect((await membershipsOf(invitee.user.user_id)).groups).toEqual([
      { groupId: org.defaultGroupId, isAdmin: false },
    ]);
  });

  it('accepts: a new sign-up joins as admin of the group, lands there, and the link is used up', async () => {
    const { email, token } = await invited('group');
    const invitee = await signUp(email);
    expect(invitee.user).toMatchObject({ user_type: 'user', emailVerified: false });

    const response = await answer(token, 'accepted', invitee.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: invitationsContract.INVITATION_ACCEPTED_MESSAGE });

    const accountId = invitee.user.user_id;
    const memberships = await membershipsOf(accountId);
    expect(memberships.org).toEqual([{ role: 'member' }]);
    expect(memberships.groups).toEqual(
      expect.arrayContaining([
        { groupId: org.defaultGroupId, isAdmin: false },
        { groupId: team.id, isAdmin: true },
      ]),
    );
    expect(memberships.groups).toHaveLength(2);
    const profile = await profileOf(invitee.token);
    // The mailed link proved the address (issue 27).
    expect(profile).toMatchObject({
      user_type: 'group',
      current_org_id: org.id,
      current_group_id: team.id,
      emailVerified: true,
    });
    const audit = await t.db
      .select({ actor: auditLog.actorAccountId, orgId: auditLog.orgId })
      .from(auditLog)
      .where(eq(auditLog.action, 'invitation.accept'));
    expect(audit).toContainEqual({ actor: accountId, orgId: org.id });
    expect(await statusInTable(email)).toBe('accepted');

    // Reused: the link worked once.
    for (const response of [
      await details(token, invitee.token),
      await answer(token, 'accepted', invitee.token),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: invitationsContract.INVITATION_NOT_VALID_MESSAGE,
      });
    }
  });

  it('accepts an Organization Admin invitation as org admin, a Standard User one as member', async () => {
    const admin = await invited('org');
    const adminAccount = await signUp(admin.email);
    expect((await answer(admin.token, 'accepted', adminAccount.token)).statusCode).toBe(200);
    expect((await membershipsOf(adminAccount.user.user_id)).org).toEqual([{ role: 'admin' }]);
    expect((await profileOf(adminAccount.token)).user_type).toBe('org');

    const user = await invited('user');
    const userAccount = await signUp(user.email);
    expect((await answer(user.token, 'accepted', userAccount.token)).statusCode).toBe(200);
    const memberships = await membershipsOf(userAccount.user.user_id);
    expect(memberships.org).toEqual([{ role: 'member' }]);
    expect(memberships.groups.every((group) => !group.isAdmin)).toBe(true);
    expect((await profileOf(userAccount.token)).user_type).toBe('user');
  });

  it('rejects: no membership, the table says rejected, and the link is used up', async () => {
    const { email, token } = await invited();
    const invitee = await signUp(email);
    const response = await answer(token, 'rejected', invitee.token);
    expect(response.json()).toEqual({ message: invitationsContract.INVITATION_REJECTED_MESSAGE });
    expect((await membershipsOf(invitee.user.user_id)).org).toEqual([]);
    expect(await statusInTable(email)).toBe('rejected');
    expect((await answer(token, 'accepted', invitee.token)).statusCode).toBe(404);
  });

  it('skipping sends nothing: the invitation stays pending and the link keeps working', async () => {
    const { email, token } = await invited();
    const invitee = await signUp(email);
    expect((await details(token, invitee.token)).statusCode).toBe(200);
    expect(await statusInTable(email)).toBe('pending');
    expect((await details(token, invitee.token)).statusCode).toBe(200);
    expect((await answer(token, 'accepted', invitee.token)).statusCode).toBe(200);
  });

  it('refuses another account with the wrong-account message and leaves the invitation pending', async () => {
    const { email, token } = await invited();
    const someoneElse = await createAccount(t.db);
    const other = await t.signIn(someoneElse.email, someoneElse.password);
    const response = await answer(token, 'accepted', other);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: invitationsContract.WRONG_ACCOUNT_MESSAGE });
    expect((await membershipsOf(someoneElse.id)).org).toEqual([]);
    expect(await statusInTable(email)).toBe('pending');
  });

  it('refuses a tampered, a missing and a made-up token as not valid', async () => {
    const { email, token } = await invited();
    const invitee = await signUp(email);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [tampered, 'x', `${token}x`]) {
      const response = await details(bad, invitee.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: invitationsContract.INVITATION_NOT_VALID_MESSAGE,
      });
    }
    const missing = await inject('GET', '/api/invitation-details', invitee.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain(
      invitationsContract.INVITATION_NOT_VALID_MESSAGE,
    );
    expect((await answer(tampered, 'accepted', invitee.token)).statusCode).toBe(404);
  });

  it('answers an expired link with the spec’s message (410)', async () => {
    const { email, token } = await invited();
    const invitee = await createAccount(t.db, { email });
    clockOffset = 7 * DAY_MS + 60_000;
    try {
      const bearer = await t.signIn(invitee.email, invitee.password);
      for (const response of [
        await details(token, bearer),
        await answer(token, 'accepted', bearer),
      ]) {
        expect(response.statusCode).toBe(410);
        expect(response.json()).toEqual({
          message: invitationsContract.INVITATION_EXPIRED_MESSAGE,
        });
      }
      expect((await membershipsOf(invitee.id)).org).toEqual([]);
    } finally {
      clockOffset = 0;
    }
  });

  it('lets only one of two simultaneous answers win', async () => {
    const { email, token } = await invited();
    const invitee = await signUp(email);
    const responses = await Promise.all([
      answer(token, 'accepted', invitee.token),
      answer(token, 'rejected', invitee.token),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404]);
  });

  it('keeps the rights of an account that is in the organization already', async () => {
    const { email, token } = await invited('user');
    const invitee = await signUp(email);
    // Made org admin by someone else while the invitation waited: accepting never demotes.
    await addMember(t.db, org.id, invitee.user.user_id, { orgAdmin: true });
    expect((await answer(token, 'accepted', invitee.token)).statusCode).toBe(200);
    expect((await membershipsOf(invitee.user.user_id)).org).toEqual([{ role: 'admin' }]);
  });
});
