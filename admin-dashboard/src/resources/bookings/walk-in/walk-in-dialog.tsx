import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { overrideReasonRule, textRuleProblem } from '@kort/contracts';
import { useTranslate } from 'react-admin';
import { GuestFields } from './guest-fields';
import { OverrideFields } from './override-fields';
import { PlayerPicker } from './player-picker';
import { useWalkInBooking, type WalkInSlot, type WalkInWho } from './use-walk-in-booking';

/**
 * Books the slot for a player chosen by name, e-mail or phone, or for a guest without an account by
 * name and phone. A refusal is shown in the API's own words; a player's quota refusal (or the
 * no-show pause) offers the override, which needs a reason.
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
          <RadioGroup
            row
            aria-label={translate('kort.walk_in.who')}
            value={booking.who}
            onChange={(event) => booking.setWho(event.target.value as WalkInWho)}
          >
            <FormControlLabel value="player" control={<Radio />} label={translate('kort.walk_in.who_player')} />
            <FormControlLabel value="guest" control={<Radio />} label={translate('kort.walk_in.who_guest')} />
          </RadioGroup>
          {booking.who === 'player' ? (
            <PlayerPicker value={booking.player} onChange={booking.choose} autoFocus />
          ) : (
            <GuestFields fields={booking.guest} />
          )}
          {booking.refusal && (
            <Alert severity="error" role="alert">
              {booking.refusal}
            </Alert>
          )}
          {booking.canOverride && booking.who === 'player' && (
            <OverrideFields booking={booking} needsReason={needsReason} reasonProblem={reasonProblem} />
          )}
          {booking.chosen && (
            <Typography variant="body2" color="text.secondary">
              {translate(booking.who === 'guest' ? 'kort.walk_in.guest_what_happens' : 'kort.walk_in.what_happens')}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('kort.walk_in.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!booking.chosen || booking.pending || needsReason || Boolean(reasonProblem)}
          onClick={booking.submit}
        >
          {translate(booking.override ? 'kort.walk_in.book_override' : 'kort.walk_in.book')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
