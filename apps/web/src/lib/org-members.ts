import type { OrgMembersQuery, OrgMembersResponse } from '@resonant/contracts/org-users';
import { apiClient } from './api-client.ts';

/**
 * Every member, unpaged, by name (GET /api/v2/org/users): of the organisation `orgId` names (app
 * admin), else of the caller's organisation (org admin) or current group (group admin).
 */
export function getOrgMembers(query: OrgMembersQuery): Promise<OrgMembersResponse> {
  const params = new URLSearchParams();
  if (query.orgId) params.set('orgId', query.orgId);
  if (query.groupId) params.set('groupId', query.groupId);
  const search = params.toString();
  return apiClient.get<OrgMembersResponse>(`/v2/org/users${search ? `?${search}` : ''}`);
}
