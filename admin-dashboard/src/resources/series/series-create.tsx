import { weekdaysShortIso } from '@kort/contracts';
import { Alert, Box, Stack, Typography } from '@mui/material';
import {
  CheckboxGroupInput,
  Create,
  FormDataConsumer,
  Loading,
  required,
  SelectInput,
  SimpleForm,
  useGetList,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { ClubDateInput } from '../../components/club-date-input';
import { clubToday } from '../../lib/club-days';
import { hourText } from '../../lib/club-format';
import { useClubZone } from '../../lib/club-time';
import { useClubHours } from '../../lib/use-club-hours';
import { useCourts } from '../../lib/use-courts';
import { messageOf } from '../../providers/http-client';
import type { SeriesRecord, UserRecord } from '../../lib/records';
import { OccurrenceTable } from './occurrence-table';
import { useSeriesPreview, type Term } from './series-preview';

type TermForm = Partial<Term>;

const weekdayChoices = weekdaysShortIso.map((name, index) => ({ id: index + 1, name }));

/** The term as the API takes it, or null while a field is missing or the period runs backwards. */
function termOf(values: TermForm): Term | null {
  const { user_id, court_id, weekdays, hour, starts_on, ends_on } = values;
  if (typeof user_id !== 'number' || typeof court_id !== 'number' || typeof hour !== 'number') return null;
  if (!weekdays?.length || !starts_on || !ends_on || ends_on < starts_on) return null;
  return { user_id, court_id, weekdays: [...weekdays].sort((a, b) => a - b), hour, starts_on, ends_on };
}

/** The active sport schools' accounts (the users resource's `is_sport_school` filter). */
function useSportSchools() {
  const { data, isPending } = useGetList<UserRecord>('users', {
    filter: { role: 'player', status: 'active', is_sport_school: true },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  return { schools: data, isPending };
}

function TermInputs() {
  const translate = useTranslate();
  const { schools, isPending } = useSportSchools();
  const { courts } = useCourts();
  const { opening, closing } = useClubHours();
  const hours = Array.from({ length: closing - opening }, (_, index) => ({
    id: opening + index,
    name: hourText(opening + index),
  }));
  const row = { direction: { xs: 'column', sm: 'row' }, spacing: { xs: 0, sm: 2 } } as const;
  return (
    <>
      <SelectInput
        source="user_id"
        choices={(schools ?? []).map((school) => ({ id: school.id, name: `${school.name} (${school.email})` }))}
        validate={required()}
        isPending={isPending}
        helperText={schools?.length === 0 ? 'kort.series.no_schools' : 'kort.series.school_hint'}
        sx={{ minWidth: 280 }}
      />
      <Stack {...row}>
        <SelectInput
          source="court_id"
          choices={(courts ?? []).filter((court) => court.active).map((court) => ({ id: court.id, name: court.name }))}
          validate={required()}
          sx={{ minWidth: 200 }}
        />
        <SelectInput source="hour" choices={hours} validate={required()} sx={{ minWidth: 140 }} />
      </Stack>
      <CheckboxGroupInput source="weekdays" choices={weekdayChoices} validate={required()} />
      <Stack {...row}>
        <ClubDateInput source="starts_on" validate={required()} />
        <ClubDateInput source="ends_on" validate={required()} helperText={translate('kort.series.ends_on_hint')} />
      </Stack>
    </>
  );
}

/** Every occurrence of the term as the form stands: the summary, then a row each. */
function SeriesPreviewBox({ values, zone }: { values: TermForm; zone: string }) {
  const translate = useTranslate();
  const term = termOf(values);
  const preview = useSeriesPreview(term);
  const occurrences = preview.data ?? [];
  const booked = occurrences.filter((occurrence) => occurrence.conflict === null).length;
  const title = translate('kort.series.preview_title');
  return (
    <Box component="section" aria-label={title} sx={{ width: '100%', maxWidth: 760, mb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, mb: 1 }}>
        {title}
      </Typography>
      {!term ? (
        <Typography color="text.secondary">{translate('kort.series.preview_hint')}</Typography>
      ) : preview.error ? (
        <Alert severity="warning">{messageOf(preview.error)}</Alert>
      ) : !preview.data ? (
        <Typography role="status">{translate('kort.series.preview_loading')}</Typography>
      ) : (
        <>
          <Alert severity={booked === 0 ? 'warning' : 'info'} sx={{ mb: 1 }} role="status">
            {translate('kort.series.summary', { booked, skipped: occurrences.length - booked })}
          </Alert>
          <Box sx={{ maxHeight: 440, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <OccurrenceTable occurrences={occurrences} zone={zone} label={title} />
          </Box>
        </>
      )}
    </Box>
  );
}

const validate = (values: TermForm) =>
  values.starts_on && values.ends_on && values.ends_on < values.starts_on
    ? { ends_on: 'kort.series.ends_before_start' }
    : {};

/** A school's term: its free occurrences are booked at once, the others skipped (listed before saving). */
export function SeriesCreate() {
  const zone = useClubZone();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!zone) return <Loading />;
  // What the term booked and skipped, said once it is made (its page lists the skips).
  const made = (term: SeriesRecord) => {
    notify('kort.series.created', { type: 'info', messageArgs: { booked: term.booked, skipped: term.skipped } });
    redirect('show', 'series', term.id);
  };
  return (
    <Create<SeriesRecord> title="kort.series.new" mutationOptions={{ onSuccess: made }}>
      <SimpleForm
        defaultValues={{ starts_on: clubToday(zone), weekdays: [] }}
        validate={validate}
        sx={{ maxWidth: 800 }}
      >
        <TermInputs />
        <FormDataConsumer<TermForm>>
          {({ formData }) => <SeriesPreviewBox values={formData} zone={zone} />}
        </FormDataConsumer>
      </SimpleForm>
    </Create>
  );
}
