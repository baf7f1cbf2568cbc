import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildOrg } from '../../test/org-builder.ts';
import { auditLog } from '../db/schema/audit.ts';
import { readings } from '../db/schema/readings.ts';

const NOT_MULTIPART = /^The upload is not valid multipart\/form-data \(.+\)$/;
const NUL_MESSAGE = 'Must not contain the NUL character (U+0000)';
const HEAD = 'Content-Disposition: form-data; name="file"; filename="a.csv"\r\n';

// Both import routes read their form through readMultipartForm; these used to answer 500.
describe.each([
  ['/api/org/users/import', 'domain'],
  ['/api/v1/readings/import', 'kind'],
])('a malformed multipart body to %s', (url, textField) => {
  let t: TestApp;
  let token = '';
  let orgId = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const org = await buildOrg(t, {
      people: { admin: { orgAdmin: true, groups: ['Default'] } },
      signIn: ['admin'],
    });
    orgId = org.id;
    token = org.tokens.admin;
  });
  afterAll(() => t.close());

  const post = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...t.bearer(token), 'content-type': contentType },
      payload,
    });
  const stored = async () => ({
    readings: (await t.db.select({ n: count() }).from(readings).where(eq(readings.orgId, orgId)))[0]
      ?.n,
    audit: (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.orgId, orgId)))[0]
      ?.n,
  });

  it.each([
    ['without a boundary', 'multipart/form-data', `--X\r\n${HEAD}\r\n1000\r\n--X--\r\n`],
    ['cut off early', 'multipart/form-data; boundary=X', `--X\r\n${HEAD}\r\n1000\r\n1010`],
    ['with a part header that never ends', 'multipart/form-data; boundary=X', `--X\r\n${HEAD}`],
  ])('answers 400 for a body %s', async (_case, contentType, payload) => {
    const response = await post(contentType, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(NOT_MULTIPART);
    expect(await stored()).toEqual({ readings: 0, audit: 0 });
  });

  it('answers 400 naming a text field or a file name that holds a NUL', async () => {
    const file = { name: 'rr.csv', content: 'RR\n1000\n' };
    const field = await t.upload(url, token, [file], { [textField]: 'a\u0000' });
    expect(field.statusCode).toBe(400);
    expect(field.json()).toEqual({ message: `${textField}: ${NUL_MESSAGE}` });
    const name = await t.upload(url, token, [{ ...file, name: 'r\u0000r.csv' }]);
    expect(name.statusCode).toBe(400);
    expect(name.json()).toEqual({ message: `file.filename: ${NUL_MESSAGE}` });
    expect(await stored()).toEqual({ readings: 0, audit: 0 });
  });
});
