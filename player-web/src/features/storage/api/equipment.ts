import type { DetailResponse, EquipmentView } from '@kort/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/give_inventory/: the club's equipment (items 10 and 11). */
export const equipment = () => api<DetailResponse<EquipmentView[]>>('GET', '/api/give_inventory/');

/** Asked for only while storage is on (`on`: the answer of is_shelf). */
export const useEquipment = (on: boolean) =>
  useQuery({
    queryKey: queryKeys.storage.equipment,
    queryFn: on ? equipment : skipToken,
    select: (answer) => answer.detail,
  });
