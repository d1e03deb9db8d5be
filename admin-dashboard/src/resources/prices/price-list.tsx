import { formatRoubles, kopecksOf, weekdaysShortIso } from '@kort/contracts';
import { useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, List, SimpleList, TopToolbar, useListContext, useTranslate } from 'react-admin';
import { ListLoadError } from '../../components/load-error';
import { hourText } from '../../lib/club-format';
import { useCourts } from '../../lib/use-courts';
import type { PriceRecord } from '../../lib/records';
import { rulesWith } from './price-rules';
import { PriceWeekGrid } from './price-week-grid';

const Actions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

const amount = (price: PriceRecord) => formatRoubles(kopecksOf(price.amount) ?? 0);
const when = (price: PriceRecord) =>
  `${price.weekdays.map((day) => weekdaysShortIso[day - 1]).join(', ')} · ${hourText(price.from_hour)}–${hourText(price.to_hour)}`;

/** The site's price rules in the order they are tried, under the week they make. */
export function PriceList() {
  return (
    <List<PriceRecord>
      sort={{ field: 'sort_order', order: 'ASC' }}
      perPage={1000}
      pagination={false}
      actions={<Actions />}
      error={<ListLoadError />}
      exporter={false}
      empty={false}
    >
      <WeekNow />
      <Rules />
    </List>
  );
}

function WeekNow() {
  const translate = useTranslate();
  const { data } = useListContext<PriceRecord>();
  if (!data) return null;
  return (
    <>
      {data.length === 0 && <p style={{ margin: 16 }}>{translate('kort.prices.none')}</p>}
      <PriceWeekGrid rules={rulesWith(data, {})} caption={translate('kort.prices.grid_now')} />
    </>
  );
}

function Rules() {
  const translate = useTranslate();
  const { courtName } = useCourts();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const court = (price: PriceRecord) =>
    price.court_id === null ? translate('kort.prices.every_court') : courtName(price.court_id);
  return small ? (
    <SimpleList<PriceRecord>
      empty={null}
      primaryText={(price) => `${price.name} · ${amount(price)}`}
      secondaryText={(price) => `${when(price)} · ${court(price)}`}
      linkType="edit"
    />
  ) : (
    <DataTable<PriceRecord> empty={null} rowClick="edit" bulkActionButtons={false}>
      <DataTable.Col<PriceRecord> source="name" />
      <DataTable.Col<PriceRecord> source="amount" render={amount} />
      <DataTable.Col<PriceRecord> source="weekdays" label="kort.prices.when" render={when} disableSort />
      <DataTable.Col<PriceRecord> source="court_id" render={court} />
      <DataTable.Col<PriceRecord>
        source="audience"
        render={(price) => translate(`kort.prices.audience_${price.audience}`)}
      />
      <DataTable.NumberCol<PriceRecord> source="sort_order" />
    </DataTable>
  );
}
