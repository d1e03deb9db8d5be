import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link as MuiLink,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useCheckAuth, useLogin, useRedirect, useTranslate } from 'react-admin';

/**
 * E-mail and password, posted to /api/login/ as the player app does (one session for both apps).
 * The first screen of the dashboard: plain Material UI fields, no form library.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const redirect = useRedirect();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // An admin who is still signed in goes straight to the home page.
  useEffect(() => {
    checkAuth({}, false).then(
      () => redirect('/'),
      () => undefined,
    );
  }, [checkAuth, redirect]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ email: email.trim(), password });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  const notConfirmed = error === 'kort.auth.not_confirmed';
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent component="form" onSubmit={(event) => void submit(event)} noValidate>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {translate('kort.auth.title')}
          </Typography>
          <TextField
            label={translate('kort.auth.email')}
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            fullWidth
            margin="normal"
            autoFocus
          />
          <TextField
            label={translate('kort.auth.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
            fullWidth
            margin="normal"
          />
          {error && (
            <Alert severity="error" sx={{ mt: 1 }} role="alert">
              {translate(error, { _: error })}
              {notConfirmed && (
                <>
                  {' '}
                  <MuiLink href="/login">{translate('kort.auth.confirm_in_player_app')}</MuiLink>
                </>
              )}
            </Alert>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={busy || !email || !password}
            sx={{ mt: 2 }}
            startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate('kort.auth.sign_in')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
