import net from 'node:net';

/**
 * Which hops of `X-Forwarded-For` Fastify believes (its `trustProxy`): none (`false`), the last
 * `n` (the proxies in front: `TRUST_PROXY=1` behind one), the addresses or CIDR ranges of known
 * proxies, or every hop (`true`), which lets a client name its own address and is refused in
 * production.
 */
export type TrustProxy = boolean | number | string[];

const NONE = new Set(['', 'false', 'no']);
/** proxy-addr's names for the private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 20;

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const width = Number(bits);
  return (
    bits.length <= 3 && Number.isInteger(width) && width >= 0 && width <= (family === 4 ? 32 : 128)
  );
}

/** TRUST_PROXY as Fastify takes it, or a message saying what the value may be. */
export function parseTrustProxy(value: string | undefined): TrustProxy | { problem: string } {
  const text = (value ?? '').trim().toLowerCase();
  if (NONE.has(text)) return false;
  if (text === 'true' || text === 'yes') return true;
  const hops = Number(text);
  if (text.length <= 2 && Number.isInteger(hops) && hops >= 0 && hops <= MAX_HOPS) {
    return hops === 0 ? false : hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  if (text.length <= 2_000 && entries.every(isAddressOrRange)) return entries;
  return {
    problem:
      'must be the number of proxies in front of the server (1 behind one), or their ' +
      'addresses or CIDR ranges separated by commas, or false',
  };
}

/**
 * The setting as Fastify's `trustProxy`. A hop count becomes a function because Fastify takes a
 * bare number to mean no hop at all (a direct client could otherwise supply the hops): the count
 * is for a server that only its proxies can reach (HOST=127.0.0.1, or a firewall), as the README
 * says; otherwise list the proxies' addresses.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
