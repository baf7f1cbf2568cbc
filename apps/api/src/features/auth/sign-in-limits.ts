import type { FastifyInstance } from 'fastify';
import { tooManyAttemptsMessage } from '@resonant/contracts/rate-limit';
import type { Config } from '../../config/env.ts';
import { tooManyRequests } from '../../lib/http-error.ts';
import { clientKey, windowCounter, type WindowCount } from '../../lib/rate-limit.ts';

/** Who may try to sign in to an account now, and what a failed sign-in counts against. */
export type SignInLimits = {
  /** Throws 429 when this client may not try this account now; runs before any password check. */
  admit(email: string, ip: string): Promise<void>;
  /** Counts a failed sign-in against this client on this account, and against the account. */
  recordFailure(email: string, ip: string): Promise<void>;
};

/**
 * Failure-based sign-in limits (decision 0013), per window:
 * - attempts per client on any account (AUTH_RATE_LIMIT_PER_IP), against one client spraying many;
 * - failures per account and client (AUTH_RATE_LIMIT_PER_ACCOUNT): past them that client is refused,
 *   right password included, while every other client may still try;
 * - failures per account from all clients (AUTH_RATE_LIMIT_ACCOUNT_CEILING), against distributed
 *   guessing: at the ceiling only clients without a failure on the account may still try, so a
 *   stranger never locks the owner out.
 * Unknown emails count like known ones: the answers tell nothing about which accounts exist.
 */
export function signInLimits(app: FastifyInstance, config: Config): SignInLimits {
  const windowSeconds = config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const attemptsPerClient = windowCounter(app, {
    name: 'sign-in:client',
    max: config.AUTH_RATE_LIMIT_PER_IP,
    windowSeconds,
  });
  const failuresPerAccountClient = windowCounter(app, {
    name: 'sign-in:account-client',
    max: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    windowSeconds,
  });
  const failuresPerAccount = windowCounter(app, {
    name: 'sign-in:account',
    max: config.AUTH_RATE_LIMIT_ACCOUNT_CEILING,
    windowSeconds,
  });
  // The email is validated and lower-cased by SignInBody; an address never contains '|'.
  const accountClient = (email: string, ip: string) => `${email}|${clientKey(ip)}`;

  return {
    async admit(email, ip) {
      const [client, accountClientFailures, accountFailures] = await Promise.all([
        attemptsPerClient.hit(clientKey(ip)),
        failuresPerAccountClient.peek(accountClient(email, ip)),
        failuresPerAccount.peek(email),
      ]);
      const binding: WindowCount[] = [client, accountClientFailures];
      if (accountClientFailures.used > 0) binding.push(accountFailures);
      const limited = binding.filter((count) => count.limited);
      if (limited.length === 0) return;
      const wait = Math.max(...limited.map((count) => count.retryAfterSeconds));
      throw tooManyRequests(tooManyAttemptsMessage(wait), wait);
    },
    async recordFailure(email, ip) {
      await Promise.all([
        failuresPerAccountClient.hit(accountClient(email, ip)),
        failuresPerAccount.hit(email),
      ]);
    },
  };
}
