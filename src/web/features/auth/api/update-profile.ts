import { useMutation } from '@tanstack/react-query';
import type { ProfileBody, ProfileResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { replaceUser } from '../../../stores/auth-store.ts';

export const updateProfile = (body: ProfileBody) => api.put<ProfileResponse>('/auth/profile', { ...body });

/** The stored user is replaced by `updatedUser`, so the header and dashboard show the change at once. */
export const useUpdateProfile = () =>
  useMutation({ mutationFn: updateProfile, onSuccess: (data) => replaceUser(data.updatedUser) });
