import { CLUB_SETTING_DEFAULTS, CLUB_SETTING_RANGES, type ClubSettingKey } from '@kort/contracts';
import { Stack, Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';

/** The club's hours and quotas: whole numbers, sent as text like every setting. */
export const isClubSetting = (key: string): key is ClubSettingKey => key in CLUB_SETTING_DEFAULTS;

/** A whole number within the setting's range, else «Целое число от 6 до 23». */
const wholeWithin = (min: number, max: number) => (value: unknown) => {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  const number = Number(text);
  return /^\d+$/.test(text) && number >= min && number <= max
    ? undefined
    : { message: 'kort.settings.whole_within', args: { min, max } };
};

/**
 * A number input for one of the club's hours and quotas, with what it means, the range the API
 * takes (CLUB_SETTING_RANGES) and the spec's value it starts from (CLUB_SETTING_DEFAULTS). The API
 * checks again and answers 400 with the reason (e.g. an opening hour not before the closing one).
 */
export function ClubSettingInput({ settingKey, label }: { settingKey: ClubSettingKey; label: string }) {
  const translate = useTranslate();
  const [min, max] = CLUB_SETTING_RANGES[settingKey];
  return (
    <Stack spacing={1} sx={{ maxWidth: 560 }}>
      <TextInput
        source="value"
        label={label}
        type="number"
        validate={wholeWithin(min, max)}
        helperText={translate('kort.settings.range', { min, max })}
        slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
        sx={{ maxWidth: 240 }}
      />
      <Typography variant="body2">{translate(`kort.settings.about.${settingKey}`)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('kort.settings.default', { value: CLUB_SETTING_DEFAULTS[settingKey] })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('kort.settings.changes_hint')}
      </Typography>
    </Stack>
  );
}
