import type { AdminAgentRelease } from '@kort/contracts';
import { Box, Stack, useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, List, SimpleList, TopToolbar, usePermissions, useTranslate } from 'react-admin';
import { ListPagination } from '../../components/list-pagination';
import { ListLoadError } from '../../components/load-error';
import { ListEmpty } from '../../components/list-empty';
import { formatClubDateTime } from '../../lib/club-time';
import { RolloutBar, RolloutStateChip, TroubleCount, usePercentText } from './release-labels';

type Release = AdminAgentRelease;

function Actions() {
  const { permissions } = usePermissions<string>();
  return <TopToolbar>{permissions === 'owner' && <CreateButton label="kort.releases.new" />}</TopToolbar>;
}

/**
 * The agent versions uploaded, newest first: each one's platforms and its rollout (state, the share
 * of sites it reaches, how many of them run it, refusals and rollbacks in red). A row opens the
 * release: its stages, its actions and every site's agent.
 */
export function ReleaseList() {
  return (
    <List<Release>
      sort={{ field: 'uploaded_at', order: 'DESC' }}
      perPage={25}
      actions={<Actions />}
      error={<ListLoadError />}
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
    >
      <Releases />
    </List>
  );
}

function Releases() {
  const translate = useTranslate();
  const percentText = usePercentText();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const field = (name: string) => `resources.agent-releases.fields.${name}`;
  const troubles = (release: Release) =>
    release.rollout && (
      <Box component="span" sx={{ display: 'flex', gap: 2 }}>
        <TroubleCount
          count={release.rollout.progress.refused}
          label={translate('kort.releases.counts_refused', { count: release.rollout.progress.refused })}
        />
        <TroubleCount
          count={release.rollout.progress.rolled_back}
          label={translate('kort.releases.counts_rolled_back', { count: release.rollout.progress.rolled_back })}
        />
      </Box>
    );

  if (small)
    return (
      <SimpleList<Release>
        empty={<ListEmpty />}
        primaryText={(release) => (
          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{release.version}</span>
            <RolloutStateChip rollout={release.rollout} />
            {release.rollout && <span>{percentText(release.rollout.percent)}</span>}
          </Box>
        )}
        secondaryText={(release) => (
          <Stack component="span" spacing={0.5} sx={{ display: 'flex' }}>
            <span>{`${formatClubDateTime(release.uploaded_at)} · ${release.platforms.join(', ')}`}</span>
            {release.rollout && <RolloutBar rollout={release.rollout} />}
            {troubles(release)}
          </Stack>
        )}
        linkType="show"
      />
    );

  return (
    <DataTable<Release> empty={<ListEmpty />} rowClick="show" bulkActionButtons={false}>
      <DataTable.Col<Release> source="version" />
      <DataTable.Col<Release>
        source="uploaded_at"
        render={(release) => formatClubDateTime(release.uploaded_at)}
        sx={{ whiteSpace: 'nowrap' }}
      />
      <DataTable.Col<Release> source="platforms" render={(release) => release.platforms.join(', ')} disableSort />
      <DataTable.Col<Release>
        source="rollout"
        render={(release) => <RolloutStateChip rollout={release.rollout} />}
        disableSort
      />
      <DataTable.Col<Release>
        label={field('percent')}
        render={(release) => (release.rollout ? percentText(release.rollout.percent) : '—')}
        align="right"
        sx={{ whiteSpace: 'nowrap' }}
      />
      <DataTable.Col<Release>
        label={field('progress')}
        render={(release) => (release.rollout ? <RolloutBar rollout={release.rollout} /> : '—')}
      />
      <DataTable.Col<Release>
        label={field('refused')}
        render={(release) => (release.rollout ? <TroubleCount count={release.rollout.progress.refused} /> : '—')}
        align="right"
      />
      <DataTable.Col<Release>
        label={field('rolled_back')}
        render={(release) => (release.rollout ? <TroubleCount count={release.rollout.progress.rolled_back} /> : '—')}
        align="right"
      />
    </DataTable>
  );
}
