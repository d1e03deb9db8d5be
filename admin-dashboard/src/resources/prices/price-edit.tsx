import { Edit, SimpleForm, useNotify, useRedirect } from 'react-admin';
import type { PriceRecord } from '../../lib/records';
import { PriceInputs } from './price-inputs';

/** A price rule changed: the week's grid shows the prices it makes before saving. */
export function PriceEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  const saved = (price: PriceRecord) => {
    notify('kort.prices.saved', { type: 'info', messageArgs: { name: price.name } });
    redirect('list', 'prices');
  };
  return (
    <Edit<PriceRecord> mutationMode="pessimistic" mutationOptions={{ onSuccess: saved }}>
      <SimpleForm sx={{ maxWidth: 900 }}>
        <PriceInputs />
      </SimpleForm>
    </Edit>
  );
}
