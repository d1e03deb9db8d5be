import { LIVE_EVENTS, type AdminAlert } from '@kort/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { acquireLiveSocket } from '../../lib/live-socket';
import { callApi } from '../../providers/http-client';
import { useChosenSiteId } from '../../providers/site-choice';

// The chosen site's alerts not resolved yet, for the home page's banner: GET /api/admin/alerts
// (docs/admin-api.md) once, then every alert the /live namespace pushes, with no reload.

/** How many the banner lists, newest first (the list page has them all). */
export const OPEN_ALERTS_SHOWN = 5;

export const openAlertsPath = () =>
  `/api/admin/alerts?${new URLSearchParams({
    filter: JSON.stringify({ state: ['open', 'acknowledged'] }),
    sort: JSON.stringify(['raised_at', 'DESC']),
    range: JSON.stringify([0, OPEN_ALERTS_SHOWN - 1]),
  }).toString()}`;

export const fetchOpenAlerts = () => callApi<AdminAlert[]>(openAlertsPath());

/** The list with `alert` as it is now: in its place (newest first), or out once resolved. */
export function withAlert(alerts: readonly AdminAlert[], alert: AdminAlert): AdminAlert[] {
  const others = alerts.filter((one) => one.id !== alert.id);
  if (alert.state === 'resolved') return others;
  return [...others, alert]
    .sort((a, b) => Date.parse(b.raised_at) - Date.parse(a.raised_at) || b.id - a.id)
    .slice(0, OPEN_ALERTS_SHOWN);
}

/**
 * The open and acknowledged alerts of the chosen site, kept live: each `alert` pushed on the page's
 * /live socket (shared with the device panel) updates the list, and a reconnect asks again for what
 * was missed meanwhile. `apply` takes an alert an answer brought (an acknowledgement) ahead of its push.
 */
export function useOpenAlerts(): { alerts: AdminAlert[]; apply: (alert: AdminAlert) => void } {
  const site = useChosenSiteId();
  const client = useQueryClient();
  const { data } = useQuery({ queryKey: ['open-alerts', site], queryFn: fetchOpenAlerts, retry: false, staleTime: 0 });
  const apply = useCallback(
    (alert: AdminAlert) =>
      client.setQueryData<AdminAlert[]>(['open-alerts', site], (previous) => withAlert(previous ?? [], alert)),
    [client, site],
  );
  useEffect(() => {
    const { socket, release } = acquireLiveSocket();
    const again = () => void client.invalidateQueries({ queryKey: ['open-alerts', site] });
    socket.on(LIVE_EVENTS.alert, apply);
    socket.io.on('reconnect', again);
    return () => {
      socket.off(LIVE_EVENTS.alert, apply);
      socket.io.off('reconnect', again);
      release();
    };
  }, [client, site, apply]);
  return { alerts: data ?? [], apply };
}
