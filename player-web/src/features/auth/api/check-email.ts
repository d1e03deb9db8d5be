import type { DetailResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/check-phone/: login step 1, is there an account for this e-mail? */
export const checkEmail = (email: string) => api<DetailResponse>('POST', '/api/check-phone/', { email });

export const useCheckEmail = () => useMutation({ mutationFn: checkEmail });
