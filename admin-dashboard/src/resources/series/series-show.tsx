import { Box, Stack, Typography } from '@mui/material';
import {
  Labeled,
  LinkBase,
  Loading,
  Show,
  SimpleShowLayout,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ClubDateField } from '../../components/club-date-field';
import { hourText } from '../../lib/club-format';
import { useClubZone } from '../../lib/club-time';
import { useCourts } from '../../lib/use-courts';
import type { SeriesRecord } from '../../lib/records';
import { EndSeriesButton } from './end-series-button';
import { OccurrenceTable } from './occurrence-table';
import { termPeriodText, weekdaysText } from './series-text';

const Actions = () => (
  <TopToolbar>
    <EndSeriesButton />
  </TopToolbar>
);

/** The occurrences the term could not book when it was made, each with its reason. */
function Skips({ zone }: { zone: string }) {
  const translate = useTranslate();
  const term = useRecordContext<SeriesRecord>();
  if (!term) return null;
  const title = translate('kort.series.skips_title', { smart_count: term.skips.length });
  return (
    <Box component="section" sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {term.skips.length === 0 ? (
        <Typography color="text.secondary">{translate('kort.series.no_skips')}</Typography>
      ) : (
        <OccurrenceTable occurrences={term.skips} zone={zone} label={title} />
      )}
    </Box>
  );
}

function TermFields() {
  const translate = useTranslate();
  const term = useRecordContext<SeriesRecord>();
  const { courtName } = useCourts();
  if (!term) return null;
  return (
    <Stack spacing={1}>
      <Labeled label="resources.series.fields.user_name">
        <LinkBase to={`/users/${term.user_id}/show`}>{term.user_name}</LinkBase>
      </Labeled>
      <Labeled label="resources.series.fields.court_id">
        <Typography variant="body2">{courtName(term.court_id)}</Typography>
      </Labeled>
      <Labeled label="resources.series.fields.weekdays">
        <Typography variant="body2">{`${weekdaysText(term.weekdays)}, ${hourText(term.hour)}`}</Typography>
      </Labeled>
      <Labeled label="kort.series.period">
        <Typography variant="body2">{termPeriodText(term)}</Typography>
      </Labeled>
      <Labeled label="kort.series.occurrences">
        <Typography variant="body2">
          {translate('kort.series.booked_skipped', { booked: term.booked, skipped: term.skipped })}
        </Typography>
      </Labeled>
      <Labeled label="resources.series.fields.created_at">
        <ClubDateField source="created_at" />
      </Labeled>
      <Typography variant="body2" color="text.secondary">
        {translate('kort.series.booked_hint')}
      </Typography>
    </Stack>
  );
}

/** A school's term: its week, its period, its games booked, and the occurrences it had to skip. */
export function SeriesShow() {
  const zone = useClubZone();
  if (!zone) return <Loading />;
  return (
    <Show<SeriesRecord> actions={<Actions />}>
      <SimpleShowLayout>
        <TermFields />
        <Skips zone={zone} />
      </SimpleShowLayout>
    </Show>
  );
}
