import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CommandStatus } from '../resources/types';

/** 'door.open' → the i18n key of its Russian name (an action this dashboard does not know reads as itself). */
export const actionKey = (action: string): string => `kort.commands.actions.${action.replace('.', '_')}`;

/** 'door', 'light', 'shelf-3' → [key, options] of its Russian name; null is the API itself (display). */
export function deviceLabel(device: string | null): [string, Record<string, unknown>?] {
  if (device === null) return ['kort.commands.system'];
  if (device === 'door' || device === 'light') return [`kort.commands.device_${device}`];
  if (device.startsWith('shelf-'))
    return ['kort.commands.device_shelf', { number: Number(device.slice('shelf-'.length)) }];
  return [device, { _: device }];
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
