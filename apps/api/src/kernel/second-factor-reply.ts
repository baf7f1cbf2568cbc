import type { FastifyReply } from 'fastify';
import type { FirstFactorOutcome } from './second-factor.ts';
import { sendSession } from './session-cookie.ts';

/**
 * Answers a sign-in whose first factor held: the session with its refresh cookie (sendSession),
 * or the second step's challenge (MfaChallengeResponse), with no cookie.
 */
export function sendSignIn(
  reply: FastifyReply,
  outcome: FirstFactorOutcome,
  status: number,
  publicUrl: string,
) {
  if (outcome.kind === 'session') return sendSession(reply, outcome.session, status, publicUrl);
  return reply.status(200).send({
    mfaRequired: true,
    challenge: outcome.challenge,
    expiresAt: outcome.expiresAt.toISOString(),
  });
}
