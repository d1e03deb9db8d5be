import BlockIcon from '@mui/icons-material/Block';
import RestoreIcon from '@mui/icons-material/Restore';
import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { messageOf } from '../../providers/http-client';
import type { UserRecord } from '../../lib/records';
import { BlockEffectsText, RestoreText, useBlockEffects } from './block-effects';

/**
 * The spec's block ('удалить') and restore of a player, after a confirmation that says what it does:
 * the block lists the games it cancels and the shelf rental it ends; the restore says they do not
 * come back. PUT /api/admin/users/:id {blocked}. The server refuses to block the admin themself,
 * and a site's admin an admin's or an owner's account (only an owner acts on those): they do not
 * see the button there.
 */
export function BlockUserButton() {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  // What the dialog asks, fixed when it opens and kept while it closes: once a block succeeds the
  // record says blocked, and a dialog read from it would turn into the restore's as it fades out.
  const [asking, setAsking] = useState<'block' | 'restore'>('block');
  const [update, { isPending }] = useUpdate<UserRecord>();
  const effects = useBlockEffects(user?.id ?? 0, open && asking === 'block');
  const { permissions } = usePermissions<string>();
  if (!user || (user.role !== 'player' && permissions !== 'owner')) return null;
  const blocking = asking === 'block';
  const ask = () => {
    setAsking(user.blocked ? 'restore' : 'block');
    setOpen(true);
  };

  const confirm = () =>
    update(
      'users',
      { id: user.id, data: { blocked: blocking }, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(blocking ? 'kort.users.blocked_done' : 'kort.users.restored_done', { type: 'info' });
          // Its games are cancelled now: the games tab reads them again.
          refresh();
        },
        onError: (error) => notify(messageOf(error), { type: 'error' }),
        onSettled: () => setOpen(false),
      },
    );

  return (
    <>
      {/* Its word shows on a phone too (react-admin's own button keeps only the icon there). */}
      <Button
        size="small"
        color={user.blocked ? 'primary' : 'error'}
        startIcon={user.blocked ? <RestoreIcon /> : <BlockIcon />}
        onClick={ask}
      >
        {translate(user.blocked ? 'kort.users.restore' : 'kort.users.block')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending || (blocking && effects === null)}
        title={blocking ? 'kort.users.block_title' : 'kort.users.restore_title'}
        titleTranslateOptions={{ name: user.name }}
        content={blocking ? <BlockEffectsText read={effects} /> : <RestoreText />}
        confirm={blocking ? 'kort.users.block_confirm' : 'kort.users.restore_confirm'}
        confirmColor={blocking ? 'warning' : 'primary'}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
