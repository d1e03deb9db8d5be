import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import BlockIcon from '@mui/icons-material/Block';
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { LinkBase, useNotify, useTranslate, useUpdate } from 'react-admin';
import { callApi, messageOf } from '../../providers/http-client';
import type { ShelfRecord, ShelfStatus } from '../../lib/records';
import { formatClubDateTime } from '../../lib/club-time';

/** One colour per state, none shared: free green, occupied blue, given out amber, blocked red. */
export const statusColor: Record<ShelfStatus, 'success' | 'info' | 'error' | 'warning'> = {
  free: 'success',
  occupied: 'info',
  blocked: 'error',
  on_loan: 'warning',
};

export interface ShelfGridProps {
  /** The shelves as the API lists them (undefined while loading). */
  shelves: ShelfRecord[] | undefined;
  /** Which numbers to show, in order: 1–9 or 10–11. */
  ids: readonly number[];
  /** After an action: read the shelves again. */
  onChanged?: () => void;
  /** The locks as the agent reports them live (/live `device.state`), by shelf number: true is open. */
  locks?: Partial<Record<number, boolean>>;
  /** What compartments 10 and 11 hold, as players see it (the settings' «Ракетки», «Мячи»). */
  names?: Partial<Record<number, string>>;
}

/**
 * A card per shelf: its state, its lock (live), its renter, and the spec's admin_open, admin_close
 * and admin_block.
 */
export function ShelfGrid({ shelves, ids, onChanged, locks, names }: ShelfGridProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      {ids.map((id) => (
        <ShelfCard
          key={id}
          id={id}
          shelf={shelves?.find((shelf) => shelf.id === id)}
          shelves={shelves}
          onChanged={onChanged}
          lockOpen={locks?.[id]}
          name={names?.[id]}
        />
      ))}
    </Box>
  );
}

type Action = 'admin_open' | 'admin_close' | 'admin_block';

function ShelfCard({
  id,
  shelf,
  shelves,
  onChanged,
  lockOpen: liveLock,
  name,
}: {
  id: number;
  shelf?: ShelfRecord;
  shelves: ShelfRecord[] | undefined;
  onChanged?: () => void;
  lockOpen?: boolean;
  name?: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const [update] = useUpdate<ShelfRecord>();
  const equipment = id >= 10;
  // A compartment by what it holds, as on the player's storage screen; a shelf by its number.
  const title = equipment
    ? (name ?? translate('kort.shelves.item', { number: id }))
    : translate('kort.shelves.shelf', { number: id });
  /** «Ящик 3 заблокирован», «Ракетки: отсек открыт»: what the action did, to which. */
  const said = (what: string) =>
    notify(`kort.notices.${equipment ? 'item' : 'shelf'}_${what}`, {
      type: 'info',
      messageArgs: { number: id, name: title },
    });
  // The live report first; until one came, the list's.
  const lockOpen = liveLock ?? shelf?.relay_on;

  const run = async (action: Action) => {
    setPending(true);
    try {
      await callApi(`/api/${action}/?shelf_id=${id}`);
      said(action === 'admin_block' && shelf?.is_blocked ? 'admin_unblock' : action);
      onChanged?.();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  const markCleared = () =>
    shelf &&
    update(
      'shelves',
      { id, data: { needs_clearing: false }, previousData: shelf },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          said('cleared');
          onChanged?.();
        },
        onError: (error) => notify(messageOf(error), { type: 'error' }),
      },
    );

  return (
    <Card variant="outlined" role="group" aria-label={title} data-status={shelf?.status ?? 'unknown'}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="h6" component="h3">
              {title}
            </Typography>
            {equipment && name && (
              <Typography variant="caption" color="text.secondary">
                {translate('kort.shelves.item_number', { number: id })}
              </Typography>
            )}
          </Box>
          {shelf ? (
            <Chip
              size="small"
              color={statusColor[shelf.status]}
              label={translate(`kort.shelves.${shelf.kind === 'equipment' ? 'item_status' : 'status'}_${shelf.status}`)}
            />
          ) : (
            // Until the list arrives (or if it failed: the page says so above the grid).
            <Chip
              size="small"
              label={translate(shelves === undefined ? 'kort.shelves.loading' : 'kort.shelves.no_data')}
            />
          )}
        </Stack>
        <Box sx={{ minHeight: 48, mt: 1 }}>
          {shelf && (
            <Typography variant="body2">
              {shelf.renter_name && shelf.renter_id !== null ? (
                <>
                  {translate(equipment ? 'kort.shelves.holder' : 'kort.shelves.renter')}
                  <LinkBase to={`/users/${shelf.renter_id}/show`} style={{ color: 'inherit', fontWeight: 500 }}>
                    {shelf.renter_name}
                  </LinkBase>
                  {shelf.rented_since &&
                    ` ${translate('kort.shelves.since', { date: formatClubDateTime(shelf.rented_since, 'short') })}`}
                </>
              ) : (
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {translate(equipment ? 'kort.shelves.no_holder' : 'kort.shelves.no_renter')}
                </Box>
              )}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
            {lockOpen !== undefined && (
              <Chip
                size="small"
                variant="outlined"
                color={lockOpen ? 'warning' : 'default'}
                icon={lockOpen ? <LockOpenIcon /> : <LockIcon />}
                label={translate(lockOpen ? 'kort.shelves.lock_open' : 'kort.shelves.lock_closed')}
                aria-live="polite"
              />
            )}
            {shelf?.needs_clearing && (
              <Chip size="small" color="warning" label={translate('kort.shelves.needs_clearing')} />
            )}
          </Stack>
        </Box>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        <Button size="small" startIcon={<LockOpenIcon />} disabled={pending} onClick={() => void run('admin_open')}>
          {translate('kort.shelves.open')}
        </Button>
        <Button size="small" startIcon={<LockIcon />} disabled={pending} onClick={() => void run('admin_close')}>
          {translate('kort.shelves.close')}
        </Button>
        <Button
          size="small"
          color={shelf?.is_blocked ? 'primary' : 'error'}
          startIcon={<BlockIcon />}
          disabled={pending}
          onClick={() => void run('admin_block')}
        >
          {translate(shelf?.is_blocked ? 'kort.shelves.unblock' : 'kort.shelves.block')}
        </Button>
        {shelf?.needs_clearing && (
          <Button size="small" color="warning" startIcon={<CleaningServicesIcon />} onClick={() => void markCleared()}>
            {translate('kort.shelves.cleared')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
