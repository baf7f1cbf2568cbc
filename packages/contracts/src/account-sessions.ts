import { z } from 'zod';
import { Id } from './fields.ts';

/** One signed-in device of the caller's account (GET /api/user/sessions). */
export const AccountSession = z.object({
  id: z.string(),
  /** Browser and operating system read from the user agent; null when it says nothing known. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessionsResponse = z.object({ sessions: z.array(AccountSession) });
export type AccountSessionsResponse = z.infer<typeof AccountSessionsResponse>;

export const AccountSessionParams = z.object({ sessionId: Id('Session') });

export const SESSION_NOT_FOUND_MESSAGE = 'Session not found';
