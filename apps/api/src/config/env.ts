import path from 'node:path';
import { z } from 'zod';
import { isLoopbackUrl, readOidcProviders, type OidcProviderSetting } from './oidc-env.ts';
import { demoSetting, type DemoSetting } from './demo-env.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && 'problem' in parsed) {
        context.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed;
    }),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(z.url('must be a postgres:// URL').optional()),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  APP_ADMIN_EMAIL: z.email().default('admin@resonant.local'),
  APP_ADMIN_PASSWORD: optionalText.pipe(
    z.string().min(8, 'must be at least 8 characters').optional(),
  ),
  /** Unset: on for a first run on this machine only (config/demo-env.ts). */
  DEMO_DATA: booleanFlag.optional(),
  DEMO_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  SESSION_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  REFRESH_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** However often it is refreshed, a session ends this long after it opened. */
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().positive().default(60),
  /** Reset mails per address per hour; past it the same answer, and no mail. */
  PASSWORD_RESET_MAILS_PER_EMAIL: z.coerce.number().int().positive().default(3),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  AUTH_RATE_LIMIT_ACCOUNT_CEILING: z.coerce.number().int().positive().optional(),
  REDIS_URL: optionalText.pipe(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  REDIS_KEY_PREFIX: z.string().min(1).default('resonant:'),
  WEB_DIST_DIR: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalText.pipe(z.url('must be an smtp:// or smtps:// URL').optional()),
  /** Without SMTP_URL in production, keep mail in the outbox knowingly (config rules below). */
  MAIL_OUTBOX: booleanFlag.default(false),
  MAIL_FROM: z.string().default('Resonant <no-reply@resonant.local>'),
  INVITATION_TTL_DAYS: z.coerce.number().positive().default(7),
  CLAIM_LINK_TTL_DAYS: z.coerce.number().positive().default(7),
  /** How long a sign-up's confirmation link works. */
  EMAIL_VERIFICATION_TTL_HOURS: z.coerce.number().positive().default(48),
  /** Confirmation links a signed-in account may ask for per hour. */
  EMAIL_VERIFICATION_RESENDS_PER_HOUR: z.coerce.number().int().positive().default(5),
  INVITE_RATE_LIMIT_PER_ORG: z.coerce.number().int().positive().default(100),
  INVITE_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  JOB_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
  JOB_POLL_MS: z.coerce.number().int().positive().default(2_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Price of a seat per period; at most $10,000, so invoice amounts (cents) stay in an int4. */
  SEAT_PRICE_CENTS: z.coerce.number().int().nonnegative().max(1_000_000).default(500),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where the stripe SDK sends its calls (host, port, protocol); unset: Stripe's own API. */
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** How often the jobs worker looks for organisations whose billing date has come. */
  BILLING_SWEEP_MINUTES: z.coerce.number().int().positive().default(60),
  /**
   * The in-process development identity provider: on by default, but it only ever starts outside
   * production, when no provider is configured and PUBLIC_URL is on this machine.
   */
  DEV_OIDC: booleanFlag.default(true),
});

/** The variables, and the rules between them. */
const ConfigSchema = EnvSchema.superRefine((env, context) => {
  if (env.NODE_ENV === 'production' && env.TRUST_PROXY === true) {
    context.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message:
        'true believes every X-Forwarded-For hop, so a client could name its own address: set the ' +
        'number of proxies in front (1 behind one) or their addresses',
    });
  }
  // Without SMTP the links of invitations and claims (live tokens) wait in the outbox table and
  // DATA_DIR/mail, and nobody receives them: fine on a laptop, a surprise in production.
  if (env.NODE_ENV === 'production' && !env.SMTP_URL && !env.MAIL_OUTBOX) {
    context.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message:
        'production sends mail over SMTP: set SMTP_URL, or MAIL_OUTBOX=true to keep every message ' +
        '(with its live links) in the outbox table and DATA_DIR/mail instead',
    });
  }
  // The server bills with Stripe by the secret key, the browser takes cards by the publishable
  // one: with only one of them the page could not add a card to what is billed (or would load
  // Stripe.js while cards go to the test mode).
  if (Boolean(env.STRIPE_SECRET_KEY) === Boolean(env.STRIPE_PUBLISHABLE_KEY)) return;
  context.addIssue({
    code: 'custom',
    path: [env.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY'],
    message:
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together: set both for Stripe, or neither for the built-in test mode',
  });
});

export type Config = Omit<
  z.infer<typeof EnvSchema>,
  | 'PUBLIC_URL'
  | 'WEB_DIST_DIR'
  | 'AUTH_RATE_LIMIT_ACCOUNT_CEILING'
  | 'DEV_OIDC'
  | 'DEMO_DATA'
  | 'DEMO_PASSWORD'
> &
  DemoSetting & {
    PUBLIC_URL: string;
    WEB_DIST_DIR: string;
    AUTH_RATE_LIMIT_ACCOUNT_CEILING: number;
    /** The configured OpenID Connect providers (config/oidc-env.ts), in button order. */
    OIDC_PROVIDERS: OidcProviderSetting[];
    /**
     * Mount the development identity provider: DEV_OIDC, NODE_ENV not production, no provider
     * configured, PUBLIC_URL local.
     */
    DEV_IDENTITY_PROVIDER: boolean;
  };

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function invalidConfiguration(problems: string[]) {
  return new Error(`Invalid configuration:\n${problems.join('\n')}`);
}

/** Parses the environment once at boot; a bad value throws a message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  const oidc = readOidcProviders(env);
  if (!parsed.success || oidc.problems.length > 0) {
    const problems = [
      ...(parsed.error?.issues ?? []).map((issue) => `  ${issue.path.join('.')}: ${issue.message}`),
      ...oidc.problems.map((problem) => `  ${problem.variable}: ${problem.message}`),
    ];
    throw invalidConfiguration(problems);
  }
  const { DEV_OIDC, DEMO_DATA, DEMO_PASSWORD, ...config } = parsed.data;
  // Without trailing slashes, so every URL built on it (links, callbacks, the development
  // provider's issuer) is the same string.
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const demo = demoSetting({
    demoData: DEMO_DATA,
    demoPassword: DEMO_PASSWORD,
    onThisMachine: config.NODE_ENV !== 'production' && isLoopbackUrl(publicUrl),
  });
  if ('problem' in demo) throw invalidConfiguration([`  ${demo.problem}`]);
  return {
    ...config,
    ...demo,
    OIDC_PROVIDERS: oidc.providers,
    // PUBLIC_URL says where links point, not who can reach the server: a deployment that left it
    // unset must not let anyone make (or sign in to) accounts through the development provider.
    DEV_IDENTITY_PROVIDER:
      DEV_OIDC &&
      config.NODE_ENV !== 'production' &&
      oidc.providers.length === 0 &&
      isLoopbackUrl(publicUrl),
    DATA_DIR: path.resolve(config.DATA_DIR),
    PUBLIC_URL: publicUrl,
    WEB_DIST_DIR: path.resolve(config.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    APP_ADMIN_EMAIL: config.APP_ADMIN_EMAIL.toLowerCase(),
    // Failures per account from all clients: by default ten clients' worth.
    AUTH_RATE_LIMIT_ACCOUNT_CEILING:
      config.AUTH_RATE_LIMIT_ACCOUNT_CEILING ?? 10 * config.AUTH_RATE_LIMIT_PER_ACCOUNT,
  };
}
