import { useMutation } from '@tanstack/react-query';
import type { UpdateProfileBody, UserProfile } from '@resonant/contracts/profile';
import { apiClient } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notify.tsx';
import { setCurrentUser } from '../../../lib/session.ts';

function updateProfile(body: UpdateProfileBody): Promise<UserProfile> {
  return apiClient.put<UserProfile>('/user/profile', body);
}

/** PUT /api/user/profile: the answer is the profile as saved, shown at once everywhere. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      setCurrentUser(profile);
      showSuccess('Your profile was saved');
    },
  });
}
