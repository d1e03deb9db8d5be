import type { DetailResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/reset_password_request_code/: password recovery, the code is e-mailed. */
export const requestResetCode = (email: string) =>
  api<DetailResponse>('POST', '/api/reset_password_request_code/', { email });

export const useRequestResetCode = () => useMutation({ mutationFn: requestResetCode });
