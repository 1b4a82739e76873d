import type { EditProfileRequest, EditProfileResponse, UserProfile } from '@erti/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client.ts';
import { saveUserData } from '../../../lib/session.ts';
import { accountKeys } from './keys.ts';

/** `PUT /api/users/edit/{id}`: replaces the whole profile (a left-out `pic` is kept). */
export const editProfile = (userId: string, profile: EditProfileRequest) =>
  authApi.put<EditProfileResponse>(`/users/edit/${encodeURIComponent(userId)}`, profile);

/** Saves the profile, then refreshes the cached profile and the stored user data the payment screens read. */
export function useEditProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: EditProfileRequest) => editProfile(userId, profile),
    onSuccess: ({ message: _message, ...profile }) => {
      queryClient.setQueryData<UserProfile>(accountKeys.profile(userId), profile);
      saveUserData({
        userName: profile.name,
        name: profile.name,
        email: profile.email,
        phone: profile.phone,
        _id: profile._id,
      });
    },
  });
}
