import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportUsersResponse } from '@resonant/contracts/org-users';
import { apiClient } from '../../../lib/api-client.ts';
import { invalidateUsers } from './query-keys.ts';

type ImportRequest = {
  file: File;
  /** The organization the page imports into (the user's domainname); the server checks it. */
  domain: string | null;
  /** Share of the file sent so far, 0 to 1. */
  onProgress: (sent: number) => void;
};

/** POST /api/org/users/import as multipart/form-data, through the one API client. */
function importOrgUsers({ file, domain, onProgress }: ImportRequest) {
  const form = new FormData();
  if (domain) form.append('domain', domain);
  form.append('file', file);
  return apiClient.upload<ImportUsersResponse>('/org/users/import', form, onProgress);
}

/** The CSV import; its answer lists the rows that failed. */
export function useImportOrgUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importOrgUsers,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
