import { Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { GuestFields as Fields } from './use-guest-fields';

/** A guest's name and phone (the +7 mask), each with its problem said under it in Russian. */
export function GuestFields({ fields }: { fields: Fields }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <TextField
        label={translate('kort.walk_in.guest_name')}
        value={fields.name}
        onChange={(event) => fields.setName(event.target.value)}
        onBlur={() => fields.leave('name')}
        error={Boolean(fields.nameProblem)}
        helperText={fields.nameProblem ?? ' '}
        required
        autoFocus
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <TextField
        label={translate('kort.walk_in.guest_phone')}
        value={fields.phoneText}
        onChange={(event) => fields.typePhone(event.target.value)}
        onBlur={() => fields.leave('phone')}
        error={Boolean(fields.phoneProblem)}
        helperText={fields.phoneProblem ?? translate('kort.walk_in.guest_phone_hint')}
        required
        placeholder="+7 (___) ___-__-__"
        // Someone else's number: the browser offers none of the admin's own.
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'tel', type: 'tel' } }}
      />
    </Stack>
  );
}
