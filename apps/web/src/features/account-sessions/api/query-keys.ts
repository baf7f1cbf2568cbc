/** The person's own sessions: not an organisation's answer, so no tenantKey. */
export const accountSessionsKeys = {
  list: ['account-sessions'] as const,
};
