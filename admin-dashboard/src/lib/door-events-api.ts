import type { AdminCommand, AgentEventKind, LiveDoorEvent } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../providers/http-client';

// The door's stored events for «События двери»: what the court's agent saw at the door (origin
// 'agent', device 'door'), newest first, from the chosen site's command log
// (GET /api/admin/commands, admins only, the site's own; docs/admin-api.md).

/** How many door events the home page keeps, newest first. */
export const DOOR_EVENTS_KEPT = 5;

export const doorEventsPath = () =>
  `/api/admin/commands?${new URLSearchParams({
    filter: JSON.stringify({ origin: 'agent', device: 'door' }),
    sort: JSON.stringify(['requested_at', 'DESC']),
    range: JSON.stringify([0, DOOR_EVENTS_KEPT - 1]),
  }).toString()}`;

/** A row of the log as the /live namespace pushes a door event. */
export const asDoorEvent = (row: AdminCommand, site: string): LiveDoorEvent => ({
  site,
  id: row.id,
  kind: row.action as AgentEventKind,
  at: row.requested_at,
  game: row.booking_id,
  offline: row.offline,
});

export async function fetchDoorEvents(site: string | null): Promise<LiveDoorEvent[]> {
  const rows = await callApi<AdminCommand[]>(doorEventsPath());
  return rows.map((row) => asDoorEvent(row, site ?? ''));
}

/** The site's latest stored door events; a failed call leaves the list to the live ones. */
export function useStoredDoorEvents(site: string | null, enabled = true) {
  return useQuery({
    queryKey: ['door-events', site],
    queryFn: () => fetchDoorEvents(site),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** The live events (newest first, as they arrived) on top of the stored ones, each once, the latest kept. */
export function withStored(live: LiveDoorEvent[], stored: LiveDoorEvent[] | undefined): LiveDoorEvent[] {
  const shown = new Set(live.map((event) => event.id));
  return [...live, ...(stored ?? []).filter((event) => !shown.has(event.id))].slice(0, DOOR_EVENTS_KEPT);
}
