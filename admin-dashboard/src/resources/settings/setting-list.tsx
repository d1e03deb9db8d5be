import type { AdminSettingKey } from '@kort/contracts';
import { DataTable, List, useListContext, useTranslate } from 'react-admin';
import { ListLoadError } from '../../components/load-error';
import type { SettingRecord } from '../types';
import { SettingValue } from './setting-value';

/** How an admin reads the settings: storage, texts players see, then the club's hours and quotas. */
const ORDER: readonly AdminSettingKey[] = [
  'storage_enabled',
  'court_rules',
  'club_contacts',
  'equipment_10_name',
  'equipment_11_name',
  'opening_hour',
  'closing_hour',
  'quota_per_day',
  'quota_per_week',
  'quota_upcoming',
  'booking_horizon_days',
];
const place = (setting: SettingRecord) => ORDER.indexOf(setting.id);

function SettingTable() {
  const translate = useTranslate();
  const { data } = useListContext<SettingRecord>();
  return (
    <DataTable<SettingRecord>
      data={data && [...data].sort((a, b) => place(a) - place(b))}
      rowClick="edit"
      bulkActionButtons={false}
    >
      <DataTable.Col<SettingRecord>
        source="id"
        disableSort
        render={(setting) => translate(`kort.settings.${setting.id}`)}
      />
      <DataTable.Col<SettingRecord>
        source="value"
        render={(setting) => <SettingValue setting={setting} />}
        disableSort
      />
    </DataTable>
  );
}

export function SettingList() {
  return (
    <List<SettingRecord> pagination={false} perPage={100} error={<ListLoadError />} exporter={false}>
      <SettingTable />
    </List>
  );
}
