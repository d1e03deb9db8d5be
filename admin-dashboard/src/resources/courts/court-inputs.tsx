import { courtLimits, courtNameRule } from '@kort/contracts';
import { BooleanInput, maxValue, minValue, NumberInput, required, TextInput, useTranslate } from 'react-admin';
import { textRule } from '../../lib/text-rule';

const nameRules = [required(), textRule(courtNameRule)];
const orderRules = [minValue(0), maxValue(courtLimits.sortOrderMax)];

/** A court's fields, the same on its creation and its edit: name, whether it is booked, its place. */
export function CourtInputs({ creating = false }: { creating?: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <TextInput
        source="name"
        validate={nameRules}
        helperText="kort.courts.name_hint"
        sx={{ maxWidth: 420 }}
        fullWidth
      />
      <BooleanInput source="active" helperText="kort.courts.active_hint" />
      <NumberInput
        source="sort_order"
        validate={orderRules}
        step={1}
        min={0}
        max={courtLimits.sortOrderMax}
        helperText={translate(creating ? 'kort.courts.sort_order_new_hint' : 'kort.courts.sort_order_hint')}
        sx={{ maxWidth: 240 }}
        fullWidth
      />
    </>
  );
}
