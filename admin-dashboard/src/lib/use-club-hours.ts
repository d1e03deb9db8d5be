import { CLUB_SETTING_DEFAULTS } from '@kort/contracts';
import { useGetMany } from 'react-admin';
import type { SettingRecord } from './records';

/** The club's hours (settings `opening_hour` and `closing_hour`): the first game's start, the last's end. */
export interface ClubHours {
  opening: number;
  closing: number;
}

/** The club's hours as its admin set them; the spec's 6 to 24 until they are read. */
export function useClubHours(): ClubHours {
  const { data } = useGetMany<SettingRecord>('settings', { ids: ['opening_hour', 'closing_hour'] });
  const value = (key: 'opening_hour' | 'closing_hour') => {
    const number = Number(data?.find((setting) => setting.id === key)?.value);
    return Number.isInteger(number) ? number : CLUB_SETTING_DEFAULTS[key];
  };
  return { opening: value('opening_hour'), closing: value('closing_hour') };
}
