import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';

export type BookingsView = 'day' | 'week';

/** «День | Неделя»: the bookings page's two views. */
export function ViewSwitch({ view, onChange }: { view: BookingsView; onChange: (view: BookingsView) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_, next: BookingsView | null) => next && onChange(next)}
      aria-label={translate('kort.week.view')}
    >
      <ToggleButton value="day">{translate('kort.week.day')}</ToggleButton>
      <ToggleButton value="week">{translate('kort.week.week')}</ToggleButton>
    </ToggleButtonGroup>
  );
}
