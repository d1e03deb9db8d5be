import type { DetailResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/verify_code/: password recovery, the code from the letter. */
export const verifyResetCode = (email: string, code: string) =>
  api<DetailResponse>('POST', '/api/verify_code/', { email, code });

export const useVerifyResetCode = () =>
  useMutation({ mutationFn: ({ email, code }: { email: string; code: string }) => verifyResetCode(email, code) });
