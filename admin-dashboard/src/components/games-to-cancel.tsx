import { Alert, CircularProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { formatClubDateTime } from '../lib/club-time';
import { useCourts } from '../lib/use-courts';
import { messageOf } from '../providers/http-client';
import type { BookingRecord } from '../lib/records';

/**
 * What a change to the club's shape would cancel (a court taken out of booking, a closure): the
 * games, soonest first, as «вс, 6 июля в 14:00 · Корт 2 · Анна Петрова», read from the API's
 * preview; while it is read, a spinner; when it cannot be, the API's reason.
 */
export function GamesToCancel({ read }: { read: Pick<UseQueryResult<BookingRecord[]>, 'data' | 'error'> }) {
  const translate = useTranslate();
  const { courtName } = useCourts();
  const heading = useId();
  if (read.error) return <Alert severity="warning">{messageOf(read.error)}</Alert>;
  if (!read.data)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        {/* Decorative: the text beside it says what is loading. */}
        <CircularProgress size={16} aria-hidden="true" />
        <Typography variant="body2">{translate('kort.games_to_cancel.loading')}</Typography>
      </Stack>
    );
  if (read.data.length === 0) return <Typography>{translate('kort.games_to_cancel.none')}</Typography>;
  return (
    <div>
      <Typography id={heading} sx={{ fontWeight: 500 }}>
        {translate('kort.games_to_cancel.title', { smart_count: read.data.length })}
      </Typography>
      <List dense disablePadding aria-labelledby={heading}>
        {read.data.map((game) => (
          <ListItem key={game.id} sx={{ py: 0 }}>
            <ListItemText
              primary={`${formatClubDateTime(game.starts_at, 'game')} · ${courtName(game.court_id)} · ${game.user_name}`}
            />
          </ListItem>
        ))}
      </List>
    </div>
  );
}
