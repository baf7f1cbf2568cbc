import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ADMIN_EMAIL, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildOrg, signedInAccount } from '../../test/org-builder.ts';
import { auditLog } from '../db/schema/audit.ts';
import { audit } from './audit.ts';

describe('the audit log outlives the organisation', () => {
  let t: TestApp;
  let appAdmin = '';

  beforeAll(async () => {
    t = await buildTestApp();
    appAdmin = (await signedInAccount(t, { email: APP_ADMIN_EMAIL })).token;
  });
  afterAll(() => t.close());

  const rowsOf = (targetId: string) =>
    t.db
      .select({ orgId: auditLog.orgId, orgName: auditLog.orgName, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, targetId));

  it("keeps every row with the organisation's name when the app admin deletes it", async () => {
    const name = `Doomed ${randomUUID().slice(0, 8)}`;
    const org = await buildOrg(t, {
      name,
      people: { owner: { orgAdmin: true, groups: ['Default'] }, ann: { groups: ['Default'] } },
      signIn: ['owner'],
    });
    const created = await t.call('POST', '/api/group/profile', org.tokens.owner, {
      name: 'Night Shift',
      adminUserIds: [org.ids.ann],
    });
    expect(created.json()).toEqual({ message: 'Group created successfully' });
    const [groupRow] = await t.db
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.action, 'group.create'))
      .orderBy(auditLog.createdAt);
    const groupId = groupRow!.targetId!;
    expect(await rowsOf(groupId)).toEqual([
      { orgId: org.id, orgName: name, action: 'group.create' },
    ]);

    const deleted = await t.call('DELETE', `/api/org/profile?orgId=${org.id}`, appAdmin);
    expect(deleted.statusCode).toBe(200);

    expect(await rowsOf(groupId)).toEqual([{ orgId: null, orgName: name, action: 'group.create' }]);
    expect(await rowsOf(org.id)).toEqual([
      { orgId: null, orgName: null, action: 'organization.delete' },
    ]);
  });

  it('files an account event with no organisation and no name', async () => {
    const accountId = randomUUID();
    await audit(
      t.db,
      { orgId: null, accountId: null, ip: '127.0.0.1' },
      'account.sign-out',
      accountId,
    );
    expect(await rowsOf(accountId)).toEqual([
      { orgId: null, orgName: null, action: 'account.sign-out' },
    ]);
  });
});
