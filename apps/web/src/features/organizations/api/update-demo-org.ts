import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEMO_ORG_UPDATE_FAILED_MESSAGE,
  DEMO_ORG_UPDATED_MESSAGE,
  type DemoOrgProgress,
  type DemoOrgUpdateStarted,
} from '@resonant/contracts/demo-org';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { demoOrgProgressQueryOptions } from './get-demo-org-progress.ts';
import { invalidateOrganizations } from './query-keys.ts';

/** How often the progress is asked while the refresh runs. */
const DEMO_PROGRESS_POLL_MS = 500;

function startDemoOrgUpdate(): Promise<DemoOrgUpdateStarted> {
  return apiClient.get<DemoOrgUpdateStarted>('/org/update-demo-org');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * 'Update Demo Org Data' (GET /api/org/update-demo-org): starts the refresh (or joins the one
 * already under way), then follows its progress every 500 ms until it is done — the toast 'Demo
 * org updated successfully.' — or failed, toasted with the server's reason. `progress` is where it
 * is while pending; it keeps going, and toasts, if the page is left meanwhile.
 */
export function useUpdateDemoOrg() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<DemoOrgProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async () => {
      setProgress(null);
      const { job_id } = await startDemoOrgUpdate();
      for (;;) {
        const current = await queryClient.fetchQuery(demoOrgProgressQueryOptions(job_id));
        setProgress(current);
        if (current.status === 'done') return current;
        if (current.status === 'failed') {
          throw new ApiError(0, { message: current.message ?? DEMO_ORG_UPDATE_FAILED_MESSAGE });
        }
        await wait(DEMO_PROGRESS_POLL_MS);
      }
    },
    onSuccess: async () => {
      showSuccess(DEMO_ORG_UPDATED_MESSAGE);
      // The demo org's readings and sessions counts have grown.
      await invalidateOrganizations(queryClient);
    },
  });
  return { ...mutation, progress: mutation.isPending ? progress : null };
}
