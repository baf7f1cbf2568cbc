import { expect, type APIRequestContext } from '@playwright/test';
import { MAILBOX_URL } from './env.ts';

type Mail = { to: string[]; subject: string; text: string; html: string };

/** Every message the app has delivered to this address so far (support/mail-catcher.ts). */
async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`${MAILBOX_URL}/messages?to=${encodeURIComponent(email)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Mail[];
}

/**
 * Waits for the `index`-th mail (from 0), or the first whose subject has a text, to an address and
 * returns the link to `path` in it, as
 * the recipient would click it: a same-site path with the token (`/process-invite?it=...`).
 */
export async function linkFromMail(
  request: APIRequestContext,
  email: string,
  path: string,
  index: number | { subjectHas: string } = 0,
): Promise<string> {
  let link = '';
  const pick = (mails: Mail[]) =>
    typeof index === 'number'
      ? mails[index]
      : mails.find((mail) => mail.subject.includes(index.subjectHas));
  await expect
    .poll(
      async () => {
        const mail = pick(await mailsTo(request, email));
        const match = mail?.text.match(new RegExp(`https?://\\S+${path}\\?it=[\\w-]+`));
        link = match ? match[0] : '';
        return link;
      },
      { timeout: 15_000, message: `mail ${JSON.stringify(index)} to ${email} with a ${path} link` },
    )
    .not.toBe('');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
