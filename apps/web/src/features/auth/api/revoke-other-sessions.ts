import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';

/** Ends every session of the account but this one (signed in on other devices). */
export const revokeOtherSessions = () =>
  apiFetch('/auth/revoke-other-sessions', { schema: z.unknown(), method: 'POST', body: {} });

export const useRevokeOtherSessions = () => useMutation({ mutationFn: revokeOtherSessions });
