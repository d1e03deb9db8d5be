import { ADMIN_SETTINGS } from '@kort/contracts';
import { DataTable, List, useListContext, useTranslate } from 'react-admin';
import { ListLoadError } from '../../components/load-error';
import type { SettingRecord } from '../types';
import { SettingValue } from './setting-value';

/** How an admin reads the settings (ADMIN_SETTINGS' order): storage, texts players see, then the club's hours and quotas. */
const place = (setting: SettingRecord) => ADMIN_SETTINGS.indexOf(setting.id);

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
