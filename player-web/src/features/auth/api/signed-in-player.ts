import type { DetailResponse } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/is_admin/, asked quietly by a public page: true for a signed-in player who has accepted
 * the rules; false for an admin, a visitor who is not signed in (its 401) or one whose rules are not
 * accepted. Neither refusal leaves the page.
 */
export const isSignedInPlayer = () =>
  api<DetailResponse<boolean>>('GET', '/api/is_admin/', undefined, { quiet: true }).then(
    (answer) => answer.detail === false,
    () => false,
  );

export const useSignedInPlayer = () => useQuery({ queryKey: queryKeys.auth.signedInPlayer, queryFn: isSignedInPlayer });
