import { PAYMENT_SETTING_DEFAULTS, TAX_SYSTEM_CODES } from '@kort/contracts';
import { Stack } from '@mui/material';
import { BooleanInput, required, SelectInput, useTranslate } from 'react-admin';
import { SettingHelp, vatChoices } from './club-setting-input';

// The payment settings that are not a plain number: receipts on or off, the receipt's VAT rate and
// tax system, each picked by its Russian name (YooKassa's codes on the wire).

/** A yes/no setting ('true'/'false' on the wire) as a switch: the storage, the receipts. */
export function SwitchSettingInput({ settingKey, label }: { settingKey: string; label: string }) {
  return (
    <Stack spacing={1} sx={{ maxWidth: 560 }}>
      <BooleanInput
        source="value"
        label={label}
        format={(value: unknown) => value === 'true'}
        parse={(checked: boolean) => (checked ? 'true' : 'false')}
      />
      {settingKey === 'receipts_enabled' && <SettingHelp settingKey={settingKey} />}
    </Stack>
  );
}

/** «1 — Без НДС»: a VAT code as the admin reads it. */
export const vatName = (code: string, translate: (key: string) => string) =>
  `${code} — ${translate(`kort.settings.vat.${code}`)}`;

/** '' → «Как в магазине», '2' → «УСН доходы». */
export const taxName = (code: string, translate: (key: string) => string) =>
  translate(`kort.settings.tax.${code === '' ? 'shop' : code}`);

/** The receipt's VAT rate (YooKassa's vat_code 1–12), by name. */
export function VatCodeInput({ label }: { label: string }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1} sx={{ maxWidth: 560 }}>
      <SelectInput
        source="value"
        label={label}
        choices={vatChoices.map((code) => ({ id: code, name: vatName(code, translate) }))}
        translateChoice={false}
        validate={required()}
        sx={{ maxWidth: 360 }}
      />
      <SettingHelp settingKey="vat_code" fallback={vatName(String(PAYMENT_SETTING_DEFAULTS.vat_code), translate)} />
    </Stack>
  );
}

/** «Как в магазине» in the select: '' on the wire, which a select would read as nothing chosen. */
const SHOP = 'shop';
/** A value is always chosen ('' is a choice): no «clear» item, as with a required input. */
const alwaysChosen = Object.assign(() => undefined, { isRequired: true });

/** The receipt's tax system: the shop's own (empty) or YooKassa's tax_system_code 1–6, by name. */
export function TaxSystemInput({ label }: { label: string }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1} sx={{ maxWidth: 560 }}>
      <SelectInput
        source="value"
        label={label}
        choices={TAX_SYSTEM_CODES.map((code) => ({ id: code || SHOP, name: taxName(code, translate) }))}
        translateChoice={false}
        format={(value: unknown) => (typeof value === 'string' && value !== '' ? value : SHOP)}
        parse={(value: string) => (value === SHOP ? '' : value)}
        validate={alwaysChosen}
        sx={{ maxWidth: 360 }}
      />
      <SettingHelp settingKey="tax_system_code" fallback={taxName('', translate)} />
    </Stack>
  );
}
