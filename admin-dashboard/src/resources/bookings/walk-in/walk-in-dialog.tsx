import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { overrideReasonRule, textRuleProblem } from '@kort/contracts';
import { useTranslate } from 'react-admin';
import { PlayerPicker } from './player-picker';
import { useWalkInBooking, type WalkInSlot } from './use-walk-in-booking';

/**
 * Books the slot for a player chosen by name, e-mail or phone. A refusal is shown in the API's own
 * words; a quota's refusal (or the no-show pause) offers the override, which needs a reason.
 */
export function WalkInDialog({ slot, onClose }: { slot: WalkInSlot; onClose: () => void }) {
  const translate = useTranslate();
  const booking = useWalkInBooking(slot, onClose);
  const needsReason = booking.override && booking.reason.trim().length === 0;
  // A reason typed but refused by the API's rule (invisible characters, a direction override): said under it.
  const reasonProblem = booking.override && !needsReason ? textRuleProblem(booking.reason, overrideReasonRule) : null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="walk-in-title">
      <DialogTitle id="walk-in-title">{translate('kort.walk_in.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="p">
            {slot.courtName} · {slot.label}
          </Typography>
          <PlayerPicker value={booking.player} onChange={booking.choose} autoFocus />
          {booking.refusal && (
            <Alert severity="error" role="alert">
              {booking.refusal}
            </Alert>
          )}
          {booking.canOverride && (
            <Stack spacing={1}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={booking.override}
                    onChange={(event) => booking.setOverride(event.target.checked)}
                  />
                }
                label={translate('kort.walk_in.override')}
              />
              {booking.override && (
                <>
                  <Typography variant="body2" color="text.secondary">
                    {translate('kort.walk_in.override_hint')}
                  </Typography>
                  <TextField
                    label={translate('kort.walk_in.reason')}
                    helperText={
                      reasonProblem ??
                      translate(needsReason ? 'kort.walk_in.reason_needed' : 'kort.walk_in.reason_hint')
                    }
                    error={Boolean(reasonProblem)}
                    value={booking.reason}
                    onChange={(event) => booking.setReason(event.target.value)}
                    required
                    slotProps={{ htmlInput: { maxLength: 200 } }}
                  />
                </>
              )}
            </Stack>
          )}
          {booking.player && (
            <Typography variant="body2" color="text.secondary">
              {translate('kort.walk_in.what_happens')}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('kort.walk_in.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!booking.player || booking.pending || needsReason || Boolean(reasonProblem)}
          onClick={booking.submit}
        >
          {translate(booking.override ? 'kort.walk_in.book_override' : 'kort.walk_in.book')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
