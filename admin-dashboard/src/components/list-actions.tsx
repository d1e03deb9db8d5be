import { ExportButton, FilterButton, TopToolbar, useTranslate } from 'react-admin';

/**
 * A list's toolbar as react-admin's own (filters, export), with the export button named: on a phone
 * react-admin draws a disabled export (an empty list) as a bare icon with no name (axe: button-name).
 */
export function ListActions() {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <FilterButton />
      <ExportButton aria-label={translate('ra.action.export')} />
    </TopToolbar>
  );
}
