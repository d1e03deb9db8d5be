import { ROLLOUT_STAGES, type AdminAgentRelease, type RolloutBody } from '@kort/contracts';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Checkbox, FormControlLabel, FormHelperText, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useRollout } from './release-api';

// Material's buttons throughout: react-admin's keep only the icon on a phone, and an icon alone
// does not say «Откатить всем».

/**
 * «Начать выпуск»: the first stage (the default stages' first unless another is chosen) and,
 * when asked, even while a game is on.
 */
export function StartRollout({ release }: { release: AdminAgentRelease }) {
  const translate = useTranslate();
  const rollout = useRollout(release.id);
  const [percent, setPercent] = useState<number>(ROLLOUT_STAGES[0]);
  const [force, setForce] = useState(false);
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        label={translate('kort.releases.first_stage')}
        value={percent}
        onChange={(event) => setPercent(Number(event.target.value))}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 240 } }}
      >
        {ROLLOUT_STAGES.map((stage) => (
          <MenuItem key={stage} value={stage}>
            {translate('kort.releases.stage_option', { percent: stage })}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <FormControlLabel
          control={
            // 44 px for a finger on a phone, as the theme's buttons.
            <Checkbox checked={force} onChange={(event) => setForce(event.target.checked)} sx={{ p: { xs: '10px' } }} />
          }
          label={translate('kort.releases.force')}
        />
        <FormHelperText sx={{ mt: 0 }}>{translate('kort.releases.force_hint')}</FormHelperText>
      </Box>
      <Button
        variant="contained"
        startIcon={<PlayArrowIcon />}
        disabled={rollout.isPending}
        onClick={() => rollout.mutate(force ? { percent, force: true } : { percent })}
      >
        {translate('kort.releases.start')}
      </Button>
    </Stack>
  );
}

/**
 * What a started rollout can do now: climb to the next stage and halt while it runs, resume when
 * halted, and roll every site back to the release before (after a confirmation naming it).
 */
export function RolloutActions({ release }: { release: AdminAgentRelease }) {
  const translate = useTranslate();
  const rollout = useRollout(release.id);
  const [asking, setAsking] = useState(false);
  const state = release.rollout?.state;
  const percent = release.rollout?.percent ?? 0;
  const next = release.rollout?.stages.find((stage) => stage > percent);
  const previous = release.rollout?.previous_version ?? null;
  const send = (body: RolloutBody) => rollout.mutate(body);

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {state === 'running' && next !== undefined && (
        <Button
          variant="contained"
          startIcon={<SkipNextIcon />}
          disabled={rollout.isPending}
          onClick={() => send({ percent: next })}
        >
          {translate('kort.releases.next', { percent: next })}
        </Button>
      )}
      {state === 'running' && (
        <Button
          variant="outlined"
          startIcon={<PauseIcon />}
          disabled={rollout.isPending}
          onClick={() => send({ halt: true })}
        >
          {translate('kort.releases.halt')}
        </Button>
      )}
      {state === 'halted' && (
        <Button
          variant="contained"
          startIcon={<PlayArrowIcon />}
          disabled={rollout.isPending}
          onClick={() => send({ resume: true })}
        >
          {translate('kort.releases.resume')}
        </Button>
      )}
      {previous !== null && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<UndoIcon />}
          disabled={rollout.isPending}
          onClick={() => setAsking(true)}
        >
          {translate('kort.releases.rollback')}
        </Button>
      )}
      <Confirm
        isOpen={asking}
        loading={rollout.isPending}
        title="kort.releases.rollback_title"
        titleTranslateOptions={{ previous }}
        content="kort.releases.rollback_content"
        contentTranslateOptions={{ version: release.version, previous }}
        confirm="kort.releases.rollback"
        confirmColor="warning"
        onConfirm={() => rollout.mutate({ rollback: true }, { onSettled: () => setAsking(false) })}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
