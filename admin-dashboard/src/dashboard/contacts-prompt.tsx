import { Alert, Box, Button, Card, CardActions, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { messageOf } from '../providers/http-client';
import type { SettingRecord } from '../lib/records';
import { clubPhone, isEmail, isSeeded, withContacts } from './contacts-text';

/** Dismissed for this sign-in only: the prompt comes back on the next one until the contacts are real. */
const LATER_KEY = 'kort-admin.contacts-later';

/**
 * On the home page while the club's contacts still hold the installation's examples (players see
 * them on their profile): the club's phone and e-mail, saved through the settings call.
 */
export function ContactsPrompt() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data } = useGetOne<SettingRecord>('settings', { id: 'club_contacts' });
  const [update, { isPending }] = useUpdate<SettingRecord>();
  const [later, setLater] = useState(() => sessionStorage.getItem(LATER_KEY) === '1');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!data || later || !isSeeded(data.value)) return null;

  const formatted = clubPhone(phone);
  const emailOk = isEmail(email);
  const save = () => {
    setTried(true);
    if (!formatted || !emailOk) return;
    void update(
      'settings',
      { id: data.id, data: { value: withContacts(data.value, formatted, email) }, previousData: data },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('kort.contacts_prompt.saved', { type: 'success' }),
        onError: (error) => setFailure(messageOf(error)),
      },
    );
  };
  const postpone = () => {
    sessionStorage.setItem(LATER_KEY, '1');
    setLater(true);
  };

  return (
    <Card
      component="section"
      aria-labelledby="contacts-prompt-title"
      sx={{ borderLeft: 4, borderColor: 'warning.main' }}
    >
      <CardContent>
        <Typography id="contacts-prompt-title" variant="h6" component="h2" gutterBottom>
          {translate('kort.contacts_prompt.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {translate('kort.contacts_prompt.intro', { value: data.value.split('\n').slice(0, 2).join(', ') })}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
          id="contacts-prompt-form"
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={translate('kort.contacts_prompt.phone')}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              placeholder="+7 (___) ___-__-__"
              type="tel"
              autoComplete="tel"
              error={tried && !formatted}
              helperText={tried && !formatted ? translate('kort.contacts_prompt.phone_invalid') : ' '}
              fullWidth
            />
            <TextField
              label={translate('kort.contacts_prompt.email')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              type="email"
              autoComplete="email"
              error={tried && !emailOk}
              helperText={tried && !emailOk ? translate('kort.contacts_prompt.email_invalid') : ' '}
              fullWidth
            />
          </Stack>
        </Box>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button type="submit" form="contacts-prompt-form" variant="contained" disabled={isPending}>
          {translate('kort.contacts_prompt.save')}
        </Button>
        <Button onClick={postpone}>{translate('kort.contacts_prompt.later')}</Button>
      </CardActions>
    </Card>
  );
}
