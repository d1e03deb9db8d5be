import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import { useState } from 'react';
import { Button, Confirm, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { messageOf } from '../../providers/http-client';
import type { UserRecord } from '../types';

/**
 * The spec's block ('удалить') and restore of a player, after a confirmation: PUT
 * /api/admin/users/:id {blocked}. The server refuses to block the admin themself, in Russian.
 */
export function BlockUserButton() {
  const user = useRecordContext<UserRecord>();
  const notify = useNotify();
  // What the open dialog asks: fixed when it opens, so its text does not flip while it closes.
  const [asking, setAsking] = useState<'block' | 'restore' | null>(null);
  const [update, { isPending }] = useUpdate<UserRecord>();
  if (!user) return null;
  const blocking = (asking ?? (user.blocked ? 'restore' : 'block')) === 'block';

  const confirm = () =>
    update(
      'users',
      { id: user.id, data: { blocked: blocking }, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(blocking ? 'kort.users.blocked_done' : 'kort.users.restored_done', { type: 'info' }),
        onError: (error) => notify(messageOf(error), { type: 'error' }),
        onSettled: () => setAsking(null),
      },
    );

  return (
    <>
      <Button
        label={user.blocked ? 'kort.users.restore' : 'kort.users.block'}
        color={user.blocked ? 'primary' : 'error'}
        onClick={() => setAsking(user.blocked ? 'restore' : 'block')}
      >
        {user.blocked ? <RestoreIcon /> : <BlockIcon />}
      </Button>
      <Confirm
        isOpen={asking !== null}
        loading={isPending}
        title={blocking ? 'kort.users.block_title' : 'kort.users.restore_title'}
        titleTranslateOptions={{ name: user.name }}
        content={blocking ? 'kort.users.block_content' : 'kort.users.restore_content'}
        confirmColor={blocking ? 'warning' : 'primary'}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
