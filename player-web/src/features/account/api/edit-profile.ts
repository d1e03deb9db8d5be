import type { DetailResponse, ProfileDetail, ProfileEditBody } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /api/profile/: the player's name and phone; the answer is the profile as it now reads. */
export const editProfile = (body: ProfileEditBody) =>
  api<DetailResponse<ProfileDetail>>('PATCH', '/api/profile/', body);

/** The profile shows the answer at once; the menu's name is asked again. */
export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProfile,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.account.profile, answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.myName });
    },
  });
}
