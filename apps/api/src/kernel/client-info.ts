import type { FastifyRequest } from 'fastify';

/** The client a session or an audit event is recorded with. */
export type ClientInfo = { ip: string; userAgent: string | null };

/** Who is asking, for the session row and the audit log. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
