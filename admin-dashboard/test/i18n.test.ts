import { i18nProvider } from '../src/providers/i18n-provider';
import { ru } from '../src/i18n/ru';

/** Every text of the dashboard, with its key. */
function texts(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
}

test('Russian quotes only: no text keeps a straight quote', () => {
  expect(texts(ru).filter(([, text]) => text.includes('"'))).toEqual([]);
});

test('a page title reads Игрок «Анна Петрова», a block Заблокировать … «…»', () => {
  const name = i18nProvider.translate('resources.users.name', { smart_count: 1 });
  expect(i18nProvider.translate('ra.page.show', { name, recordRepresentation: 'Анна Петрова' })).toBe(
    'Игрок «Анна Петрова»',
  );
  expect(i18nProvider.translate('ra.page.edit', { name: 'Настройка', recordRepresentation: 'court_rules' })).toBe(
    'Настройка «court_rules»',
  );
  expect(i18nProvider.translate('kort.users.block_title', { name: 'Анна' })).toBe('Заблокировать игрока «Анна»?');
});
