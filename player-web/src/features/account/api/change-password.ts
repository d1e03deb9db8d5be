import type { DetailResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/change_password/: a new password (a social-only account sets its first one here). */
export const changePassword = (password1: string, password2: string) =>
  api<DetailResponse>('POST', '/api/change_password/', { password1, password2 });

export const useChangePassword = () =>
  useMutation({
    mutationFn: ({ password1, password2 }: { password1: string; password2: string }) =>
      changePassword(password1, password2),
  });
