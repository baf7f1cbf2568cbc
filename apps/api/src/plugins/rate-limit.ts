import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { tooManyAttemptsMessage } from '@resonant/contracts/rate-limit';
import { tooManyRequests } from '../lib/http-error.ts';
import { retryAfterSeconds } from '../lib/rate-limit.ts';
import { connectRedis } from '../lib/redis.ts';

export type RateLimitPluginOptions = {
  /** Counters live in this Redis, shared by every instance; in this process's memory without it. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key of this deployment (several may share one Redis). */
  redisKeyPrefix: string;
};

/**
 * @fastify/rate-limit with no global limit: a route opts in with `config.rateLimit`
 * (lib/rate-limit's `perClientLimit`), a rule counts what it chooses with its `windowCounter`.
 * While Redis does not answer, requests go through uncounted (logged), rather than every sign-in
 * being refused.
 */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, options) => {
    const redis = options.redisUrl ? await connectRedis(options.redisUrl, app.log) : undefined;
    if (redis) app.addHook('onClose', async () => redis.quit().catch(() => redis.disconnect()));
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${options.redisKeyPrefix}rate-limit:` } : {}),
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(
          tooManyAttemptsMessage(retryAfterSeconds(context.ttl)),
          retryAfterSeconds(context.ttl),
        ),
    });
  },
  { name: 'rate-limit' },
);
