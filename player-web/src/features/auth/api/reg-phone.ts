import type { DetailResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/reg-phone/: registration step 1, the e-mail is free and the phone well-formed. */
export const regPhone = (email: string, phone_number?: string) =>
  api<DetailResponse>('POST', '/api/reg-phone/', { email, phone_number });

export const useRegPhone = () =>
  useMutation({
    mutationFn: ({ email, phone }: { email: string; phone?: string }) => regPhone(email, phone),
  });
