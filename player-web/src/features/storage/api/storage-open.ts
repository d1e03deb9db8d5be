import type { DetailResponse } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/is_shelf/: whether an admin has the storage system switched on. */
export const storageOpen = () => api<DetailResponse<boolean>>('GET', '/api/is_shelf/');

export const useStorageOpen = () =>
  useQuery({ queryKey: queryKeys.storage.open, queryFn: storageOpen, select: (answer) => answer.detail });
