import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config/env.ts';

// In memory each limit keeps its counters in an LRU of this many keys: room for a busy window, so
// nobody can push a victim's counter out by filling the cache with others.
const MEMORY_KEYS = 100_000;

/** Whole seconds until a window's allowance returns, at least one. */
export const retryAfterSeconds = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

/** The client a counter keys on: its address, an IPv6 one widened to its /64 (one subscriber). */
export function clientKey(ip: string): string {
  return normalizeIP(ip);
}

/** Route config: `max` requests per client per window, counted once the body is valid. */
function perClientLimit(max: number, windowSeconds: number): RateLimitOptions {
  return { max, timeWindow: windowSeconds * 1000, hook: 'preHandler', cache: MEMORY_KEYS };
}

/**
 * Route config of every public route where each request is a guess (a password, a card):
 * AUTH_RATE_LIMIT_PER_IP per client per AUTH_RATE_LIMIT_WINDOW_SECONDS.
 */
export function perClientAuthLimit(
  config: Pick<Config, 'AUTH_RATE_LIMIT_PER_IP' | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'>,
): RateLimitOptions {
  return perClientLimit(config.AUTH_RATE_LIMIT_PER_IP, config.AUTH_RATE_LIMIT_WINDOW_SECONDS);
}

export type WindowCount = {
  /** Peek: the allowance is used up. Hit: this one is over the allowance. */
  limited: boolean;
  /** How much of the allowance is used (at most all of it). */
  used: number;
  retryAfterSeconds: number;
};

/** A fixed-window count per key, where the key comes from a rule (an account, an organisation). */
export type WindowCounter = {
  /** Where `key` stands, counting nothing. */
  peek(key: string): Promise<WindowCount>;
  /** Counts one for `key`. */
  hit(key: string): Promise<WindowCount>;
};

// createRateLimit counts per request; it reads only `routeOptions` (for a route's groupId) and what
// keyGenerator reads, so a key from a rule travels in a stand-in for the request.
type KeyStandIn = { key: string; routeOptions: object };
const standIn = (key: string) =>
  ({ key, routeOptions: {} }) as KeyStandIn as unknown as FastifyRequest;

/**
 * A `WindowCounter` of `max` per `windowSeconds` on the rate-limit plugin's store (registered by
 * plugins/rate-limit.ts), its keys under `name`.
 */
export function windowCounter(
  app: FastifyInstance,
  { name, max, windowSeconds }: { name: string; max: number; windowSeconds: number },
): WindowCounter {
  const options: RateLimitOptions = {
    max,
    timeWindow: windowSeconds * 1000,
    cache: MEMORY_KEYS,
    keyGenerator: (request) => `${name}:${(request as unknown as KeyStandIn).key}`,
  };
  const limit = app.createRateLimit(options);
  const count = async (key: string, increment: boolean): Promise<WindowCount> => {
    const result = await limit(standIn(key), { increment });
    // Only an allow-listed key is "allowed" outright, and no allow-list is configured.
    if (result.isAllowed) return { limited: false, used: 0, retryAfterSeconds: 0 };
    return {
      limited: increment ? result.isExceeded : result.remaining === 0,
      used: result.max - result.remaining,
      retryAfterSeconds: retryAfterSeconds(result.ttl),
    };
  };
  return { peek: (key) => count(key, false), hit: (key) => count(key, true) };
}
