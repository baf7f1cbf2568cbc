import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from '../features/auth/auth.service.ts';

/** Who is asking, for the session row and the audit log. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
