import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { UserRecord } from '../../lib/records';

const color = {
  active: 'success',
  unconfirmed: 'warning',
  blocked: 'error',
  self_deleted: 'default',
  purged: 'default',
} as const;

/**
 * The account's state as the API words it (`status`): an active player, an admin, an account whose
 * e-mail was never confirmed, one blocked by an admin ('удалён' in the spec's words) or deleted by
 * the player. Only an active player reads 'Активен': an admin is named as such, and a player whose
 * bookings are paused for no-shows reads 'Запись приостановлена'.
 */
export function UserStatusChip() {
  const translate = useTranslate();
  const user = useRecordContext<UserRecord>();
  if (!user) return null;
  const label = translate(statusLabel(user));
  if (user.status === 'active' && user.role !== 'player') return <Chip size="small" color="info" label={label} />;
  if (user.status === 'active' && user.paused_until) return <Chip size="small" color="warning" label={label} />;
  return (
    <Chip
      size="small"
      color={color[user.status]}
      variant={user.status === 'active' || user.status === 'unconfirmed' ? 'outlined' : 'filled'}
      label={label}
    />
  );
}

export function statusLabel(user: Pick<UserRecord, 'status' | 'role' | 'paused_until'>): string {
  switch (user.status) {
    case 'active':
      if (user.role !== 'player') return roleLabel(user.role);
      return user.paused_until ? 'kort.users.paused' : 'kort.users.active';
    case 'unconfirmed':
      return 'kort.users.unconfirmed';
    case 'blocked':
      return 'kort.users.blocked';
    case 'self_deleted':
      return 'kort.users.self_deleted';
    case 'purged':
      return 'kort.users.purged';
  }
}

export function roleLabel(role: UserRecord['role']): string {
  return role === 'owner'
    ? 'kort.users.role_owner'
    : role === 'admin'
      ? 'kort.users.role_admin'
      : 'kort.users.role_player';
}
