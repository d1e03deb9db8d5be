import type { DetailResponse, RegisterBody } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/register/: registration step 2; the code is e-mailed. */
export const register = (body: RegisterBody) => api<DetailResponse>('POST', '/api/register/', body);

export const useRegister = () => useMutation({ mutationFn: register });
