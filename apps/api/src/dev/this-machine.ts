import net from 'node:net';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
/** How an IPv4 client of a dual-stack socket is written (`::ffff:127.0.0.1`). */
const IPV4_MAPPED = '::ffff:';

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith(IPV4_MAPPED) ? address.slice(IPV4_MAPPED.length) : address;
  const family = net.isIP(bare);
  return family !== 0 && LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A request made on this machine: its connection and its client on loopback, and no proxy in
 * between (a local reverse proxy forwards other machines' requests from loopback, saying so).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    isLoopbackAddress(request.ip) &&
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined
  );
}
