import type { AgentEventKind, LiveDoorEvent } from '@kort/contracts';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { commandKey, OfflineBadge } from '../components/command-labels';
import { formatClubDateTime } from '../lib/club-time';

/** Door events an admin should act on: announced with a warning as they arrive, and marked in the list. */
export const WARNING_KINDS: ReadonlySet<AgentEventKind> = new Set(['door.not-opened', 'door.held-open']);

/** The i18n key of a door event's name, the same as its row in the command log. */
export const doorEventKey = (event: LiveDoorEvent) =>
  commandKey({ action: event.kind, origin: 'agent', offline: event.offline });

/** The door's latest events: the stored ones, and those pushed on /live since the page opened on top. */
export function DoorEvents({ events }: { events: LiveDoorEvent[] }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="door-events-title" sx={{ mt: 2 }}>
      <Typography id="door-events-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('kort.devices.door_events')}
      </Typography>
      {events.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('kort.devices.no_door_events')}
        </Typography>
      ) : (
        <List dense disablePadding aria-labelledby="door-events-title">
          {events.map((event) => {
            const warning = WARNING_KINDS.has(event.kind);
            return (
              <ListItem key={event.id} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  {warning && <WarningAmberIcon color="warning" fontSize="small" aria-hidden />}
                </ListItemIcon>
                <ListItemText
                  primary={
                    <Stack
                      component="span"
                      direction="row"
                      spacing={1}
                      useFlexGap
                      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <span>{translate(doorEventKey(event), { _: event.kind })}</span>
                      {event.offline && <OfflineBadge />}
                    </Stack>
                  }
                  secondary={[
                    formatClubDateTime(event.at, 'time'),
                    event.game === null ? null : translate('kort.commands.game', { id: event.game }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
