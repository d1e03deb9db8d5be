import SettingsIcon from '@mui/icons-material/Settings';
import { lazy } from 'react';

/** The club's settings: storage switch, court rules, contacts, equipment names, hours and quotas, payments. */
export const settings = {
  list: lazy(() => import('./setting-list').then((module) => ({ default: module.SettingList }))),
  edit: lazy(() => import('./setting-edit').then((module) => ({ default: module.SettingEdit }))),
  icon: SettingsIcon,
};
