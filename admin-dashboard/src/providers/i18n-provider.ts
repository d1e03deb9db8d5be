import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ru } from '../i18n/ru';

/** Russian only: the whole product speaks Russian. */
export const i18nProvider = polyglotI18nProvider(() => ru, 'ru', [{ locale: 'ru', name: 'Русский' }], {
  allowMissing: true,
});
