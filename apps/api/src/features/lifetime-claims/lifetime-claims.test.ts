import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_NOT_FOUND_MESSAGE } from '@resonant/contracts/errors';
import * as lifetimeClaimsContract from '@resonant/contracts/lifetime-claims';
import { APP_ADMIN_EMAIL, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createAccount, createGroup, createOrg } from '../../../test/factories.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { linkToken, type SmtpListener } from '../../../test/smtp-listener.ts';
import { expectBadRequests } from '../../../test/bad-requests.ts';
import { waitForIdleJobs } from '../../../test/idle-jobs.ts';
import { buildMailingTestApp } from '../../../test/mailing-test-app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { lifetimeClaims } from '../../db/schema/invitations.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { groupMemberships, orgMemberships } from '../../db/schema/organisations.ts';
import { hashToken } from '../../lib/crypto.ts';
import { CLAIM_PATH } from './claim-mail.ts';

type Org = Awaited<ReturnType<typeof createOrg>>;
type Account = Awaited<ReturnType<typeof createAccount>>;

const PUBLIC_URL = 'https://resonant.example/app';
const DAY_MS = 86_400_000;
const TTL_DAYS = 7;
const MAIL_MAX_ATTEMPTS = 2;

describe('lifetime-membership claim links (SPEC §4, §7)', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let clockOffset = 0;
  let org: Org;
  let member: Account;
  let appAdmin: Account;
  const token = { appAdmin: '', orgAdmin: '', member: '' };

  beforeAll(async () => {
    ({ t, smtp } = await buildMailingTestApp({
      env: {
        PUBLIC_URL,
        JOB_RETRY_BASE_MS: '10',
        MAIL_MAX_ATTEMPTS: String(MAIL_MAX_ATTEMPTS),
        CLAIM_LINK_TTL_DAYS: String(TTL_DAYS),
      },
      clock: () => new Date(Date.now() + clockOffset),
    }));
    const signedInAppAdmin = await signedInAccount(t, { email: APP_ADMIN_EMAIL });
    const claimsOrg = await buildOrg(t, {
      name: 'Lifetime <Org> & Co',
      people: {
        orgAdmin: { orgAdmin: true, groups: ['Default'] },
        member: { groups: ['Default'] },
      },
      signIn: ['orgAdmin', 'member'],
    });
    org = claimsOrg;
    member = claimsOrg.people.member;
    appAdmin = signedInAppAdmin;
    Object.assign(token, claimsOrg.tokens, { appAdmin: signedInAppAdmin.token });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const issue = (body: object, bearer = token.appAdmin) =>
    t.call('POST', '/api/admin/lifetime-claims', bearer, body);
  /** Issues a link (201 expected) and returns the claim with the token the mail carried. */
  const issueAndMail = async (email: string, orgId?: string) => {
    const to = email.toLowerCase();
    const earlier = smtp.received.filter((mail) => mail.to.includes(to)).length;
    const response = await issue({ email, ...(orgId ? { orgId } : {}) });
    expect(response.statusCode, response.body).toBe(201);
    const { claim } = response.json<lifetimeClaimsContract.ClaimIssuedResponse>();
    const mail = await smtp.waitForMail(to, { index: earlier });
    await waitForMailStatus(claim.id, 'sent');
    return { claim, mail, ml: linkToken(mail, CLAIM_PATH) };
  };
  const list = async (bearer = token.appAdmin) => {
    const response = await t.call('GET', '/api/admin/lifetime-claims?limit=100', bearer);
    expect(response.statusCode).toBe(200);
    return response.json<lifetimeClaimsContract.ClaimListResponse>();
  };
  const rowOf = async (id: string, bearer = token.appAdmin) =>
    (await list(bearer)).list.find((row) => row.id === id);
  const waitForMailStatus = async (
    id: string,
    status: lifetimeClaimsContract.LifetimeClaim['mail_status'],
  ) => {
    await expect.poll(async () => (await rowOf(id))?.mail_status, { timeout: 10_000 }).toBe(status);
  };
  const details = (ml: string, bearer?: string) =>
    t.call('GET', `/api/life_time_subscription/claim_details?ml=${encodeURIComponent(ml)}`, bearer);
  const claim = (ml: string, bearer?: string) =>
    t.call('POST', '/api/life_time_subscription/claim_membership', bearer, { ml });
  const stored = async (id: string) => {
    const [row] = await t.db.select().from(lifetimeClaims).where(eq(lifetimeClaims.id, id));
    if (!row) throw new Error(`claim ${id} not stored`);
    return row;
  };
  const membershipOf = async (accountId: string, orgId = org.id) => {
    const [row] = await t.db
      .select({ role: orgMemberships.role, lifetime: orgMemberships.lifetime })
      .from(orgMemberships)
      .where(and(eq(orgMemberships.orgId, orgId), eq(orgMemberships.accountId, accountId)));
    return row ?? null;
  };
  const groupsOf = async (accountId: string) =>
    (
      await t.db
        .select({ groupId: groupMemberships.groupId, isAdmin: groupMemberships.isAdmin })
        .from(groupMemberships)
        .where(eq(groupMemberships.accountId, accountId))
    ).sort((a, b) => a.groupId.localeCompare(b.groupId));
  const auditOf = (claimId: string) =>
    t.db
      .select({
        action: auditLog.action,
        orgId: auditLog.orgId,
        actor: auditLog.actorAccountId,
      })
      .from(auditLog)
      .where(eq(auditLog.targetId, claimId));
  /** A new account signed in; its email is the one a claim link is issued for. */
  const invitee = async (tag: string) => {
    const account = await createAccount(t.db, { email: freshEmail(tag) });
    return { ...account, bearer: await t.signIn(account.email, account.password) };
  };
  let emailCount = 0;
  const freshEmail = (tag: string) => `${tag}.${++emailCount}@claim.test`;

  describe('the admin routes', () => {
    it.each(['GET', 'POST'] as const)(
      '%s /api/admin/lifetime-claims: 401 signed out, 403 to an org admin and a member',
      async (method) => {
        const body = method === 'POST' ? { email: freshEmail('roles') } : undefined;
        const url = '/api/admin/lifetime-claims';
        expect((await t.call(method, url, undefined, body)).statusCode).toBe(401);
        for (const bearer of [token.orgAdmin, token.member]) {
          const response = await t.call(method, url, bearer, body);
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({ message: expect.any(String) });
        }
        if (body) {
          const rows = await t.db
            .select()
            .from(lifetimeClaims)
            .where(eq(lifetimeClaims.email, body.email));
          expect(rows).toEqual([]);
        }
      },
    );

    it('GET answers the app admin with the page of claims and the total', async () => {
      const { claim: issued } = await issueAndMail(freshEmail('listed'));
      const response = await t.call('GET', '/api/admin/lifetime-claims?limit=1', token.appAdmin);
      expect(response.statusCode).toBe(200);
      const page = response.json<lifetimeClaimsContract.ClaimListResponse>();
      expect(page.list).toHaveLength(1);
      expect(page.list[0]).toMatchObject({ id: issued.id, status: 'pending', mail_status: 'sent' });
      const total = (await t.db.select({ id: lifetimeClaims.id }).from(lifetimeClaims)).length;
      expect(page.noOfRows).toBe(total);
    });

    it('POST answers the app admin 201 with the pending claim', async () => {
      const email = freshEmail('post-ok');
      const response = await issue({ email });
      expect(response.statusCode).toBe(201);
      const sent = response.json<lifetimeClaimsContract.ClaimIssuedResponse>();
      expect(sent.message).toBe(lifetimeClaimsContract.CLAIM_ISSUED_MESSAGE);
      expect(sent.claim).toMatchObject({ email, status: 'pending', org_name: null });
      expect(['queued', 'sent']).toContain(sent.claim.mail_status);
      await waitForMailStatus(sent.claim.id, 'sent');
    });
  });

  describe('issuing a link', () => {
    it('mails a single-use link built from PUBLIC_URL naming the org, and stores only its hash', async () => {
      const email = freshEmail('orgclaim');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/lifetime-claims',
        // A forged Host header must not end up in the link.
        headers: { ...t.bearer(token.appAdmin), host: 'evil.example' },
        payload: { email: email.toUpperCase(), orgId: org.id },
      });
      expect(response.statusCode).toBe(201);
      const { claim: issued } = response.json<lifetimeClaimsContract.ClaimIssuedResponse>();
      expect(issued).toMatchObject({
        email,
        org_name: org.name,
        status: 'pending',
        claimed_at: null,
      });
      expect(['queued', 'sent']).toContain(issued.mail_status);
      expect(Date.parse(issued.expires_at) - Date.parse(issued.created_at)).toBe(TTL_DAYS * DAY_MS);

      const mail = await smtp.waitForMail(email);
      const ml = linkToken(mail, CLAIM_PATH);
      const link = `${PUBLIC_URL}${CLAIM_PATH}?it=${ml}`;
      expect(mail.subject).toBe(`Claim your lifetime membership of ${org.name}`);
      expect(mail.text).toContain(`a lifetime membership of ${org.name} on Resonant`);
      expect(mail.text).toContain(link);
      expect(mail.text).toContain(email);
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).toContain('Lifetime &lt;Org&gt; &amp; Co');
      expect(mail.html).not.toContain('<Org>');
      expect(mail.html).toContain(`href="${link}"`);

      const row = await stored(issued.id);
      expect(row.tokenHash).toBe(hashToken(ml));
      expect(row.tokenHash).not.toContain(ml);
      const jobRows = await t.db.select({ payload: jobs.payload }).from(jobs);
      expect(JSON.stringify(jobRows)).not.toContain(ml);
      await waitForMailStatus(issued.id, 'sent');
      expect(await auditOf(issued.id)).toEqual([
        { action: 'lifetime-claim.issue', orgId: org.id, actor: appAdmin.id },
      ]);
    });

    it('mails a platform-wide link when no org is given', async () => {
      const email = freshEmail('platform');
      const { claim: issued, mail } = await issueAndMail(email);
      expect(issued.org_name).toBeNull();
      expect(mail.subject).toBe('Claim your Resonant lifetime membership');
      expect(mail.text).toContain('a lifetime membership of Resonant.');
      expect(mail.html).toContain('a lifetime membership of Resonant.');
      expect((await stored(issued.id)).orgId).toBeNull();
    });

    it('answers 404 for an unknown org and stores nothing', async () => {
      const email = freshEmail('no-org');
      const response = await issue({ email, orgId: '00000000-0000-4000-8000-000000000000' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
      expect(
        await t.db.select().from(lifetimeClaims).where(eq(lifetimeClaims.email, email)),
      ).toEqual([]);
    });

    it('answers 409 for the app admin’s own email, in any case', async () => {
      for (const email of [APP_ADMIN_EMAIL, APP_ADMIN_EMAIL.toUpperCase()]) {
        const response = await issue({ email });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          message: lifetimeClaimsContract.APP_ADMIN_NO_CLAIM_MESSAGE,
        });
      }
      expect(
        await t.db.select().from(lifetimeClaims).where(eq(lifetimeClaims.email, APP_ADMIN_EMAIL)),
      ).toEqual([]);
    });

    it('answers 400 for a bad body', async () => {
      const cases: [object, string][] = [
        [{ email: 'not-an-email' }, 'Please enter a valid email.'],
        [{}, 'This field is required'],
        [{ email: '' }, 'This field is required'],
        [{ email: freshEmail('bad-org'), orgId: 'not-an-id' }, 'orgId must be an id'],
      ];
      await expectBadRequests(issue, cases);
    });

    it('revokes the earlier unclaimed link of the same email', async () => {
      const email = freshEmail('twice');
      const first = await issueAndMail(email);
      const account = await invitee('twice-holder');
      expect((await details(first.ml, account.bearer)).statusCode).toBe(200);

      const second = await issueAndMail(email.toUpperCase());
      expect(second.ml).not.toBe(first.ml);
      const old = await details(first.ml, account.bearer);
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual({ message: lifetimeClaimsContract.CLAIM_NOT_VALID_MESSAGE });
      expect((await details(second.ml, account.bearer)).statusCode).toBe(200);

      expect((await rowOf(first.claim.id))?.status).toBe('revoked');
      expect((await rowOf(second.claim.id))?.status).toBe('pending');
      expect((await stored(first.claim.id)).status).toBe('revoked');
    });

    it('leaves exactly one live link when two are issued for an email at the same moment', async () => {
      const email = freshEmail('race');
      const responses = await Promise.all([issue({ email }), issue({ email })]);
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
      const ids = responses.map(
        (response) => response.json<lifetimeClaimsContract.ClaimIssuedResponse>().claim.id,
      );
      const statuses = await Promise.all(ids.map(async (id) => (await stored(id)).status));
      expect(statuses.sort()).toEqual(['pending', 'revoked']);
    });
  });

  describe('claim details', () => {
    const link = { ml: '', expiresAt: '' };
    let holder: Awaited<ReturnType<typeof invitee>>;

    beforeAll(async () => {
      holder = await invitee('details');
      const response = await issue({ email: holder.email, orgId: org.id });
      link.expiresAt = response.json<lifetimeClaimsContract.ClaimIssuedResponse>().claim.expires_at;
      link.ml = linkToken(await smtp.waitForMail(holder.email), CLAIM_PATH);
    });

    it('answers 401 signed out', async () => {
      expect((await details(link.ml)).statusCode).toBe(401);
    });

    it('answers 404 with the spec’s message for a tampered or missing token', async () => {
      const last = link.ml.at(-1) === 'A' ? 'B' : 'A';
      for (const ml of [`${link.ml.slice(0, -1)}${last}`, `${link.ml}x`, 'nonsense']) {
        const response = await details(ml, holder.bearer);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          message: lifetimeClaimsContract.CLAIM_NOT_VALID_MESSAGE,
        });
      }
      const empty = await details('', holder.bearer);
      expect(empty.statusCode).toBe(400);
    });

    it('tells whether the signed-in account is the one the link was sent to', async () => {
      const mine = await details(link.ml, holder.bearer);
      expect(mine.statusCode).toBe(200);
      expect(mine.json<lifetimeClaimsContract.ClaimDetails>()).toEqual({
        org_name: org.name,
        accountSameAsEmail: true,
        expires_at: link.expiresAt,
      });
      const other = await details(link.ml, token.member);
      expect(other.statusCode).toBe(200);
      expect(other.json<lifetimeClaimsContract.ClaimDetails>().accountSameAsEmail).toBe(false);
    });
  });

  describe('claiming', () => {
    it('answers 401 signed out', async () => {
      const holder = await invitee('signed-out');
      const { ml, claim: issued } = await issueAndMail(holder.email, org.id);
      expect((await claim(ml)).statusCode).toBe(401);
      expect((await stored(issued.id)).status).toBe('pending');
    });

    it('binds the membership to the account, gives it a lifetime seat in the org, and works once', async () => {
      const holder = await invitee('claimer');
      const { ml, claim: issued } = await issueAndMail(holder.email, org.id);
      expect(await membershipOf(holder.id)).toBeNull();

      const response = await claim(ml, holder.bearer);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: lifetimeClaimsContract.CLAIMED_MESSAGE });

      const row = await stored(issued.id);
      expect(row.status).toBe('claimed');
      expect(row.claimedByAccountId).toBe(holder.id);
      expect(row.claimedAt).toBeInstanceOf(Date);
      expect(Math.abs((row.claimedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
      expect(await membershipOf(holder.id)).toEqual({ role: 'member', lifetime: true });
      expect(await groupsOf(holder.id)).toEqual([{ groupId: org.defaultGroupId, isAdmin: false }]);
      expect(await auditOf(issued.id)).toContainEqual({
        action: 'lifetime-claim.claim',
        orgId: org.id,
        actor: holder.id,
      });
      const listed = await rowOf(issued.id);
      expect(listed).toMatchObject({ status: 'claimed', claimed_at: row.claimedAt?.toISOString() });

      for (const again of [claim(ml, holder.bearer), details(ml, holder.bearer)]) {
        const reused = await again;
        expect(reused.statusCode).toBe(404);
        expect(reused.json()).toEqual({ message: lifetimeClaimsContract.CLAIM_NOT_VALID_MESSAGE });
      }
    });

    it('keeps an existing membership and its role, and makes it a lifetime one', async () => {
      const team = await createGroup(t.db, org.id, 'Claimers');
      const admin = await createAccount(t.db, { email: freshEmail('admin-claims') });
      await addMember(t.db, org.id, admin.id, {
        orgAdmin: true,
        groups: [{ groupId: team.id, isAdmin: true }],
      });
      const bearer = await t.signIn(admin.email, admin.password);
      const { ml, claim: issued } = await issueAndMail(admin.email, org.id);

      const response = await claim(ml, bearer);
      expect(response.statusCode).toBe(200);
      expect(await membershipOf(admin.id)).toEqual({ role: 'admin', lifetime: true });
      const expected = [
        { groupId: team.id, isAdmin: true },
        { groupId: org.defaultGroupId, isAdmin: false },
      ].sort((a, b) => a.groupId.localeCompare(b.groupId));
      expect(await groupsOf(admin.id)).toEqual(expected);
      const memberships = await t.db
        .select()
        .from(orgMemberships)
        .where(eq(orgMemberships.accountId, admin.id));
      expect(memberships).toHaveLength(1);
      expect((await stored(issued.id)).claimedByAccountId).toBe(admin.id);
    });

    it('claims a platform-wide link without joining any org', async () => {
      const holder = await invitee('platform-claimer');
      const { ml, claim: issued } = await issueAndMail(holder.email);
      expect((await claim(ml, holder.bearer)).statusCode).toBe(200);
      expect((await stored(issued.id)).claimedByAccountId).toBe(holder.id);
      expect(
        await t.db.select().from(orgMemberships).where(eq(orgMemberships.accountId, holder.id)),
      ).toEqual([]);
      expect(await auditOf(issued.id)).toContainEqual({
        action: 'lifetime-claim.claim',
        orgId: null,
        actor: holder.id,
      });
    });

    it('answers 403 to another account and changes nothing', async () => {
      const holder = await invitee('rightful');
      const { ml, claim: issued } = await issueAndMail(holder.email, org.id);
      const other = await invitee('intruder');
      const before = await stored(issued.id);

      for (const bearer of [other.bearer, token.member]) {
        const response = await claim(ml, bearer);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          message: lifetimeClaimsContract.CLAIM_WRONG_ACCOUNT_MESSAGE,
        });
      }
      expect(await stored(issued.id)).toEqual(before);
      expect(await membershipOf(other.id)).toBeNull();
      expect(await membershipOf(member.id)).toEqual({ role: 'member', lifetime: false });
      expect((await auditOf(issued.id)).map((row) => row.action)).toEqual(['lifetime-claim.issue']);
      // The link still works for the account it was sent to.
      expect((await claim(ml, holder.bearer)).statusCode).toBe(200);
    });

    it('answers 409 to the app admin', async () => {
      const holder = await invitee('for-admin');
      const { ml, claim: issued } = await issueAndMail(holder.email);
      const response = await claim(ml, token.appAdmin);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: lifetimeClaimsContract.APP_ADMIN_NO_CLAIM_MESSAGE,
      });
      expect((await stored(issued.id)).status).toBe('pending');
    });

    it('answers 404 once the link has expired', async () => {
      const holder = await invitee('late');
      const { ml, claim: issued } = await issueAndMail(holder.email, org.id);
      clockOffset = TTL_DAYS * DAY_MS + 60_000;
      try {
        // Sessions expire with the moved clock: sign in again.
        const bearer = await t.signIn(holder.email, holder.password);
        const adminBearer = await t.signIn(appAdmin.email, appAdmin.password);
        for (const response of [await details(ml, bearer), await claim(ml, bearer)]) {
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({
            message: lifetimeClaimsContract.CLAIM_NOT_VALID_MESSAGE,
          });
        }
        expect((await rowOf(issued.id, adminBearer))?.status).toBe('expired');
      } finally {
        clockOffset = 0;
      }
      const row = await stored(issued.id);
      expect(row.status).toBe('pending');
      expect(row.claimedByAccountId).toBeNull();
      expect(await membershipOf(holder.id)).toBeNull();
      // One minute before the end it still worked.
      clockOffset = TTL_DAYS * DAY_MS - 60_000;
      try {
        const bearer = await t.signIn(holder.email, holder.password);
        expect((await claim(ml, bearer)).statusCode).toBe(200);
      } finally {
        clockOffset = 0;
      }
    });

    it('answers 409 to an account that holds a lifetime membership already', async () => {
      const holder = await invitee('greedy');
      const first = await issueAndMail(holder.email, org.id);
      expect((await claim(first.ml, holder.bearer)).statusCode).toBe(200);

      const otherOrg = await createOrg(t.db);
      const second = await issueAndMail(holder.email, otherOrg.id);
      // A claimed link is not revoked by a new one for the same email.
      expect((await stored(first.claim.id)).status).toBe('claimed');
      expect((await details(second.ml, holder.bearer)).statusCode).toBe(200);
      const response = await claim(second.ml, holder.bearer);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: lifetimeClaimsContract.ALREADY_LIFETIME_MESSAGE });
      const secondRow = await stored(second.claim.id);
      expect(secondRow.status).toBe('pending');
      expect(secondRow.claimedByAccountId).toBeNull();
      expect(await membershipOf(holder.id, otherOrg.id)).toBeNull();
    });

    it('never moves a claimed membership to another account', async () => {
      const first = await invitee('bound');
      const second = await invitee('taker');
      const bound = await issueAndMail(first.email, org.id);
      expect((await claim(bound.ml, first.bearer)).statusCode).toBe(200);
      const boundRow = await stored(bound.claim.id);

      // The bound link opens for nobody, its owner included.
      for (const bearer of [first.bearer, second.bearer]) {
        expect((await claim(bound.ml, bearer)).statusCode).toBe(404);
      }
      // Another link, for another email: the first account cannot use it, its owner gets a
      // membership of its own, and the first claim stays with the first account.
      const other = await issueAndMail(second.email, org.id);
      expect((await claim(other.ml, first.bearer)).statusCode).toBe(403);
      expect((await claim(other.ml, second.bearer)).statusCode).toBe(200);
      // A fresh link for the first account's email does not unbind its claim either.
      await issueAndMail(first.email, org.id);

      expect(await stored(bound.claim.id)).toEqual(boundRow);
      expect((await stored(other.claim.id)).claimedByAccountId).toBe(second.id);
      const bindings = await t.db
        .select({ id: lifetimeClaims.id, by: lifetimeClaims.claimedByAccountId })
        .from(lifetimeClaims)
        .where(inArray(lifetimeClaims.claimedByAccountId, [first.id, second.id]));
      expect(bindings.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
        [
          { id: bound.claim.id, by: first.id },
          { id: other.claim.id, by: second.id },
        ].sort((a, b) => a.id.localeCompare(b.id)),
      );
      // No route edits, moves or deletes a claim.
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of [
          '/api/admin/lifetime-claims',
          `/api/admin/lifetime-claims/${bound.claim.id}`,
        ]) {
          const response = await t.app.inject({
            method,
            url,
            headers: t.bearer(token.appAdmin),
            payload: { claimedByAccountId: second.id },
          });
          expect(response.statusCode, `${method} ${url}`).toBe(404);
        }
      }
      expect(await stored(bound.claim.id)).toEqual(boundRow);
    });
  });

  describe('mail delivery', () => {
    /** Waits until no job is queued or running, so a forced SMTP failure hits only the next mail. */
    const idle = () => waitForIdleJobs(t.db);

    it('retries a temporary failure and then delivers', async () => {
      await idle();
      smtp.failNext(1);
      const email = freshEmail('retry');
      const response = await issue({ email });
      const { claim: issued } = response.json<lifetimeClaimsContract.ClaimIssuedResponse>();
      const mail = await smtp.waitForMail(email);
      await waitForMailStatus(issued.id, 'sent');
      expect((await stored(issued.id)).tokenHash).toBe(hashToken(linkToken(mail, CLAIM_PATH)));
      // The handler marks the mail sent just before the worker records the job as done.
      await expect
        .poll(async () => {
          const [job] = await t.db
            .select({ status: jobs.status, attempts: jobs.attempts })
            .from(jobs)
            .where(eq(jobs.payload, { claimId: issued.id }));
          return job;
        })
        .toEqual({ status: 'done', attempts: 2 });
    });

    it('shows a mail that failed for good as failed in the list', async () => {
      await idle();
      smtp.failNext(MAIL_MAX_ATTEMPTS);
      const email = freshEmail('bounce');
      const response = await issue({ email });
      expect(response.statusCode).toBe(201);
      const { claim: issued } = response.json<lifetimeClaimsContract.ClaimIssuedResponse>();
      await waitForMailStatus(issued.id, 'failed');
      expect(smtp.received.some((mail) => mail.to.includes(email))).toBe(false);
      const [job] = await t.db
        .select({ status: jobs.status, attempts: jobs.attempts, lastError: jobs.lastError })
        .from(jobs)
        .where(eq(jobs.payload, { claimId: issued.id }));
      expect(job?.status).toBe('failed');
      expect(job?.attempts).toBe(MAIL_MAX_ATTEMPTS);
      expect(job?.lastError).toContain('451');
      expect((await rowOf(issued.id))?.status).toBe('pending');
    });
  });
});
