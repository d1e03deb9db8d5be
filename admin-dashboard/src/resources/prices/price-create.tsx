import { Create, SimpleForm, useNotify, useRedirect } from 'react-admin';
import type { PriceRecord } from '../../lib/records';
import { PriceInputs } from './price-inputs';

/** A new price rule: every court, everyone, first in the order unless told otherwise. */
export function PriceCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const made = (price: PriceRecord) => {
    notify('kort.prices.created', { type: 'info', messageArgs: { name: price.name } });
    redirect('list', 'prices');
  };
  return (
    <Create<PriceRecord> title="kort.prices.new" mutationOptions={{ onSuccess: made }}>
      <SimpleForm
        defaultValues={{ court_id: null, audience: 'everyone', sort_order: 0, weekdays: [] }}
        sx={{ maxWidth: 900 }}
      >
        <PriceInputs />
      </SimpleForm>
    </Create>
  );
}
