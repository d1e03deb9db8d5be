import { DataTable, List, useTranslate } from 'react-admin';
import { ListLoadError } from '../../components/load-error';
import type { SettingRecord } from '../types';
import { SettingValue } from './setting-value';

export function SettingList() {
  const translate = useTranslate();
  return (
    <List<SettingRecord> pagination={false} perPage={100} error={<ListLoadError />} exporter={false}>
      <DataTable<SettingRecord> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col<SettingRecord> source="id" render={(setting) => translate(`kort.settings.${setting.id}`)} />
        <DataTable.Col<SettingRecord>
          source="value"
          render={(setting) => <SettingValue setting={setting} />}
          disableSort
        />
      </DataTable>
    </List>
  );
}
