import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_NOT_FOUND_MESSAGE,
  ORGANIZATION_NOT_FOUND_MESSAGE,
} from '@resonant/contracts/errors';
import * as invitationsContract from '@resonant/contracts/invitations';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { addMember, createAccount, createOrg } from '../../../test/factories.ts';
import { buildOrg, signedInAccount } from '../../../test/org-builder.ts';
import { dropRedisKeys, RATE_LIMIT_STORES } from '../../../test/rate-limit-stores.ts';
import { linkToken, type SmtpListener } from '../../../test/smtp-listener.ts';
import { expectBadRequests } from '../../../test/bad-requests.ts';
import { buildMailingTestApp } from '../../../test/mailing-test-app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { invitations } from '../../db/schema/invitations.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { hashToken } from '../../lib/crypto.ts';

type Org = Awaited<ReturnType<typeof createOrg>>;

const PUBLIC_URL = 'https://app.resonant.example';
const DAY_MS = 86_400_000;

describe('invitations: sending, listing, resending (SPEC §7 "Invitations")', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let clockOffset = 0;
  let orgA: Org;
  let orgB: Org;
  let alpha: { id: string; name: string };
  let bravo: { id: string; name: string };
  let groupOfB: { id: string; name: string };
  const token = { orgAdmin: '', groupAdmin: '', member: '', appAdmin: '', orgAdminB: '' };
  let memberEmail = '';
  let orgAdminLogin = { email: '', password: '' };

  /** Runs `check` with the clock moved ahead; sessions expire with it, so it signs in anew. */
  const later = async (ms: number, check: (orgAdminToken: string) => Promise<void>) => {
    clockOffset = ms;
    try {
      await check(await t.signIn(orgAdminLogin.email, orgAdminLogin.password));
    } finally {
      clockOffset = 0;
    }
  };

  beforeAll(async () => {
    ({ t, smtp } = await buildMailingTestApp({
      env: {
        PUBLIC_URL,
        JOB_RETRY_BASE_MS: '10',
        MAIL_MAX_ATTEMPTS: '3',
      },
      clock: () => new Date(Date.now() + clockOffset),
    }));
    const inviteOrg = await buildOrg(t, {
      name: 'Invite <Org> A',
      groups: ['Alpha & Co', 'Bravo'],
      people: {
        orgAdmin: { firstName: 'Olga', lastName: 'Owner', orgAdmin: true, groups: ['Default'] },
        groupAdmin: {
          firstName: 'Gus',
          lastName: 'Lead',
          groups: ['Default'],
          adminOf: ['Alpha & Co'],
        },
        member: { email: 'mia.member@invite.test', groups: ['Default'] },
      },
      signIn: ['orgAdmin', 'groupAdmin', 'member'],
    });
    const otherOrg = await buildOrg(t, {
      name: 'Invite Org B',
      groups: ['Bee Team'],
      people: { orgAdminB: { orgAdmin: true } },
      signIn: ['orgAdminB'],
    });
    orgA = inviteOrg;
    orgB = otherOrg;
    alpha = inviteOrg.groups['Alpha & Co'];
    bravo = inviteOrg.groups.Bravo;
    groupOfB = otherOrg.groups['Bee Team'];
    memberEmail = inviteOrg.people.member.email;
    orgAdminLogin = inviteOrg.people.orgAdmin;
    const appAdmin = await signedInAccount(t, { email: APP_ADMIN_EMAIL });
    Object.assign(token, inviteOrg.tokens, otherOrg.tokens, { appAdmin: appAdmin.token });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invite = (body: Partial<invitationsContract.InviteBody>, bearer = token.orgAdmin) =>
    t.call('POST', '/api/org/invitation', bearer, {
      firstName: 'Ivy',
      lastName: 'Invitee',
      role: 'user',
      groupId: bravo.id,
      ...body,
    });
  const listOf = async (bearer = token.orgAdmin, query = '') => {
    const response = await t.call('GET', `/api/org/invitation/list${query}`, bearer);
    expect(response.statusCode).toBe(200);
    return response.json<invitationsContract.InvitationListResponse>();
  };
  const rowOf = async (id: string, bearer = token.orgAdmin) =>
    (await listOf(bearer, '?limit=100')).list.find((row) => row.id === id);
  const details = (linkTokenValue: string, bearer = token.member) =>
    t.call('GET', `/api/invitation-details?it=${encodeURIComponent(linkTokenValue)}`, bearer);
  const waitForMailStatus = async (
    id: string,
    status: invitationsContract.Invitation['mail_status'],
  ) => {
    await expect.poll(async () => (await rowOf(id))?.mail_status, { timeout: 10_000 }).toBe(status);
  };
  let emailCount = 0;
  const freshEmail = (tag: string) => `${tag}.${++emailCount}@invite.test`;

  describe('the role checks every route shares', () => {
    it.each([
      ['GET', '/api/org/invitation/list'],
      ['GET', '/api/org/invitation/groups'],
      ['POST', '/api/org/invitation'],
      ['PUT', '/api/org/invitation'],
      ['GET', '/api/org/search_orgs?search_term=org'],
    ] as const)('%s %s answers 401 signed out and 403 to a member', async (method, url) => {
      const body = method === 'GET' ? undefined : {};
      expect((await t.call(method, url, undefined, body)).statusCode).toBe(401);
      expect((await t.call(method, url, token.member, body)).statusCode).toBe(403);
    });

    it('answers 404 for another organization’s group or invitation', async () => {
      const response = await invite({ email: freshEmail('cross'), groupId: groupOfB.id });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: GROUP_NOT_FOUND_MESSAGE });

      const sent = await invite(
        { email: freshEmail('b-side'), groupId: groupOfB.id },
        token.orgAdminB,
      );
      expect(sent.statusCode).toBe(201);
      const { invitation } = sent.json<invitationsContract.InvitationSentResponse>();
      const resend = await t.call('PUT', '/api/org/invitation', token.orgAdmin, {
        magicLinkId: invitation.id,
      });
      expect(resend.statusCode).toBe(404);
      expect(await rowOf(invitation.id)).toBeUndefined();
    });

    it('answers 404 when an org admin names another organization', async () => {
      const response = await invite({ email: freshEmail('other-org'), orgId: orgB.id });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: ORGANIZATION_NOT_FOUND_MESSAGE });
    });
  });

  describe('an org admin invites', () => {
    // Issue 27: the Default group holds every member, so its group admin would reach the whole
    // organisation without being its admin; the Groups page never allows one.
    it('refuses a Group Admin of the Default group, storing nothing', async () => {
      const email = freshEmail('default-admin');
      const response = await invite({ email, role: 'group', groupId: orgA.defaultGroupId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: invitationsContract.DEFAULT_GROUP_NO_ADMIN_MESSAGE,
      });
      expect((await listOf()).list.some((row) => row.email === email)).toBe(false);
      const member = await invite({ email, role: 'user', groupId: orgA.defaultGroupId });
      expect(member.statusCode).toBe(201);
    });

    it('stores the invitation, mails a link built from PUBLIC_URL, and stores only its hash', async () => {
      const email = freshEmail('gina');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/org/invitation',
        // A forged Host header must not end up in the link.
        headers: { ...t.bearer(token.orgAdmin), host: 'evil.example' },
        payload: {
          firstName: 'Gina',
          lastName: 'Ó Hara-Núñez',
          email: email.toUpperCase(),
          role: 'group',
          groupId: alpha.id,
        },
      });
      expect(response.statusCode).toBe(201);
      const sent = response.json<invitationsContract.InvitationSentResponse>();
      expect(sent.message).toBe(invitationsContract.INVITATION_SENT_MESSAGE);
      expect(sent.invitation).toMatchObject({
        email,
        status: 'pending',
        role: 'group',
        state: {
          first_name: 'Gina',
          last_name: 'Ó Hara-Núñez',
          org_name: 'Invite <Org> A',
          group_name: 'Alpha & Co',
        },
      });
      const expiresIn =
        Date.parse(sent.invitation.expires_at) - Date.parse(sent.invitation.created_at);
      expect(expiresIn).toBe(7 * DAY_MS);

      const mail = await smtp.waitForMail(email);
      expect(mail.subject).toBe('Olga Owner invited you to join Invite <Org> A on Resonant');
      expect(mail.text).toContain('Hi Gina,');
      expect(mail.text).toContain(
        'Olga Owner has invited you to join Invite <Org> A, in the group Alpha & Co, on Resonant as Group Admin.',
      );
      const it = linkToken(mail, '/process-invite');
      expect(mail.text).toContain(`${PUBLIC_URL}/process-invite?it=${it}`);
      expect(mail.text).not.toContain('evil.example');
      // The HTML body names the same org and group, escaped, and carries the same link.
      expect(mail.html).toContain('Invite &lt;Org&gt; A');
      expect(mail.html).toContain('Alpha &amp; Co');
      expect(mail.html).not.toContain('<Org>');
      expect(mail.html).toContain(`href="${PUBLIC_URL}/process-invite?it=${it}"`);

      // 256 bits of randomness, and only the hash is in the database.
      expect(Buffer.from(it, 'base64url').length).toBeGreaterThanOrEqual(16);
      const [stored] = await t.db
        .select({ tokenHash: invitations.tokenHash })
        .from(invitations)
        .where(eq(invitations.id, sent.invitation.id));
      expect(stored?.tokenHash).toBe(hashToken(it));
      const jobRows = await t.db.select({ payload: jobs.payload }).from(jobs);
      expect(JSON.stringify(jobRows)).not.toContain(it);

      await waitForMailStatus(sent.invitation.id, 'sent');
      const audit = await t.db
        .select({ action: auditLog.action, orgId: auditLog.orgId })
        .from(auditLog)
        .where(eq(auditLog.targetId, sent.invitation.id));
      expect(audit).toEqual([{ action: 'invitation.create', orgId: orgA.id }]);
    });

    it('lists the invitations newest first with the spec’s fields, and searches them', async () => {
      const email = freshEmail('listed');
      const sent = (
        await invite({ email, firstName: 'Lara', lastName: 'Listed' })
      ).json<invitationsContract.InvitationSentResponse>();
      const { list, noOfRows } = await listOf();
      expect(noOfRows).toBeGreaterThanOrEqual(2);
      expect(list[0]).toEqual(sent.invitation);
      expect(list[0]?.state).toEqual({
        first_name: 'Lara',
        last_name: 'Listed',
        org_name: orgA.name,
        group_name: 'Bravo',
      });
      const searched = await listOf(token.orgAdmin, '?search=lara%20list');
      expect(searched.list.map((row) => row.email)).toEqual([email]);
      expect((await listOf(token.orgAdmin, '?search=nobody-matches')).list).toEqual([]);
      // Org B's admin sees none of org A's invitations.
      expect(
        (await listOf(token.orgAdminB)).list.some((row) => row.id === sent.invitation.id),
      ).toBe(false);
    });

    it('sorts the list by a column either way, the newest first breaking ties', async () => {
      await invite({ email: freshEmail('sort'), firstName: 'Aaron', lastName: 'Zed' });
      await invite({ email: freshEmail('sort'), firstName: 'Zoe', lastName: 'Able' });
      const firstNames = async (query: string) =>
        (await listOf(token.orgAdmin, `?limit=100&${query}`)).list.map(
          (row) => row.state.first_name,
        );
      const ascending = await firstNames('sort=first_name&order=asc');
      expect(ascending).toEqual(
        [...ascending].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
      );
      expect(ascending[0]).toBe('Aaron');
      expect((await firstNames('sort=first_name&order=desc'))[0]).toBe('Zoe');
      const byLastName = await listOf(token.orgAdmin, '?limit=1&sort=last_name');
      expect(byLastName.list[0]?.state.last_name).toBe('Able');
      const oldestFirst = (await listOf(token.orgAdmin, '?limit=100&sort=sent_at')).list;
      const sentTimes = oldestFirst.map((row) => row.created_at);
      expect(sentTimes).toEqual([...sentTimes].sort());
      const wrong = await t.call('GET', '/api/org/invitation/list?sort=token', token.orgAdmin);
      expect(wrong.statusCode).toBe(400);
    });

    it('checks the SPEC §5 invite rules', async () => {
      const cases: [Partial<invitationsContract.InviteBody>, string][] = [
        [{ email: freshEmail('no-group'), groupId: undefined }, 'groupId: This field is required'],
        [{ email: '' }, 'This field is required'],
        [{ email: 'not-an-email' }, 'Please enter a valid email.'],
        [{ email: `${'a'.repeat(45)}@x.test` }, 'Email must be at most 50 characters'],
        [
          { email: freshEmail('long'), firstName: 'F'.repeat(51) },
          'First name must be at most 50 characters',
        ],
        [{ email: freshEmail('blank'), lastName: '   ' }, 'This field is required'],
        [{ email: freshEmail('newline'), lastName: 'Evil\r\nBcc: x@y.z' }, 'Invalid characters'],
        [{ email: freshEmail('bang'), firstName: 'Bob!' }, 'firstName: Invalid characters'],
      ];
      await expectBadRequests(invite, cases);
    });

    it('refuses members, the app admin and a second pending invitation', async () => {
      const member = await invite({ email: memberEmail.toUpperCase() });
      expect(member.statusCode).toBe(409);
      expect(member.json()).toEqual({ message: invitationsContract.ALREADY_MEMBER_MESSAGE });

      const appAdmin = await invite({ email: APP_ADMIN_EMAIL });
      expect(appAdmin.statusCode).toBe(409);
      expect(appAdmin.json()).toEqual({
        message: invitationsContract.APP_ADMIN_NOT_INVITABLE_MESSAGE,
      });

      const email = freshEmail('twice');
      expect((await invite({ email })).statusCode).toBe(201);
      const again = await invite({ email, role: 'org', groupId: alpha.id });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: invitationsContract.ALREADY_PENDING_MESSAGE });
      const rows = await t.db.select().from(invitations).where(eq(invitations.email, email));
      expect(rows).toHaveLength(1);
      // The same email may be invited by another organization.
      expect((await invite({ email, groupId: groupOfB.id }, token.orgAdminB)).statusCode).toBe(201);
    });

    it('lists the org’s groups for the dialog, Default last', async () => {
      const response = await t.call('GET', '/api/org/invitation/groups', token.orgAdmin);
      expect(response.json<invitationsContract.InvitationGroupsResponse>().list).toEqual([
        { id: alpha.id, name: 'Alpha & Co', is_default: false },
        { id: bravo.id, name: 'Bravo', is_default: false },
        { id: orgA.defaultGroupId, name: 'Default', is_default: true },
      ]);
    });
  });

  describe('a group admin invites', () => {
    it('only into the current group and never as Organization Admin', async () => {
      const orgRole = await invite({ email: freshEmail('ga-org'), role: 'org' }, token.groupAdmin);
      expect(orgRole.statusCode).toBe(403);
      expect(orgRole.json()).toEqual({
        message: invitationsContract.ORG_ADMIN_ROLE_NOT_ALLOWED_MESSAGE,
      });

      const otherGroup = await invite(
        { email: freshEmail('ga-bravo'), groupId: bravo.id },
        token.groupAdmin,
      );
      expect(otherGroup.statusCode).toBe(404);

      const email = freshEmail('ga-ok');
      const sent = await invite({ email, role: 'group', groupId: undefined }, token.groupAdmin);
      expect(sent.statusCode).toBe(201);
      expect(
        sent.json<invitationsContract.InvitationSentResponse>().invitation.state.group_name,
      ).toBe('Alpha & Co');

      // The group admin's table holds only the group's invitations.
      const { list } = await listOf(token.groupAdmin, '?limit=100');
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((row) => row.state.group_name === 'Alpha & Co')).toBe(true);
      const groups = await t.call('GET', '/api/org/invitation/groups', token.groupAdmin);
      expect(
        groups.json<invitationsContract.InvitationGroupsResponse>().list.map((group) => group.id),
      ).toEqual([alpha.id]);
    });
  });

  describe('the app admin invites', () => {
    it('into any organization it names, and sees every organization’s invitations', async () => {
      const missing = await invite(
        { email: freshEmail('adm'), groupId: groupOfB.id },
        token.appAdmin,
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ message: 'orgId: This field is required' });

      const unknown = await invite(
        { email: freshEmail('adm'), orgId: '00000000-0000-4000-8000-000000000000' },
        token.appAdmin,
      );
      expect(unknown.statusCode).toBe(404);

      const wrongGroup = await invite(
        { email: freshEmail('adm'), orgId: orgB.id, groupId: alpha.id },
        token.appAdmin,
      );
      expect(wrongGroup.statusCode).toBe(404);

      const email = freshEmail('adm-ok');
      const sent = await invite(
        { email, orgId: orgB.id, groupId: groupOfB.id, role: 'org' },
        token.appAdmin,
      );
      expect(sent.statusCode).toBe(201);
      const orgNames = new Set(
        (await listOf(token.appAdmin, '?limit=100')).list.map((row) => row.state.org_name),
      );
      expect(orgNames).toEqual(new Set([orgA.name, orgB.name]));

      const groups = await t.call(
        'GET',
        `/api/org/invitation/groups?org_id=${orgB.id}`,
        token.appAdmin,
      );
      expect(
        groups.json<invitationsContract.InvitationGroupsResponse>().list.map((group) => group.name),
      ).toEqual(['Bee Team', 'Default']);
    });

    it('searches organizations by name', async () => {
      const response = await t.call(
        'GET',
        '/api/org/search_orgs?search_term=org%20b',
        token.appAdmin,
      );
      expect(response.json<invitationsContract.SearchOrgsResponse>().list).toEqual([
        { id: orgB.id, name: orgB.name },
      ]);
      const wildcard = await t.call('GET', '/api/org/search_orgs?search_term=%25', token.appAdmin);
      expect(wildcard.json<invitationsContract.SearchOrgsResponse>().list).toEqual([]);
      expect(
        (await t.call('GET', '/api/org/search_orgs?search_term=org', token.orgAdmin)).statusCode,
      ).toBe(403);
    });
  });

  describe('resending', () => {
    it('mails a new link and voids the old one at once', async () => {
      const email = freshEmail('resend');
      const sent = (await invite({ email })).json<invitationsContract.InvitationSentResponse>();
      const first = linkToken(await smtp.waitForMail(email), '/process-invite');
      expect((await details(first)).statusCode).toBe(200);

      const resent = await t.call('PUT', '/api/org/invitation', token.orgAdmin, {
        magicLinkId: sent.invitation.id,
      });
      expect(resent.statusCode).toBe(200);
      expect(resent.json<invitationsContract.InvitationSentResponse>().message).toBe(
        invitationsContract.INVITATION_RESENT_MESSAGE,
      );
      // Void before the new mail is even sent.
      expect((await details(first)).json()).toEqual({
        message: invitationsContract.INVITATION_NOT_VALID_MESSAGE,
      });

      const second = linkToken(await smtp.waitForMail(email, { index: 1 }), '/process-invite');
      expect(second).not.toBe(first);
      expect((await details(first)).statusCode).toBe(404);
      expect((await details(second)).statusCode).toBe(200);
    });

    it('revives an expired invitation with a fresh expiry', async () => {
      const email = freshEmail('expired');
      const sent = (await invite({ email })).json<invitationsContract.InvitationSentResponse>();
      await smtp.waitForMail(email);
      await later(8 * DAY_MS, async (bearer) => {
        expect((await rowOf(sent.invitation.id, bearer))?.status).toBe('expired');
        const resent = await t.call('PUT', '/api/org/invitation', bearer, {
          magicLinkId: sent.invitation.id,
        });
        expect(resent.statusCode).toBe(200);
        const { invitation } = resent.json<invitationsContract.InvitationSentResponse>();
        expect(invitation.status).toBe('pending');
        expect(Date.parse(invitation.expires_at)).toBeGreaterThan(Date.now() + 14 * DAY_MS);
      });
    });

    it('lets a new invitation replace one whose link expired', async () => {
      const email = freshEmail('replaced');
      const old = (await invite({ email })).json<invitationsContract.InvitationSentResponse>();
      await later(8 * DAY_MS, async (bearer) => {
        expect((await invite({ email }, bearer)).statusCode).toBe(201);
        const [stored] = await t.db
          .select({ status: invitations.status })
          .from(invitations)
          .where(eq(invitations.id, old.invitation.id));
        expect(stored?.status).toBe('expired');
      });
    });

    it('refuses an accepted invitation', async () => {
      const email = freshEmail('accepted');
      const sent = (await invite({ email })).json<invitationsContract.InvitationSentResponse>();
      const it = linkToken(await smtp.waitForMail(email), '/process-invite');
      const invitee = await createAccount(t.db, { email });
      const bearer = await t.signIn(invitee.email, invitee.password);
      expect(
        (await t.call('POST', '/api/process-invitation', bearer, { it, status: 'accepted' }))
          .statusCode,
      ).toBe(200);
      const resend = await t.call('PUT', '/api/org/invitation', token.orgAdmin, {
        magicLinkId: sent.invitation.id,
      });
      expect(resend.statusCode).toBe(409);
      expect(resend.json()).toEqual({ message: invitationsContract.ALREADY_ACCEPTED_MESSAGE });
      expect((await rowOf(sent.invitation.id))?.status).toBe('accepted');
    });
  });

  describe('mail delivery through the jobs table', () => {
    it('retries a temporary failure with back-off and then delivers', async () => {
      const email = freshEmail('retry');
      smtp.failNext(1, email);
      const sent = (await invite({ email })).json<invitationsContract.InvitationSentResponse>();
      await smtp.waitForMail(email);
      await waitForMailStatus(sent.invitation.id, 'sent');
      // The handler marks the mail sent just before the worker records the job as done.
      await expect
        .poll(async () => {
          const [job] = await t.db
            .select({ status: jobs.status, attempts: jobs.attempts })
            .from(jobs)
            .where(eq(jobs.payload, { invitationId: sent.invitation.id }));
          return job;
        })
        .toEqual({ status: 'done', attempts: 2 });
    });

    it('shows a mail that finally failed in the table, and a resend tries again', async () => {
      const email = freshEmail('bounce');
      smtp.failNext(3, email);
      const sent = (await invite({ email })).json<invitationsContract.InvitationSentResponse>();
      await waitForMailStatus(sent.invitation.id, 'failed');
      expect(smtp.received.some((mail) => mail.to.includes(email))).toBe(false);
      const [job] = await t.db
        .select({ status: jobs.status, attempts: jobs.attempts, lastError: jobs.lastError })
        .from(jobs)
        .where(eq(jobs.payload, { invitationId: sent.invitation.id }));
      expect(job?.status).toBe('failed');
      expect(job?.attempts).toBe(3);
      expect(job?.lastError).toContain('451');

      await t.call('PUT', '/api/org/invitation', token.orgAdmin, {
        magicLinkId: sent.invitation.id,
      });
      await smtp.waitForMail(email);
      await waitForMailStatus(sent.invitation.id, 'sent');
    });
  });
});

for (const store of RATE_LIMIT_STORES) {
  describe.skipIf(store.skip)(`invitations: rate limit per organization, ${store.name}`, () => {
    it('answers 429 with Retry-After once an organization has sent its share, while others can still send', async () => {
      const windowSeconds = 3600;
      const storeEnv = store.env();
      const t = await buildTestApp({
        env: {
          ...storeEnv,
          INVITE_RATE_LIMIT_PER_ORG: '2',
          INVITE_RATE_LIMIT_WINDOW_SECONDS: String(windowSeconds),
          JOB_POLL_MS: '60000',
        },
      });
      try {
        const orgs = [await createOrg(t.db), await createOrg(t.db)];
        const tokens: string[] = [];
        for (const org of orgs) {
          const admin = await createAccount(t.db);
          await addMember(t.db, org.id, admin.id, { orgAdmin: true });
          tokens.push(await t.signIn(admin.email, admin.password));
        }
        const send = (index: number, email: string) =>
          t.call('POST', '/api/org/invitation', tokens[index], {
            firstName: 'R',
            lastName: 'L',
            email,
            role: 'user',
            groupId: orgs[index]!.defaultGroupId,
          });
        const first = await send(0, 'one@rate.test');
        expect(first.statusCode).toBe(201);
        expect((await send(0, 'two@rate.test')).statusCode).toBe(201);
        const third = await send(0, 'three@rate.test');
        expect(third.statusCode).toBe(429);
        expect(third.json()).toEqual({ message: invitationsContract.INVITE_RATE_LIMITED_MESSAGE });
        const retryAfter = Number(third.headers['retry-after']);
        expect(Number.isInteger(retryAfter)).toBe(true);
        expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
        expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
        // A resend is a send too.
        const resent = await t.call('PUT', '/api/org/invitation', tokens[0], {
          magicLinkId: first.json<invitationsContract.InvitationSentResponse>().invitation.id,
        });
        expect(resent.statusCode).toBe(429);
        expect(resent.headers['retry-after']).toEqual(expect.any(String));
        expect((await send(1, 'three@rate.test')).statusCode).toBe(201);
      } finally {
        await t.close();
        await dropRedisKeys(storeEnv);
      }
    });
  });
}
