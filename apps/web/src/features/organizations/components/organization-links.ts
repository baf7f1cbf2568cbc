import { paths } from '../../../config/paths.ts';

/** An organization's page; the id travels in the URL, so a reload finds it again. */
export function organizationPath(orgId: string): string {
  return `${paths.admin.organization}?${new URLSearchParams({ orgId }).toString()}`;
}
