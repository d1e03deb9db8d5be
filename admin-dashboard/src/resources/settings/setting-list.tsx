import { ADMIN_SETTINGS } from '@kort/contracts';
import { Typography } from '@mui/material';
import { DataTable, List, useListContext, useTranslate } from 'react-admin';
import { ListLoadError } from '../../components/load-error';
import type { SettingRecord } from '../../lib/records';
import { SettingValue } from './setting-value';

/**
 * How an admin reads the settings (ADMIN_SETTINGS' order): storage, texts players see, the club's
 * hours and quotas, then paying for games (refund rule, the hold, receipts).
 */
const place = (setting: SettingRecord) => ADMIN_SETTINGS.indexOf(setting.id);

/** The setting's name, and what it means under it where the dashboard says so. */
function SettingName({ setting }: { setting: SettingRecord }) {
  const translate = useTranslate();
  const about = translate(`kort.settings.about.${setting.id}`, { _: '' });
  return (
    <>
      <span>{translate(`kort.settings.${setting.id}`)}</span>
      {about && (
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 520 }}>
          {about}
        </Typography>
      )}
    </>
  );
}

function SettingTable() {
  const { data } = useListContext<SettingRecord>();
  return (
    <DataTable<SettingRecord>
      data={data && [...data].sort((a, b) => place(a) - place(b))}
      rowClick="edit"
      bulkActionButtons={false}
    >
      <DataTable.Col<SettingRecord> source="id" disableSort render={(setting) => <SettingName setting={setting} />} />
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
