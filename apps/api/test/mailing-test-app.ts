import { buildTestApp, type TestApp } from './build-test-app.ts';
import { startSmtpListener, type SmtpListener } from './smtp-listener.ts';

/**
 * A test app that delivers its mail to a fresh SMTP listener, its job worker polling every 25 ms
 * so a queued mail arrives within the test. `options` as for `buildTestApp`; close both after.
 */
export async function buildMailingTestApp(
  options: Parameters<typeof buildTestApp>[0] = {},
): Promise<{ t: TestApp; smtp: SmtpListener }> {
  const smtp = await startSmtpListener();
  try {
    const t = await buildTestApp({
      ...options,
      env: { SMTP_URL: smtp.url, JOB_POLL_MS: '25', ...options.env },
    });
    return { t, smtp };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}
