import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { UserRecord } from '../types';

/** Active, blocked by an admin ('удалён' in the spec's words) or deleted by the player. */
export function UserStatusChip() {
  const translate = useTranslate();
  const user = useRecordContext<UserRecord>();
  if (!user) return null;
  const label = translate(statusLabel(user));
  if (user.blocked) return <Chip size="small" color="error" label={label} />;
  if (user.deleted_at) return <Chip size="small" label={label} />;
  return <Chip size="small" color="success" variant="outlined" label={label} />;
}

export function statusLabel(user: UserRecord): string {
  if (user.blocked) return 'kort.users.blocked';
  if (user.deleted_at) return user.purged ? 'kort.users.purged' : 'kort.users.self_deleted';
  return 'kort.users.active';
}

export function roleLabel(role: UserRecord['role']): string {
  return role === 'admin' ? 'kort.users.role_admin' : 'kort.users.role_player';
}
