import { messages, type PlayerNoShows } from '@kort/contracts';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Alert, AlertTitle, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { formatClubDateTime } from '../../lib/club-time';
import { useApiCall, type ApiCall } from '../../lib/use-api-call';
import { httpClient, messageOf } from '../../providers/http-client';
import type { UserRecord } from '../../lib/records';

type NoShow = PlayerNoShows['no_shows'][number];

const noShowsPath = (userId: number) => `/api/admin/users/${userId}/no-shows`;

/** The player's no-shows and the pause they bring now (GET /api/admin/users/:id/no-shows). */
function usePlayerNoShows(userId: number): ApiCall<PlayerNoShows> {
  return useApiCall<PlayerNoShows>(noShowsPath(userId));
}

/** The pause of new bookings, said as the player meets it: until when, and why. */
function PauseAlert({ until }: { until: string }) {
  const translate = useTranslate();
  return (
    <Alert severity="warning">
      <AlertTitle>{translate('kort.users.paused_until', { date: formatClubDateTime(until) })}</AlertTitle>
      {translate('kort.users.paused_hint')}
    </Alert>
  );
}

/** On the profile: the pause, when there is one (nothing otherwise). */
export function NoShowPause() {
  const user = useRecordContext<UserRecord>();
  const { data } = usePlayerNoShows(user?.id ?? 0);
  if (!user || !data?.paused_until) return null;
  return <PauseAlert until={data.paused_until} />;
}

/**
 * The «Неявки» tab: each game the player did not come to (date and hour on the club's clock, court),
 * the pause they bring, and «Простить» for each one not yet forgiven. A forgiven no-show stops
 * counting towards the pause; the answer of the forgiveness is the list and the pause anew.
 */
export function UserNoShows() {
  const translate = useTranslate();
  const user = useRecordContext<UserRecord>();
  const call = usePlayerNoShows(user?.id ?? 0);
  if (!user) return null;
  const { data, error } = call;
  if (!data) {
    return error ? <Alert severity="warning">{error}</Alert> : null;
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      {data.paused_until && <PauseAlert until={data.paused_until} />}
      {error && <Alert severity="warning">{error}</Alert>}
      {data.no_shows.length === 0 ? (
        <Typography color="text.secondary">{translate('kort.users.no_no_shows')}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate('kort.users.no_shows_hint')}
          </Typography>
          <List dense disablePadding aria-label={translate('kort.users.no_shows_title')}>
            {data.no_shows.map((noShow) => (
              <NoShowItem key={noShow.booking_id} userId={user.id} noShow={noShow} call={call} />
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

function NoShowItem({ userId, noShow, call }: { userId: number; noShow: NoShow; call: ApiCall<PlayerNoShows> }) {
  const translate = useTranslate();
  const game = `${formatClubDateTime(noShow.starts_at, 'game')} · ${translate('kort.bookings.court', { number: noShow.court_id })}`;
  return (
    <ListItem divider sx={{ px: 0, gap: 2, flexWrap: 'wrap', justifyContent: 'space-between' }}>
      <ListItemText primary={game} sx={{ flex: '1 1 auto' }} />
      {noShow.forgiven ? (
        <Chip size="small" label={translate('kort.users.no_show_forgiven')} />
      ) : (
        <ForgiveButton userId={userId} bookingId={noShow.booking_id} game={game} call={call} />
      )}
    </ListItem>
  );
}

/** «Простить», after a short confirmation (POST …/no-shows/:bookingId/forgive, in the action log). */
function ForgiveButton({
  userId,
  bookingId,
  game,
  call,
}: {
  userId: number;
  bookingId: number;
  game: string;
  call: ApiCall<PlayerNoShows>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const forgive = async () => {
    setPending(true);
    try {
      const { json } = await httpClient(`${noShowsPath(userId)}/${bookingId}/forgive`, { method: 'POST' });
      call.replace(json as PlayerNoShows);
      notify(messages.noShowForgiven, { type: 'info' });
    } catch (failure) {
      notify(messageOf(failure), { type: 'error' });
      // Another admin may have forgiven it meanwhile: show the list as it is now.
      call.reload();
    } finally {
      setPending(false);
      setOpen(false);
    }
  };

  return (
    <>
      {/* Material's button: react-admin's drops its label on a phone, and the icon alone says nothing. */}
      <Button size="small" variant="outlined" startIcon={<HowToRegIcon />} onClick={() => setOpen(true)}>
        {translate('kort.users.forgive')}
      </Button>
      <Confirm
        isOpen={open}
        loading={pending}
        title="kort.users.forgive_title"
        content="kort.users.forgive_content"
        translateOptions={{ game }}
        confirm="kort.users.forgive"
        onConfirm={() => void forgive()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
