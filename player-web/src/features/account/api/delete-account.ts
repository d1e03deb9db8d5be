import type { DetailResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetOfflinePins } from '../../../lib/offline-pins';

/** GET /api/del_account/: the player deletes the profile (data purged after 10 days). */
export const deleteAccount = () => api<DetailResponse>('GET', '/api/del_account/');

/** The account is gone: its offline PINs leave the phone. */
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount, onSuccess: forgetOfflinePins });
