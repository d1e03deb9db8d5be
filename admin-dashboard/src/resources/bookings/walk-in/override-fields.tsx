import { Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { WalkInBooking } from './use-walk-in-booking';

/** After a quota's refusal: the override's tick and its reason, the reason's problem said under it. */
export function OverrideFields({
  booking,
  needsReason,
  reasonProblem,
}: {
  booking: WalkInBooking;
  needsReason: boolean;
  reasonProblem: string | null;
}) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Checkbox checked={booking.override} onChange={(event) => booking.setOverride(event.target.checked)} />
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
              reasonProblem ?? translate(needsReason ? 'kort.walk_in.reason_needed' : 'kort.walk_in.reason_hint')
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
  );
}
