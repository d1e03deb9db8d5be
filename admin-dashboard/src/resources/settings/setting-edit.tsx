import { settingTextRules, type AdminSettingKey } from '@kort/contracts';
import {
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
  type Validator,
} from 'react-admin';
import type { SettingRecord } from '../../lib/records';
import { textRule } from '../../lib/text-rule';
import { ClubSettingInput, isClubSetting } from './club-setting-input';
import { SwitchSettingInput, TaxSystemInput, VatCodeInput } from './payment-setting-inputs';

/** The settings players read, each checked by its rule as the API checks it. */
const textRules: Partial<Record<AdminSettingKey, Validator>> = {
  court_rules: textRule(settingTextRules.courtRules),
  club_contacts: textRule(settingTextRules.clubContacts),
  equipment_10_name: textRule(settingTextRules.equipmentName),
  equipment_11_name: textRule(settingTextRules.equipmentName),
};

/**
 * The value's input: a switch for storage and receipts ('true'/'false' on the wire), the VAT rate and
 * tax system by name, a number for the club's hours, quotas and refund rules, a text area otherwise.
 */
function ValueInput() {
  const translate = useTranslate();
  const setting = useRecordContext<SettingRecord>();
  if (!setting) return null;
  const label = translate(`kort.settings.${setting.id}`);
  if (setting.id === 'storage_enabled' || setting.id === 'receipts_enabled')
    return <SwitchSettingInput settingKey={setting.id} label={label} />;
  if (setting.id === 'vat_code') return <VatCodeInput label={label} />;
  if (setting.id === 'tax_system_code') return <TaxSystemInput label={label} />;
  if (isClubSetting(setting.id)) return <ClubSettingInput settingKey={setting.id} label={label} />;
  return <TextInput source="value" label={label} validate={textRules[setting.id]} multiline minRows={4} fullWidth />;
}

function SettingTitle() {
  const translate = useTranslate();
  const setting = useRecordContext<SettingRecord>();
  return <>{setting ? translate('kort.settings.title', { name: translate(`kort.settings.${setting.id}`) }) : ''}</>;
}

/** Settings are a fixed set: they are saved, never deleted. */
const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

export function SettingEdit() {
  return (
    <Edit<SettingRecord>
      title={<SettingTitle />}
      mutationMode="pessimistic"
      transform={(setting: SettingRecord) => ({ value: setting.value })}
    >
      {/* The range is checked by react-admin, in Russian, not by the browser's own bubble. */}
      <SimpleForm toolbar={<SaveOnly />} noValidate>
        <ValueInput />
      </SimpleForm>
    </Edit>
  );
}
