import type { FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../config/oidc-env.ts';

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
