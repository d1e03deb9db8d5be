import type { DetailResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/resend_activation_code/: a new activation code to the address (5 an hour at most: 429). */
export const resendActivationCode = (email: string) =>
  api<DetailResponse>('POST', '/api/resend_activation_code/', { email });

export const useResendActivationCode = () => useMutation({ mutationFn: resendActivationCode });
