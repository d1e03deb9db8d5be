import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Button, IconButton, Stack } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { shiftDay } from '../../lib/club-days';

/** Previous day, today, next day: the `day` filter of the bookings list. */
export function DayNavigator({ today }: { today: string }) {
  const translate = useTranslate();
  const list = useListContext();
  const filters = list.filterValues as { day?: unknown };
  const displayed = list.displayedFilters as Record<string, boolean>;
  const day = typeof filters.day === 'string' && filters.day ? filters.day : today;
  const go = (next: string) => list.setFilters({ ...filters, day: next }, displayed);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1, py: 1 }}>
      <IconButton aria-label={translate('kort.bookings.previous_day')} onClick={() => go(shiftDay(day, -1))}>
        <ChevronLeftIcon />
      </IconButton>
      <Button variant="outlined" size="small" disabled={day === today} onClick={() => go(today)}>
        {translate('kort.bookings.today')}
      </Button>
      <IconButton aria-label={translate('kort.bookings.next_day')} onClick={() => go(shiftDay(day, 1))}>
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
