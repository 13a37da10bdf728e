import { profileSchema, type ProfileUpdate, type Session } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

/** Saves the signed-in person's phone and address (the server allows only their own). */
export const updateProfile = ({ email, ...profile }: ProfileUpdate & { email: string }) =>
  apiFetch(`/user/${encodeURIComponent(email)}`, {
    schema: profileSchema,
    method: 'PUT',
    body: profile,
  });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData<Session>(sessionQueryKey, (session) =>
        session
          ? {
              ...session,
              user: { ...session.user, phone: profile.phone, address: profile.address },
            }
          : session,
      );
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
