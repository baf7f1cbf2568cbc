/**
 * What a personal API token may do at `/api/v1`: read the person's own readings and sessions, or
 * upload new ones. A route of `/api/v1` names the scope a token needs (its `tokenScope`); every
 * other route refuses tokens.
 */
export const API_TOKEN_SCOPES = ['readings:read', 'readings:write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
