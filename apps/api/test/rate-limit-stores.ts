import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests may use, or undefined on a machine without one. */
export const redisUrl = process.env.TEST_REDIS_URL;

export type RateLimitStore = {
  name: string;
  /** True when this store cannot run here; `name` then says why. */
  skip: boolean;
  /** Settings for an app on this store; each call is a fresh Redis name-space. */
  env: () => Record<string, string>;
};

/** Counters in the app's memory: always available. */
const MEMORY_STORE: RateLimitStore = { name: 'memory store', skip: false, env: () => ({}) };

/** Counters in the Redis at TEST_REDIS_URL; a fresh machine has none, so it is skipped, saying so. */
export const REDIS_STORE: RateLimitStore = {
  name: redisUrl
    ? 'Redis store'
    : 'Redis store (skipped: TEST_REDIS_URL is not set, e.g. redis://127.0.0.1:6379)',
  skip: !redisUrl,
  env: () => ({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `resonant-test:${randomUUID()}:` }),
};

/** The stores every rate-limit behaviour is tested on. */
export const RATE_LIMIT_STORES = [MEMORY_STORE, REDIS_STORE];

/** Runs `use` with a client of the test Redis, closed afterwards. */
async function withTestRedis<T>(use: (redis: Redis) => Promise<T>): Promise<T> {
  if (!redisUrl) throw new Error('TEST_REDIS_URL is not set');
  const redis = new Redis(redisUrl);
  try {
    return await use(redis);
  } finally {
    await redis.quit();
  }
}

/** Every key under `prefix` in the test Redis. */
export function redisKeys(prefix: string): Promise<string[]> {
  return withTestRedis(async (redis) => {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*`, count: 500 })) {
      keys.push(...(batch as string[]));
    }
    return keys;
  });
}

/** Removes the keys a test left under its name-space (they would expire anyway). */
export async function dropRedisKeys(env: Record<string, string>): Promise<void> {
  const prefix = env.REDIS_KEY_PREFIX;
  if (!prefix) return;
  const keys = await redisKeys(prefix);
  if (keys.length > 0) await withTestRedis((redis) => redis.del(...keys));
}
