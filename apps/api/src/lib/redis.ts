import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

// A request never waits long for Redis: a command gets this long to answer.
const COMMAND_TIMEOUT_MS = 1000;

/**
 * Connects to REDIS_URL for counters shared by every API instance. Rejects with a message naming
 * REDIS_URL when Redis does not answer at start. Afterwards commands fail at once while Redis is
 * unreachable (no offline queue) and the client reconnects in the background; losing and finding
 * Redis again are each logged once.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  let state: 'connecting' | 'up' | 'down' = 'connecting';
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
    if (state !== 'up') return;
    state = 'down';
    log.error({ err: error }, 'Redis does not answer: rate limits are off until it does');
  });
  redis.on('ready', () => {
    if (state === 'down') log.warn('Redis answers again: rate limits are back');
    state = 'up';
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    const reason = (lastError ?? (error as Error)).message;
    throw new Error(`REDIS_URL: Redis at ${new URL(url).host} does not answer (${reason})`);
  }
  return redis;
}
