import { kopecksOf, messages, PRICE_AUDIENCES, priceNameRule, weekdaysShortIso } from '@kort/contracts';
import { Stack } from '@mui/material';
import {
  CheckboxGroupInput,
  FormDataConsumer,
  NumberInput,
  required,
  SelectInput,
  TextInput,
  useGetList,
  useTranslate,
} from 'react-admin';
import { hourText } from '../../lib/club-format';
import { textRule } from '../../lib/text-rule';
import { useClubHours } from '../../lib/use-club-hours';
import { useCourts } from '../../lib/use-courts';
import type { PriceRecord } from '../../lib/records';
import { rulesWith } from './price-rules';
import { PriceWeekGrid } from './price-week-grid';

const EVERY_COURT = 'all';
const weekdayChoices = weekdaysShortIso.map((name, index) => ({ id: index + 1, name }));
const nameRules = [required(), textRule(priceNameRule)];
const amountRule = (value: unknown) =>
  typeof value === 'string' && kopecksOf(value) !== null ? undefined : messages.priceAmount;

/** A price rule's fields, the same on its creation and its edit, and the week they make. */
export function PriceInputs() {
  const translate = useTranslate();
  const { courts } = useCourts();
  const { opening, closing } = useClubHours();
  const hours = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => ({ id: from + index, name: hourText(from + index) }));
  const row = { direction: { xs: 'column', sm: 'row' }, spacing: { xs: 0, sm: 2 } } as const;
  return (
    <>
      <TextInput
        source="name"
        validate={nameRules}
        helperText="kort.prices.name_hint"
        sx={{ maxWidth: 420 }}
        fullWidth
      />
      <Stack {...row}>
        <TextInput
          source="amount"
          validate={[required(), amountRule]}
          helperText="kort.prices.amount_hint"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ minWidth: 200 }}
        />
        <SelectInput
          source="court_id"
          choices={[
            { id: EVERY_COURT, name: translate('kort.prices.every_court') },
            ...(courts ?? []).map((court) => ({ id: court.id, name: court.name })),
          ]}
          format={(value: number | null | undefined) => value ?? EVERY_COURT}
          parse={(value: number | string) => (value === EVERY_COURT ? null : Number(value))}
          sx={{ minWidth: 200 }}
        />
      </Stack>
      <CheckboxGroupInput source="weekdays" choices={weekdayChoices} validate={required()} />
      <Stack {...row}>
        <SelectInput
          source="from_hour"
          choices={hours(opening, closing - 1)}
          validate={required()}
          sx={{ minWidth: 140 }}
        />
        <SelectInput
          source="to_hour"
          choices={hours(opening + 1, closing)}
          validate={required()}
          sx={{ minWidth: 140 }}
        />
      </Stack>
      <Stack {...row}>
        <SelectInput
          source="audience"
          choices={PRICE_AUDIENCES.map((audience) => ({ id: audience, name: `kort.prices.audience_${audience}` }))}
          validate={required()}
          sx={{ minWidth: 220 }}
        />
        <NumberInput
          source="sort_order"
          step={1}
          min={0}
          helperText="kort.prices.sort_order_hint"
          sx={{ maxWidth: 240 }}
        />
      </Stack>
      <FormDataConsumer<PriceRecord>>{({ formData }) => <WeekAfterSaving form={formData} />}</FormDataConsumer>
    </>
  );
}

/** The site's week once this form is saved (every stored rule, this one as the form has it). */
function WeekAfterSaving({ form }: { form: Partial<PriceRecord> }) {
  const translate = useTranslate();
  const { data: stored } = useGetList<PriceRecord>('prices', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'sort_order', order: 'ASC' },
  });
  if (!stored) return null;
  return <PriceWeekGrid rules={rulesWith(stored, form)} caption={translate('kort.prices.grid_after_saving')} />;
}
