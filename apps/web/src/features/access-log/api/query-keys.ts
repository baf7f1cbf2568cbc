/** The person's own access log: not an organisation's answer, so no tenantKey. */
export const accessLogKeys = {
  all: ['access-log'] as const,
  page: (cursor: string | null) => ['access-log', { cursor }] as const,
};
