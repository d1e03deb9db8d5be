import { AGENT_EVENT_KINDS, COMMAND_ACTIONS, COMMAND_STATUSES, RELAYS } from '@kort/contracts';
import { Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { ClubDateInput } from '../../components/club-date-input';
import { clubHourInstant, shiftDay } from '../../lib/club-days';
import { actionKey, CommandName, CommandStatusChip, deviceLabel, requester } from '../../components/command-labels';
import { ListPagination } from '../../components/list-pagination';
import { ListLoadError } from '../../components/load-error';
import { ListActions } from '../../components/list-actions';
import type { CommandRecord } from '../../lib/records';
import { clubMoment, currentClubZone, formatClubDateTime } from '../../lib/club-time';

/** The input's local 'YYYY-MM-DDTHH:mm' as the instant (with its offset) the API filters on. */
/**
 * A row of the log. A door opening for a game (a code at the door, an offline PIN) carries what the
 * door sensor saw after it: the API folds that report into the opening's row (one row per opening).
 */
type CommandRow = CommandRecord;

/** The opening's outcome, in the words its own report has in the log. */
function DoorOutcome({ command }: { command: CommandRow }) {
  const translate = useTranslate();
  if (!command.door_outcome) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ color: command.door_outcome === 'door.opened' ? 'success.dark' : 'warning.main' }}
    >
      {translate(actionKey(command.door_outcome))}
    </Typography>
  );
}

/** The row's name, and under it an opening's outcome. */
const Name = ({ command }: { command: CommandRow }) => (
  <Stack component="span" spacing={0.25}>
    <CommandName command={command} />
    <DoorOutcome command={command} />
  </Stack>
);

/**
 * The log's «С» and «По» are club days, written дд.мм.гггг (ClubDateInput): «С» is the start of its day,
 * «По» the start of the day after (the API's `to` is exclusive), on the club's clock.
 */
const zoneNow = () => currentClubZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
const dayStart = (date: string, days: number) =>
  new Date(clubHourInstant(shiftDay(date, days), 0, zoneNow())).toISOString();
const dayOf = (instant: string, days: number) => shiftDay(clubMoment(instant, zoneNow()).date, days);
const fromDay = {
  parse: (date: string | null) => (date ? dayStart(date, 0) : null),
  format: (instant?: string | null) => (instant ? dayOf(instant, 0) : ''),
};
const toDay = {
  parse: (date: string | null) => (date ? dayStart(date, 1) : null),
  format: (instant?: string | null) => (instant ? dayOf(instant, -1) : ''),
};
const when = (instant: string | null) => (instant ? formatClubDateTime(instant) : '—');
/** The API's commands and what the agent logs by itself (offline), each once (light.on is both). */
const ACTIONS = [...new Set<string>([...COMMAND_ACTIONS, ...AGENT_EVENT_KINDS])];

/**
 * Who asked the equipment to do what, when, and how it went, beside what the court's agent decided
 * or saw by itself ("Агент", "без связи" while it could not reach the API); one row per door
 * opening, with what the door sensor saw; filterable, newest first.
 */
export function CommandList() {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const device = (command: CommandRecord) => translate(...deviceLabel(command.device));
  const who = (command: CommandRecord) => requester(command, translate);
  const filters = [
    <SelectInput
      key="action"
      source="action"
      choices={ACTIONS.map((action) => ({ id: action, name: actionKey(action) }))}
      alwaysOn
    />,
    <SelectInput
      key="status"
      source="status"
      choices={COMMAND_STATUSES.map((status) => ({ id: status, name: `kort.commands.status_${status}` }))}
      alwaysOn
    />,
    <SelectInput
      key="device"
      source="device"
      choices={RELAYS.map((relay) => ({ id: relay, name: translate(...deviceLabel(relay)) }))}
      translateChoice={false}
    />,
    <ClubDateInput key="from" source="from" {...fromDay} />,
    <ClubDateInput key="to" source="to" {...toDay} />,
  ];
  return (
    <List<CommandRecord>
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'requested_at', order: 'DESC' }}
      perPage={50}
      error={<ListLoadError />}
      pagination={<ListPagination />}
    >
      {small ? (
        <SimpleList<CommandRecord>
          primaryText={(command) => <Name command={command} />}
          secondaryText={(command) => `${when(command.requested_at)} · ${who(command)}`}
          tertiaryText={(command) => translate(`kort.commands.status_${command.status}`)}
          linkType={false}
        />
      ) : (
        <DataTable<CommandRecord> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col<CommandRecord> source="requested_at" render={(command) => when(command.requested_at)} />
          <DataTable.Col<CommandRecord> source="action" render={(command) => <Name command={command} />} />
          <DataTable.Col<CommandRecord> source="device" render={device} />
          <DataTable.Col<CommandRecord> source="requested_by_name" render={who} />
          <DataTable.Col<CommandRecord>
            source="status"
            render={(command) => <CommandStatusChip status={command.status} />}
          />
          <DataTable.Col<CommandRecord> source="error" render={(command) => command.error ?? ''} disableSort />
          <DataTable.Col<CommandRecord> source="finished_at" render={(command) => when(command.finished_at)} />
          {/* More than one: a delivery lost on the way was sent again; the agent ran it once. */}
          <DataTable.Col<CommandRecord> source="deliveries" render={(command) => command.deliveries ?? ''} />
        </DataTable>
      )}
    </List>
  );
}
