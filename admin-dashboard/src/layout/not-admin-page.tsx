import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useNavigate, useTranslate } from 'react-admin';
import { httpClient } from '../providers/http-client';

/**
 * What a signed-in player sees at /admin/: why there is nothing here, the way to the player app,
 * and signing in as someone else. Their session is left alone until they choose the latter.
 */
export function NotAdminPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const signInAsOther = async () => {
    await httpClient('/api/logout/').catch(() => undefined);
    navigate('/login');
  };
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', p: 2 }}
    >
      <Card sx={{ maxWidth: 420 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate('kort.auth.not_admin')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('kort.auth.not_admin_hint')}
          </Typography>
          <Stack spacing={1}>
            <Button variant="contained" size="large" href="/">
              {translate('kort.auth.to_player_app')}
            </Button>
            <Button onClick={() => void signInAsOther()}>{translate('kort.auth.other_account')}</Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
