import type { Config } from './config/env.ts';
import { PUBLISHED_DEMO_PASSWORD } from './config/demo-env.ts';
import { isLoopbackHost } from './config/oidc-env.ts';
import { DEV_IDENTITY_PROVIDER_PATH } from './dev/dev-identity-provider-path.ts';
import {
  DEMO_GROUP_ADMIN_EMAIL,
  DEMO_MEMBER_EMAIL,
  DEMO_ORG_ADMIN_EMAIL,
} from './demo/demo-org.ts';

/** What this start did that the banner reports. */
export type StartFacts = {
  database: string;
  /** The app admin password this start generated, if it did. */
  generatedAppAdminPassword: string | null;
  /** The demo was seeded by this start. */
  demoSeededNow: boolean;
  /**
   * The output is a terminal: a generated password may be shown there, once. Anywhere else (a
   * service's journal, a log file) it would be kept, so it is not printed.
   */
  onTerminal: boolean;
  /** The app admin's account has a second factor (TOTP) in force. */
  appAdminHasSecondFactor: boolean;
};

/**
 * A password this start made up: shown once on a terminal, otherwise the way to choose one
 * (the chosen one is applied at the next start).
 */
function generatedPasswordText(password: string, variable: string, onTerminal: boolean) {
  if (onTerminal) return `${password}  (generated now, shown once; set ${variable} to choose one)`;
  return `(generated now and not printed, as the output is not a terminal: set ${variable} and restart)`;
}

function appAdminLine(config: Config, facts: StartFacts) {
  const password = facts.generatedAppAdminPassword
    ? `password: ${generatedPasswordText(facts.generatedAppAdminPassword, 'APP_ADMIN_PASSWORD', facts.onTerminal)}`
    : '(password: APP_ADMIN_PASSWORD, or the one generated at first start)';
  return `  App admin:    ${config.APP_ADMIN_EMAIL}  ${password}`;
}

/** The published one is no secret (the README has it); a chosen one is never printed. */
function demoPasswordText(config: Config, facts: StartFacts) {
  if (config.DEMO_PASSWORD_GENERATED) {
    return facts.demoSeededNow
      ? generatedPasswordText(config.DEMO_PASSWORD, 'DEMO_PASSWORD', facts.onTerminal)
      : '(the one generated at first start, or DEMO_PASSWORD)';
  }
  if (config.DEMO_PASSWORD === PUBLISHED_DEMO_PASSWORD)
    return `${PUBLISHED_DEMO_PASSWORD} (published)`;
  return '(DEMO_PASSWORD)';
}

/** Which payment provider takes cards, and a warning when Stripe's events cannot reach us. */
function billingModeLine(config: Config): string {
  if (!config.STRIPE_SECRET_KEY)
    return 'Billing:      test mode (no real charges; set STRIPE_* for Stripe)';
  if (!config.STRIPE_WEBHOOK_SECRET) {
    return 'Billing:      Stripe. Warning: STRIPE_WEBHOOK_SECRET is not set, so Stripe events (payments made on its pages, cards changed there) are refused';
  }
  return 'Billing:      Stripe';
}

/** Which providers the auth screen offers: the configured ones, the development one, or none. */
function socialSignInLine(config: Config): string {
  if (config.DEV_IDENTITY_PROVIDER) {
    const line = `Social sign-in: development identity provider at ${config.PUBLIC_URL}${DEV_IDENTITY_PROVIDER_PATH} (Google-type and Apple-type test sign-ins; no real identities; set OIDC_* for real providers)`;
    if (isLoopbackHost(config.HOST)) return line;
    // It refuses other machines (dev/this-machine.ts); their auth screen still shows its buttons.
    return `${line}.\n  It answers only this machine: others reaching HOST ${config.HOST} are refused by it. Set DEV_OIDC=false to hide its buttons.`;
  }
  if (config.OIDC_PROVIDERS.length === 0) {
    return 'Social sign-in: off (set OIDC_* for Google, Apple or another OpenID Connect provider)';
  }
  return `Social sign-in: ${config.OIDC_PROVIDERS.map((provider) => provider.label).join(', ')}`;
}

/** The lines a start prints once the server listens: where, who signs in, billing, sign-in. */
export function startBanner(config: Config, facts: StartFacts): string {
  const lines = [
    '',
    `Resonant is running at ${config.PUBLIC_URL} (database: ${facts.database})`,
    '',
    appAdminLine(config, facts),
  ];
  if (!facts.appAdminHasSecondFactor) {
    lines.push(
      '  Warning: the app admin has no second factor. Sign in as the app admin and turn on two-factor authentication in Settings.',
    );
  }
  if (config.DEMO_DATA) {
    lines.push(
      `  Org admin:    ${DEMO_ORG_ADMIN_EMAIL}`,
      `  Group admin:  ${DEMO_GROUP_ADMIN_EMAIL}`,
      `  Member:       ${DEMO_MEMBER_EMAIL}`,
      `  Demo password (all demo accounts): ${demoPasswordText(config, facts)}`,
    );
  }
  lines.push('', `  ${billingModeLine(config)}`, `  ${socialSignInLine(config)}`);
  return `${lines.join('\n')}\n`;
}
