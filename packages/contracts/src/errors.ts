import { z } from 'zod';

/** The one error shape of every API response that is not 2xx (DESIGN §3). */
export const ErrorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong!';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
