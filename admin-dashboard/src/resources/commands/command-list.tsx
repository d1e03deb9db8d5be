import { COMMAND_ACTIONS, COMMAND_STATUSES, RELAYS } from '@kort/contracts';
import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateTimeInput, List, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { actionKey, CommandStatusChip, deviceLabel } from '../../components/command-labels';
import { ListPagination } from '../../components/list-pagination';
import { ListLoadError } from '../../components/load-error';
import type { CommandRecord } from '../types';
import { formatClubDateTime } from '../../lib/club-time';

/** The input's local 'YYYY-MM-DDTHH:mm' as the instant (with its offset) the API filters on. */
const toInstant = (value: string) => (value ? new Date(value).toISOString() : null);
const when = (instant: string | null) => (instant ? formatClubDateTime(instant) : '—');

/** Who asked the equipment to do what, when, and how it went; filterable, newest first. */
export function CommandList() {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const device = (command: CommandRecord) => translate(...deviceLabel(command.device));
  const filters = [
    <SelectInput
      key="action"
      source="action"
      choices={COMMAND_ACTIONS.map((action) => ({ id: action, name: actionKey(action) }))}
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
    <DateTimeInput key="from" source="from" parse={toInstant} />,
    <DateTimeInput key="to" source="to" parse={toInstant} />,
  ];
  return (
    <List<CommandRecord>
      filters={filters}
      sort={{ field: 'requested_at', order: 'DESC' }}
      perPage={50}
      error={<ListLoadError />}
      pagination={<ListPagination />}
    >
      {small ? (
        <SimpleList<CommandRecord>
          primaryText={(command) => translate(actionKey(command.action))}
          secondaryText={(command) =>
            `${when(command.requested_at)} · ${command.requested_by_name ?? translate('kort.commands.system')}`
          }
          tertiaryText={(command) => translate(`kort.commands.status_${command.status}`)}
          linkType={false}
        />
      ) : (
        <DataTable<CommandRecord> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col<CommandRecord> source="requested_at" render={(command) => when(command.requested_at)} />
          <DataTable.Col<CommandRecord> source="action" render={(command) => translate(actionKey(command.action))} />
          <DataTable.Col<CommandRecord> source="device" render={device} />
          <DataTable.Col<CommandRecord>
            source="requested_by_name"
            render={(command) => command.requested_by_name ?? translate('kort.commands.system')}
          />
          <DataTable.Col<CommandRecord>
            source="status"
            render={(command) => <CommandStatusChip status={command.status} />}
          />
          <DataTable.Col<CommandRecord> source="error" render={(command) => command.error ?? ''} disableSort />
          <DataTable.Col<CommandRecord> source="finished_at" render={(command) => when(command.finished_at)} />
        </DataTable>
      )}
    </List>
  );
}
