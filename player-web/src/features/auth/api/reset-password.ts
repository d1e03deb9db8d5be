import type { DetailResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/reset_password/: password recovery, the new password. */
export const resetPassword = (email: string, password1: string, password2: string) =>
  api<DetailResponse>('POST', '/api/reset_password/', { email, password1, password2 });

export const useResetPassword = () =>
  useMutation({
    mutationFn: ({ email, password1, password2 }: { email: string; password1: string; password2: string }) =>
      resetPassword(email, password1, password2),
  });
