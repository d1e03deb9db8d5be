import { ALERT_KINDS, ALERT_STATES, ALERT_TITLES, type AdminAlert } from '@kort/contracts';
import { Box, Card, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SelectInput, useListContext, useTranslate } from 'react-admin';
import { OfflineBadge } from '../../components/command-labels';
import { ListActions } from '../../components/list-actions';
import { ListPagination } from '../../components/list-pagination';
import { ListLoadError } from '../../components/load-error';
import { ListEmpty } from '../../components/list-empty';
import { formatClubDateTime } from '../../lib/club-time';
import { AcknowledgeButton, acknowledgedText, AlertStateChip, useSiteName } from './alert-labels';

const filters = [
  <SelectInput
    key="state"
    source="state"
    choices={ALERT_STATES.map((state) => ({ id: state, name: `kort.alerts.state_${state}` }))}
    emptyText="kort.alerts.all"
    alwaysOn
  />,
  <SelectInput
    key="kind"
    source="kind"
    choices={ALERT_KINDS.map((kind) => ({ id: kind, name: ALERT_TITLES[kind] }))}
    translateChoice={false}
    emptyText="kort.alerts.all"
    alwaysOn
  />,
];

/** «—» for a moment that has not come. */
const momentOrDash = (instant: string | null) => (instant ? formatClubDateTime(instant) : '—');

/**
 * The site's door and Pi alerts, newest first: each one's state, what happened (with its figure),
 * the site, when it was raised, who took it on and when, when it ended; «Принять» on those nobody
 * took on. Filtered by state and kind. A table on a desktop, cards on a phone.
 */
export function AlertList() {
  return (
    <List<AdminAlert>
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'raised_at', order: 'DESC' }}
      perPage={25}
      error={<ListLoadError />}
      pagination={<ListPagination />}
    >
      <Alerts />
    </List>
  );
}

function Alerts() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return small ? <AlertCards /> : <AlertTable />;
}

function AlertTable() {
  const translate = useTranslate();
  const siteName = useSiteName();
  return (
    <DataTable<AdminAlert> empty={<ListEmpty />} rowClick={false} bulkActionButtons={false}>
      <DataTable.Col<AdminAlert> source="state" render={(alert) => <AlertStateChip state={alert.state} />} />
      <DataTable.Col<AdminAlert> source="kind" render={(alert) => <WhatHappened alert={alert} />} />
      <DataTable.Col<AdminAlert> source="site_id" render={(alert) => siteName(alert.site_id)} disableSort />
      <DataTable.Col<AdminAlert>
        source="raised_at"
        render={(alert) => formatClubDateTime(alert.raised_at)}
        sx={{ whiteSpace: 'nowrap' }}
      />
      <DataTable.Col<AdminAlert>
        source="acknowledged_at"
        render={(alert) =>
          alert.acknowledged_at || alert.state === 'resolved' ? (
            acknowledgedText(alert, translate)
          ) : (
            <AcknowledgeButton alert={alert} size="small" />
          )
        }
      />
      <DataTable.Col<AdminAlert>
        source="resolved_at"
        render={(alert) => momentOrDash(alert.resolved_at)}
        sx={{ whiteSpace: 'nowrap' }}
      />
    </DataTable>
  );
}

/** The alert's name, its sentence, and «без связи» when it came after a period without the link. */
function WhatHappened({ alert }: { alert: AdminAlert }) {
  return (
    <Stack spacing={0.25}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
          {alert.title}
        </Typography>
        {alert.offline && <OfflineBadge />}
      </Stack>
      <Typography variant="body2" component="span" color="text.secondary">
        {alert.detail}
      </Typography>
    </Stack>
  );
}

/** A phone's list: one card per alert, «Принять» full width under it. */
function AlertCards() {
  const translate = useTranslate();
  const siteName = useSiteName();
  const { data, isPending } = useListContext<AdminAlert>();
  if (isPending) return null;
  if (!data?.length) return <ListEmpty />;
  const field = (name: string) => translate(`resources.alerts.fields.${name}`);
  return (
    <Stack
      component="ul"
      spacing={1.5}
      sx={{ listStyle: 'none', p: 1, m: 0 }}
      aria-label={translate('resources.alerts.name', { smart_count: 2 })}
    >
      {data.map((alert) => (
        <Card component="li" key={alert.id} variant="outlined">
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 1 }}>
              <WhatHappened alert={alert} />
              <AlertStateChip state={alert.state} />
            </Box>
            <Typography variant="body2">{`${field('site_id')}: ${siteName(alert.site_id)}`}</Typography>
            <Typography variant="body2">{`${field('raised_at')}: ${formatClubDateTime(alert.raised_at)}`}</Typography>
            <Typography variant="body2">{acknowledgedText(alert, translate)}</Typography>
            {alert.resolved_at && (
              <Typography variant="body2">{`${field('resolved_at')}: ${formatClubDateTime(alert.resolved_at)}`}</Typography>
            )}
            <AcknowledgeButton alert={alert} fullWidth sx={{ mt: 1.5 }} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
