import { APP_ADMIN, BASE_URL, DEMO_PASSWORD, E2E_PORT, E2E_SMTP_PORT } from './env.ts';

/** Node's arguments that start the journeys' server, from the repository's root. */
export const SERVER_ARGS = ['--import', 'tsx', 'apps/api/src/server.ts'];
export const SERVER_COMMAND = `node ${SERVER_ARGS.join(' ')}`;

/**
 * The environment of the journeys' server on `dataDir`: the demo seeded there with DEMO_PASSWORD,
 * the app admin, no rate limit on sign-ins, and mail to the test mailbox.
 */
export function serverEnv(dataDir: string): Record<string, string> {
  return {
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: 'true',
    DEMO_PASSWORD,
    APP_ADMIN_EMAIL: APP_ADMIN.email,
    APP_ADMIN_PASSWORD: APP_ADMIN.password,
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: BASE_URL,
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    JOB_POLL_MS: '500',
  };
}
