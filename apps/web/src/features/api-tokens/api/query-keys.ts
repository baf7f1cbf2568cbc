/** The person's own tokens: not an organisation's answer, so no tenantKey. */
export const apiTokensKeys = {
  list: ['api-tokens'] as const,
};
