import { Stack, Typography } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';
import { GamesToCancel } from '../../components/games-to-cancel';
import type { CourtRecord } from '../../lib/records';
import { useFutureGames } from './future-games';

interface DeactivateCourtDialogProps {
  court: CourtRecord;
  open: boolean;
  /** Confirmed, with the number of games the preview listed (what the save will cancel). */
  onConfirm: (games: number) => void;
  onClose: () => void;
}

/**
 * «Отключить корт?»: taking a court out of booking cancels its games not yet begun (each player is
 * mailed); they are listed, read when the dialog opens (GET /api/admin/courts/:id/future-games).
 */
export function DeactivateCourtDialog({ court, open, onConfirm, onClose }: DeactivateCourtDialogProps) {
  const translate = useTranslate();
  const games = useFutureGames(court.id, open);
  return (
    <Confirm
      isOpen={open}
      loading={open && games.isPending && !games.error}
      title="kort.courts.deactivate_title"
      titleTranslateOptions={{ name: court.name }}
      content={
        <Stack spacing={1.5} sx={{ minWidth: { sm: 420 } }}>
          <Typography>{translate('kort.courts.deactivate_content')}</Typography>
          <GamesToCancel read={games} />
        </Stack>
      }
      confirm="kort.courts.deactivate"
      confirmColor="warning"
      onConfirm={() => onConfirm(games.data?.length ?? 0)}
      onClose={onClose}
    />
  );
}
