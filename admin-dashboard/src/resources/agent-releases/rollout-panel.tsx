import type { AdminAgentRelease, AdminRollout } from '@kort/contracts';
import { Alert, AlertTitle, Box, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { RolloutBar, RolloutStateChip, TroubleCount, usePercentText } from './release-labels';
import { RolloutActions, StartRollout } from './rollout-actions';

/**
 * The release's rollout: its state, the stages with the one it is at, how many sites run it, why it
 * halted, and what can be done now. Before a rollout: how to start one.
 */
export function RolloutPanel() {
  const translate = useTranslate();
  const release = useRecordContext<AdminAgentRelease>();
  if (!release) return null;
  const { rollout } = release;
  if (!rollout)
    return (
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {translate('kort.releases.not_started_hint')}
        </Typography>
        <StartRollout release={release} />
      </Stack>
    );
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <RolloutStateChip rollout={rollout} />
        <Typography variant="body2">{translate('kort.releases.stage_now', { percent: rollout.percent })}</Typography>
      </Box>
      {rollout.state === 'halted' && (
        <Alert severity="error">
          <AlertTitle>{translate('kort.releases.halted')}</AlertTitle>
          {rollout.halted_reason}
        </Alert>
      )}
      <Stages rollout={rollout} />
      <Box sx={{ maxWidth: 560 }}>
        <RolloutBar rollout={rollout} />
      </Box>
      <Counts rollout={rollout} />
      {rollout.state === 'rolled-back' ? <StartRollout release={release} /> : <RolloutActions release={release} />}
    </Stack>
  );
}

/**
 * The stages over the sites, each done one behind the current; a finished rollout has done them
 * all, a halted one marks where it stopped.
 */
function Stages({ rollout }: { rollout: AdminRollout }) {
  const translate = useTranslate();
  const percentText = usePercentText();
  const reached = rollout.stages.filter((stage) => stage <= rollout.percent).length;
  const active = rollout.state === 'complete' ? rollout.stages.length : reached - 1;
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      aria-label={translate('kort.releases.stages')}
      component="ol"
      sx={{ p: 0, listStyle: 'none', maxWidth: 560 }}
    >
      {rollout.stages.map((stage, index) => (
        <Step key={stage} completed={index < active} component="li">
          <StepLabel error={rollout.state === 'halted' && index === active}>{percentText(stage)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

/** Waiting, installing, and the refusals and rollbacks, red when there are any. */
function Counts({ rollout }: { rollout: AdminRollout }) {
  const translate = useTranslate();
  const { pending, installing, refused, rolled_back } = rollout.progress;
  return (
    <Box sx={{ display: 'flex', columnGap: 2, rowGap: 0.5, flexWrap: 'wrap' }}>
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('kort.releases.counts_pending', { count: pending })}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('kort.releases.counts_installing', { count: installing })}
      </Typography>
      <TroubleCount count={refused} label={translate('kort.releases.counts_refused', { count: refused })} />
      <TroubleCount count={rolled_back} label={translate('kort.releases.counts_rolled_back', { count: rolled_back })} />
    </Box>
  );
}
