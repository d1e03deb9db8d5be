import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { useCreatePath, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { AcknowledgeButton, acknowledgedText, alertMoment } from '../resources/alerts/alert-labels';
import { useOpenAlerts } from '../resources/alerts/open-alerts-api';

/** White on the banner's red: the button reads as the one thing to press. */
const ON_RED = { bgcolor: 'common.white', color: 'error.main', '&:hover': { bgcolor: 'grey.100' } };

/**
 * The home page's red banner while the chosen site has alerts not resolved (door and Pi alarms, an
 * agent away too long), newest first, as they come (the /live push): what happened and when, who
 * took it on, «Принять» for the others, and a link to the whole list. Nothing when all is well.
 */
export function AlertBanner() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { alerts, apply } = useOpenAlerts();
  if (alerts.length === 0) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      icon={<NotificationImportantIcon />}
      // A landmark with its heading, not an assertive alert: the list below is a polite live region,
      // so an alert pushed while the page is open is read out once, without the whole banner.
      component="section"
      role="region"
      aria-labelledby="alert-banner-title"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle id="alert-banner-title" component="h2" sx={{ fontWeight: 700 }}>
        {translate('kort.alerts.banner_title', { count: alerts.length })}
      </AlertTitle>
      <Stack component="ul" spacing={1.5} aria-live="polite" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {alerts.map((alert) => (
          <Box
            component="li"
            key={alert.id}
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { xs: 'stretch', sm: 'center' },
              justifyContent: 'space-between',
              gap: 1,
            }}
          >
            <Box>
              <Typography component="p" sx={{ fontWeight: 600 }}>
                {`${alert.title} — ${alertMoment(alert.raised_at)}`}
              </Typography>
              <Typography component="p" variant="body2">
                {alert.offline ? `${alert.detail} · ${translate('kort.alerts.offline')}` : alert.detail}
              </Typography>
              {alert.acknowledged_at && (
                <Typography component="p" variant="body2" sx={{ fontStyle: 'italic' }}>
                  {acknowledgedText(alert, translate)}
                </Typography>
              )}
            </Box>
            <AcknowledgeButton alert={alert} onDone={apply} sx={{ ...ON_RED, flexShrink: 0 }} />
          </Box>
        ))}
      </Stack>
      <Button
        component={Link}
        to={createPath({ resource: 'alerts', type: 'list' })}
        color="inherit"
        endIcon={<ArrowForwardIcon />}
        sx={{ mt: 1, ml: -1, textDecoration: 'underline' }}
      >
        {translate('kort.alerts.banner_all')}
      </Button>
    </Alert>
  );
}
