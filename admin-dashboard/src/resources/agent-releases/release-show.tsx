import type { AdminAgentRelease } from '@kort/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Card, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { Query } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Labeled, Show, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { formatClubDateTime } from '../../lib/club-time';
import { sizeInMb } from './release-labels';
import { ReleaseSites } from './release-sites';
import { RolloutPanel } from './rollout-panel';

/** How often a running rollout is read again, so its progress moves on screen. */
export const ROLLOUT_REFRESH_MS = 5_000;

const refreshWhileRunning = (query: Query<AdminAgentRelease>) =>
  query.state.data?.rollout?.state === 'running' ? ROLLOUT_REFRESH_MS : false;

/**
 * A release's page: the bundle's facts, its rollout (stages, progress, why it halted, what to do
 * next) and every site's agent as the rollout sees it, read again every 5 s while it runs.
 */
export function ReleaseShow() {
  return (
    <Show<AdminAgentRelease> component="div" queryOptions={{ refetchInterval: refreshWhileRunning }}>
      <Stack spacing={2} sx={{ mt: 1, mb: 2, minWidth: 0 }}>
        <Section title="kort.releases.package">
          <ReleaseFacts />
        </Section>
        <Section title="kort.releases.rollout">
          <RolloutPanel />
        </Section>
        <Section title="kort.releases.sites">
          <ReleaseSites />
        </Section>
      </Stack>
    </Show>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card component="section">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Version, the API it needs, platforms, size, the sha256 (short, copied whole), who uploaded it and when. */
function ReleaseFacts() {
  const translate = useTranslate();
  const release = useRecordContext<AdminAgentRelease>();
  if (!release) return null;
  const fact = (name: string, value: ReactNode) => (
    <Labeled label={`resources.agent-releases.fields.${name}`}>
      <Typography component="span" variant="body2">
        {value}
      </Typography>
    </Labeled>
  );
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
      {fact('version', release.version)}
      {fact('min_api_version', release.min_api_version)}
      {fact('platforms', release.platforms.join(', '))}
      {fact('size', translate('kort.releases.size_mb', { size: sizeInMb(release.size) }))}
      <Labeled label="resources.agent-releases.fields.sha256">
        <ShortSha sha256={release.sha256} />
      </Labeled>
      {fact('uploaded_at', formatClubDateTime(release.uploaded_at))}
      {fact('uploaded_by', release.uploaded_by ?? '—')}
    </Box>
  );
}

/** The first 12 hex digits, the whole hash in a tooltip and copied by the button. */
function ShortSha({ sha256 }: { sha256: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sha256);
      notify('kort.releases.copied', { type: 'info' });
    } catch {
      notify('kort.releases.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Tooltip title={sha256}>
        <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace' }}>
          {`${sha256.slice(0, 12)}…`}
        </Typography>
      </Tooltip>
      <IconButton size="small" aria-label={translate('kort.releases.copy_sha')} onClick={() => void copy()}>
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
