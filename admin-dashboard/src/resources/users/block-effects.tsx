import type { BlockEffects } from '@kort/contracts';
import { Alert, CircularProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatClubDateTime } from '../../lib/club-time';
import { callApi, messageOf } from '../../providers/http-client';
import type { BookingRecord } from '../../lib/records';

type Read = { effects: BlockEffects; error: null } | { effects: null; error: string } | null;

/**
 * What blocking the player would do now (GET /api/admin/users/:id/block-effects, read with the
 * block's own rules), asked each time the confirmation opens. Null while it is being read.
 */
export function useBlockEffects(userId: number, asking: boolean): Read {
  const [read, setRead] = useState<Read>(null);
  useEffect(() => {
    if (!asking) return;
    let live = true;
    setRead(null);
    callApi<BlockEffects>(`/api/admin/users/${userId}/block-effects`).then(
      (effects) => live && setRead({ effects, error: null }),
      (failure: unknown) => live && setRead({ effects: null, error: messageOf(failure) }),
    );
    return () => {
      live = false;
    };
  }, [userId, asking]);
  return read;
}

const gameLine = (game: BookingRecord, court: string) => `${formatClubDateTime(game.starts_at, 'game')} · ${court}`;

/** The block's confirmation: what the player loses, listed (games with date, hour and court; the shelf). */
export function BlockEffectsText({ read }: { read: Read }) {
  const translate = useTranslate();
  const court = (game: BookingRecord) => translate('kort.bookings.court', { number: game.court_id });
  return (
    <Stack spacing={1.5} sx={{ minWidth: { sm: 420 } }}>
      <Typography>{translate('kort.users.block_content')}</Typography>
      {read === null && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          {/* Decorative: the text beside it says what is loading. */}
          <CircularProgress size={16} aria-hidden="true" />
          <Typography variant="body2">{translate('kort.users.block_effects_loading')}</Typography>
        </Stack>
      )}
      {read?.error && (
        <Alert severity="warning">{translate('kort.users.block_effects_failed', { reason: read.error })}</Alert>
      )}
      {read?.effects && (
        <>
          {read.effects.cancelled_games.length > 0 ? (
            <div>
              <Typography id="block-games">
                {translate('kort.users.block_games', { smart_count: read.effects.cancelled_games.length })}
              </Typography>
              <List dense disablePadding aria-labelledby="block-games">
                {read.effects.cancelled_games.map((game) => (
                  <ListItem key={game.id} sx={{ py: 0 }}>
                    <ListItemText primary={gameLine(game, court(game))} />
                  </ListItem>
                ))}
              </List>
            </div>
          ) : (
            <Typography>{translate('kort.users.block_no_games')}</Typography>
          )}
          {read.effects.games_on_now.map((game) => (
            <Typography key={game.id}>
              {gameLine(game, court(game))}: {translate('kort.users.block_game_on_now')}.
            </Typography>
          ))}
          <OtherSites {...read.effects.other_sites} />
          <Typography>
            {read.effects.shelf
              ? translate('kort.users.block_shelf', {
                  number: read.effects.shelf.shelf_id,
                  since: formatClubDateTime(read.effects.shelf.since, 'short'),
                })
              : translate('kort.users.block_no_shelf')}
          </Typography>
        </>
      )}
      <Typography variant="body2" color="text.secondary">
        {translate('kort.users.block_not_undone')}
      </Typography>
    </Stack>
  );
}

/** What the block does at sites the admin does not run: counted, never listed (decision 0071). */
function OtherSites({ cancelled_games: cancelled, games_on_now: onNow }: BlockEffects['other_sites']) {
  const translate = useTranslate();
  if (cancelled + onNow === 0) return null;
  return (
    <Typography>
      {[
        translate('kort.users.block_other_sites'),
        ...(cancelled > 0 ? [translate('kort.users.block_other_cancelled', { smart_count: cancelled })] : []),
        ...(onNow > 0 ? [translate('kort.users.block_other_on_now', { smart_count: onNow })] : []),
      ].join(' ')}
    </Typography>
  );
}

/** The restore's confirmation: the player comes back, what the block cancelled does not. */
export function RestoreText() {
  const translate = useTranslate();
  return (
    <Stack spacing={1.5}>
      <Typography>{translate('kort.users.restore_content')}</Typography>
      <Typography>{translate('kort.users.restore_not_restored')}</Typography>
    </Stack>
  );
}
