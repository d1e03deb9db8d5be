import type { AdminAgentRelease, RolloutBody } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { httpClient, messageOf } from '../../providers/http-client';

// The two calls of the agents' updates that are not react-admin's REST (their shapes are
// @kort/contracts fleet.ts): a bundle uploaded as it is, and a rollout moved. Both go through the
// one API client: cookie, CSRF header, the server's Russian `detail` as the error's message.

const RELEASES = '/api/admin/agent-releases';

/** POST /api/admin/agent-releases with the bundle's bytes as the body: the release it became. */
export async function uploadBundle(file: Blob): Promise<AdminAgentRelease> {
  const { json } = await httpClient(RELEASES, {
    method: 'POST',
    body: file,
    headers: { Accept: 'application/json', 'Content-Type': 'application/gzip' },
  });
  return json as AdminAgentRelease;
}

/** PUT /api/admin/agent-releases/{version}/rollout: the release as its rollout now is. */
export async function putRollout(version: string, body: RolloutBody): Promise<AdminAgentRelease> {
  const { json } = await httpClient(`${RELEASES}/${encodeURIComponent(version)}/rollout`, {
    method: 'PUT',
    body: JSON.stringify(body),
  });
  return json as AdminAgentRelease;
}

/**
 * Moves the release's rollout (start, next stage, halt, resume, roll back). The page reads the
 * release again after it (its sites' states change with it); a refusal is said in the API's words.
 */
export function useRollout(version: string) {
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RolloutBody) => putRollout(version, body),
    onSuccess: () => refresh(),
    onError: (error) => notify(messageOf(error), { type: 'error' }),
  });
}
