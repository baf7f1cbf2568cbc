/** The person's own memberships: not one organisation's answer, so no tenantKey. */
export const myOrganizationsKeys = {
  list: ['my-organizations'] as const,
};
