import { Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatClubPeriod } from '../lib/club-time';
import type { CommandRecord, CommandStatus } from '../lib/records';

/** 'door.open' → the i18n key of its Russian name (an action this dashboard does not know reads as itself). */
export const actionKey = (action: string): string => `kort.commands.actions.${action.replace('.', '_')}`;

/**
 * The i18n key of a command-log row's name. The agent's own rows (what it did while offline) name what happened,
 * not what was asked: its light switched by the games, an entry by PIN while the link was down.
 */
export function commandKey(command: Pick<CommandRecord, 'action' | 'origin' | 'offline'>): string {
  if (command.origin === 'agent' && (command.action === 'light.on' || command.action === 'light.off'))
    return `${actionKey(command.action)}_agent`;
  if (command.action === 'door.entry' && command.offline) return `${actionKey(command.action)}_offline`;
  return actionKey(command.action);
}

/** 'door', 'light', 'shelf-3' → [key, options] of its Russian name; null is the API itself (display). */
export function deviceLabel(device: string | null): [string, Record<string, unknown>?] {
  if (device === null) return ['kort.commands.system'];
  if (device === 'door' || device === 'light') return [`kort.commands.device_${device}`];
  if (device.startsWith('shelf-'))
    return ['kort.commands.device_shelf', { number: Number(device.slice('shelf-'.length)) }];
  return [device, { _: device }];
}

/** Who a row comes from: the agent at the court, the admin or player who asked, or the API itself. */
export function requester(
  command: Pick<CommandRecord, 'origin' | 'requested_by_name'>,
  translate: (key: string) => string,
): string {
  if (command.origin === 'agent') return translate('kort.commands.origin_agent');
  return command.requested_by_name ?? translate('kort.commands.system');
}

const statusColor: Record<CommandStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  delivered: 'info',
  done: 'success',
  failed: 'error',
  expired: 'warning',
};

export function CommandStatusChip({ status }: { status: CommandStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={statusColor[status]} label={translate(`kort.commands.status_${status}`)} />;
}

/** "без связи": decided by the agent while it could not reach the API. */
export function OfflineBadge() {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={translate('kort.commands.offline')}
      sx={{ fontWeight: 600 }}
    />
  );
}

/**
 * A row's name with what it needs to be read right: the "без связи" badge, and for the agent's
 * time without the API its period (requested_at to finished_at).
 */
export function CommandName({ command }: { command: CommandRecord }) {
  const translate = useTranslate();
  const period = command.action === 'agent.offline' && command.finished_at;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} component="span">
      <span>{translate(commandKey(command), { _: command.action })}</span>
      {period && (
        <Typography component="span" variant="body2" color="text.secondary">
          {formatClubPeriod(command.requested_at, period)}
        </Typography>
      )}
      {command.offline && command.action !== 'agent.offline' && <OfflineBadge />}
    </Stack>
  );
}
