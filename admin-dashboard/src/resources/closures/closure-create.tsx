import { closureReasonRule } from '@kort/contracts';
import { Box, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Confirm,
  Create,
  FormDataConsumer,
  Loading,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useNotify,
  useRedirect,
  useSaveContext,
  useTranslate,
} from 'react-admin';
import { ClubDateInput } from '../../components/club-date-input';
import { GamesToCancel } from '../../components/games-to-cancel';
import { clubToday } from '../../lib/club-days';
import { hourText } from '../../lib/club-format';
import { useClubZone } from '../../lib/club-time';
import { useClubHours } from '../../lib/use-club-hours';
import { textRule } from '../../lib/text-rule';
import { useCourts } from '../../lib/use-courts';
import type { BookingRecord, ClosureRecord } from '../../lib/records';
import { closureBody, WHOLE_CLUB, type ClosureFormValues } from './closure-form';
import { closurePreviewQuery, placeOf, useClosurePreview, type ClosureBody } from './closure-preview';

const hourChoices = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ id: from + index, name: hourText(from + index) }));
const reasonRules = [required(), textRule(closureReasonRule)];

/** The court (or the whole club), the first day and hour, the last day and hour, the reason players read. */
function ClosureInputs() {
  const translate = useTranslate();
  const { courts } = useCourts();
  const { opening, closing } = useClubHours();
  const courtChoices = [
    { id: WHOLE_CLUB, name: translate('kort.closures.whole_club') },
    ...(courts ?? []).map((court) => ({ id: court.id, name: court.name })),
  ];
  const row = { direction: { xs: 'column', sm: 'row' }, spacing: { xs: 0, sm: 2 }, sx: { width: '100%' } } as const;
  return (
    <>
      <SelectInput source="court_id" choices={courtChoices} validate={required()} sx={{ minWidth: 240 }} />
      <Stack {...row}>
        <ClubDateInput source="date" validate={required()} />
        <SelectInput source="start_hour" choices={hourChoices(opening, closing - 1)} validate={required()} />
      </Stack>
      <Stack {...row}>
        <ClubDateInput source="end_date" helperText="kort.closures.end_date_hint" />
        <SelectInput source="end_hour" choices={hourChoices(opening + 1, closing)} validate={required()} />
      </Stack>
      <TextInput source="reason" validate={reasonRules} helperText="kort.closures.reason_hint" fullWidth />
    </>
  );
}

/** The games the closure would cancel, read again whenever the court, days or hours change. */
function ClosurePreviewBox({ values, zone }: { values: ClosureFormValues; zone: string }) {
  const translate = useTranslate();
  const body = closureBody(values, zone);
  const preview = useClosurePreview(body && placeOf(body));
  return (
    <Box
      component="section"
      aria-label={translate('kort.closures.preview_title')}
      sx={{ width: '100%', maxWidth: 640, p: 2, mb: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, mb: 1 }}>
        {translate('kort.closures.preview_title')}
      </Typography>
      {body ? (
        <GamesToCancel read={preview} />
      ) : (
        <Typography color="text.secondary">{translate('kort.closures.preview_hint')}</Typography>
      )}
    </Box>
  );
}

const validate = (values: ClosureFormValues) => {
  const { date, start_hour: from, end_hour: to } = values;
  const lastDay = values.end_date || date;
  if (!date || !lastDay || typeof from !== 'number' || typeof to !== 'number') return {};
  if (lastDay < date) return { end_date: 'kort.closures.end_after_start' };
  return lastDay === date && to <= from ? { end_hour: 'kort.closures.end_after_start' } : {};
};

/**
 * Before saving, the games inside are read once more (GET /api/admin/closures/preview); when there
 * are some, the admin confirms them first, since saving cancels them and mails their players.
 */
function ClosureForm({ zone }: { zone: string }) {
  const { save } = useSaveContext();
  const queryClient = useQueryClient();
  const [held, setHeld] = useState<{ body: ClosureBody; games: BookingRecord[] } | null>(null);
  const notify = useNotify();
  const redirect = useRedirect();
  if (!save) return null;
  // «Закрытие «Турнир» добавлено, 3 игры отменены»: the games the confirmation listed.
  const send = (body: ClosureBody, cancelled: number) =>
    save(body, {
      onSuccess: (closure: ClosureRecord) => {
        notify(cancelled > 0 ? 'kort.notices.closure_created_cancelling' : 'kort.notices.closure_created', {
          type: 'info',
          messageArgs: { reason: closure.reason, smart_count: cancelled },
        });
        redirect('list', 'closures');
      },
    });
  const submit = async (values: ClosureFormValues) => {
    const body = closureBody(values, zone);
    if (!body) return;
    // A preview the API refuses is refused the same way by the save, which says why.
    const games = await queryClient.fetchQuery(closurePreviewQuery(placeOf(body))).catch(() => []);
    if (games.length > 0) return setHeld({ body, games });
    await send(body, 0);
  };
  return (
    <>
      <SimpleForm
        onSubmit={submit}
        defaultValues={{ date: clubToday(zone) }}
        validate={validate}
        sx={{ maxWidth: 720 }}
      >
        <ClosureInputs />
        <FormDataConsumer<ClosureFormValues>>
          {({ formData }) => <ClosurePreviewBox values={formData} zone={zone} />}
        </FormDataConsumer>
      </SimpleForm>
      <Confirm
        isOpen={held !== null}
        title="kort.closures.confirm_title"
        content={held && <GamesToCancel read={{ data: held.games, error: null }} />}
        confirm="kort.closures.confirm"
        confirmColor="warning"
        onConfirm={() => {
          if (held) void send(held.body, held.games.length);
          setHeld(null);
        }}
        onClose={() => setHeld(null)}
      />
    </>
  );
}

export function ClosureCreate() {
  const zone = useClubZone();
  if (!zone) return <Loading />;
  return (
    <Create<ClosureRecord> title="kort.closures.new" redirect="list">
      <ClosureForm zone={zone} />
    </Create>
  );
}
