import type { AdminRollout, AgentUpdateState, RolloutState } from '@kort/contracts';
import { Box, Chip, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

// How a release's rollout and a site's agent read in the list and on the release's page.

type Colour = 'default' | 'success' | 'warning' | 'error' | 'info';

const rolloutColour: Record<RolloutState, Colour> = {
  running: 'info',
  halted: 'error',
  complete: 'success',
  'rolled-back': 'warning',
};

/** «Выпускается», «Остановлен», «Завершён», «Откачен»; «Не выпускался» before a rollout. */
export function RolloutStateChip({ rollout }: { rollout: AdminRollout | null }) {
  const translate = useTranslate();
  if (!rollout)
    return <Chip component="span" size="small" variant="outlined" label={translate('kort.releases.not_started')} />;
  return (
    <Chip
      component="span"
      size="small"
      color={rolloutColour[rollout.state]}
      label={translate(`kort.releases.state_${rollout.state}`)}
    />
  );
}

const siteColour: Record<AgentUpdateState, Colour> = {
  current: 'success',
  pending: 'default',
  installing: 'info',
  refused: 'error',
  'rolled-back': 'error',
};

/** «Обновлён», «Ждёт», «Устанавливает», «Отказался», «Откатился». */
export function SiteStateChip({ state, offered = true }: { state: AgentUpdateState; offered?: boolean }) {
  const translate = useTranslate();
  // No rollout names a version for the site: nothing to be in a state about.
  if (!offered)
    return <Chip component="span" size="small" variant="outlined" label={translate('kort.releases.site_none')} />;
  return (
    <Chip
      component="span"
      size="small"
      color={siteColour[state]}
      variant={state === 'pending' ? 'outlined' : 'filled'}
      label={translate(`kort.releases.site_${state}`)}
    />
  );
}

/** «25 %». */
export function usePercentText(): (percent: number) => string {
  const translate = useTranslate();
  return (percent) => translate('kort.releases.percent', { percent });
}

/** The sites reached that run the release, as a bar and «Обновлены 3 из 12». */
export function RolloutBar({ rollout }: { rollout: AdminRollout }) {
  const translate = useTranslate();
  const { current, target } = rollout.progress;
  const text = translate('kort.releases.progress', { current, target });
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={target > 0 ? Math.min(100, Math.round((current / target) * 100)) : 0}
        color={rollout.state === 'halted' ? 'error' : 'primary'}
        aria-label={text}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography component="span" variant="caption" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

/** A count of refusals or rollbacks: red when there are any. */
export function TroubleCount({ count, label }: { count: number; label?: string }) {
  return (
    <Typography
      component="span"
      variant="body2"
      color={count > 0 ? 'error' : 'text.secondary'}
      sx={{ fontWeight: count > 0 ? 600 : undefined, whiteSpace: 'nowrap' }}
    >
      {label ?? count}
    </Typography>
  );
}

const megabytes = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
/** A bundle's size in megabytes, «12,4». */
export const sizeInMb = (bytes: number) => megabytes.format(bytes / (1024 * 1024));
