import { z } from 'zod';

/** The one error shape of every API response that is not 2xx (DESIGN §3). */
export const ErrorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong!';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';

/**
 * A route that works inside an organisation or group, called without one as the current context
 * (the app admin, an account whose memberships were removed, an org admin acting as org on a
 * group route): always 403 with one of these (docs/decisions/0016-one-scope-module.md).
 */
export const NO_CURRENT_ORG_MESSAGE =
  'No current organization: join or switch into an organization first';
export const NO_CURRENT_GROUP_MESSAGE = 'No current group: switch into a group first';

/** 404s of an id outside the caller's reach, or of nothing: the same words in every feature. */
export const ORGANIZATION_NOT_FOUND_MESSAGE = 'Organization not found';
export const GROUP_NOT_FOUND_MESSAGE = 'Group not found';
export const USER_NOT_FOUND_MESSAGE = 'User not found';
