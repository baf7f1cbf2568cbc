import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UNAUTHORIZED_MESSAGE } from '@resonant/contracts/errors';
import type { ImportUsersResponse } from '@resonant/contracts/org-users';
import { ApiError } from '../../../lib/api-error.ts';
import { showError } from '../../../lib/notify.tsx';
import { endSession, getSession } from '../../../lib/session.ts';
import { usersKeys } from './query-keys.ts';

export type ImportRequest = {
  file: File;
  /** The organization the page imports into (the user's domainname); the server checks it. */
  domain: string | null;
  /** Share of the file sent so far, 0 to 1. */
  onProgress: (sent: number) => void;
};

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/**
 * POST /api/org/users/import as multipart/form-data. XMLHttpRequest rather than the API client's
 * fetch: only XHR reports upload progress. Answers and failures follow the API client's rules
 * (bearer token, `{message}` errors, a 401 ends the session).
 */
export function importOrgUsers({ file, domain, onProgress }: ImportRequest) {
  const session = getSession();
  const token = session.status === 'signed-in' ? session.token : null;
  const form = new FormData();
  if (domain) form.append('domain', domain);
  form.append('file', file);
  return new Promise<ImportUsersResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/org/users/import');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onload = () => {
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as ImportUsersResponse);
      if (xhr.status === 401 && token) {
        const current = getSession();
        if (current.status === 'signed-in' && current.token === token) {
          endSession();
          showError(UNAUTHORIZED_MESSAGE);
        }
        return reject(new ApiError(401, data, true));
      }
      reject(new ApiError(xhr.status, data));
    };
    xhr.send(form);
  });
}

/** The CSV import; its answer lists the rows that failed. */
export function useImportOrgUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importOrgUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
