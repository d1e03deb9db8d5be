import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Stack } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { DateTextField } from '../../components/club-date-input';
import { shiftDay } from '../../lib/club-days';
import { weekStart } from './day-shape';

/**
 * The day's date field, previous day, today, next day (a week back and on in the week view): the
 * `day` filter of the bookings list; the view's switch beside them. Quick clicks add up: each steps from the day the
 * last click asked for, not from the one still on screen while the list catches up.
 */
export function DayNavigator({
  today,
  week = false,
  children,
}: {
  today: string;
  week?: boolean;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const step = week ? 7 : 1;
  const list = useListContext();
  const filters = list.filterValues as { day?: unknown };
  const displayed = list.displayedFilters as Record<string, boolean>;
  const day = typeof filters.day === 'string' && filters.day ? filters.day : today;
  // The day the last click asked for until the list shows it; read at the click, not the render.
  // It is let go once a committed render shows that day: the router renders a navigation as a
  // transition, and a render React set aside must not forget a click the screen has not shown yet.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === day) asked.current = null;
  }, [day]);
  const go = (next: string) => {
    asked.current = next;
    list.setFilters({ ...filters, day: next }, displayed);
  };
  const stepBy = (days: number) => go(shiftDay(asked.current ?? day, days));
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', px: 1, py: 1 }}>
      <DateTextField
        size="small"
        fullWidth={false}
        // react-admin's theme widens every text field to the row below `sm`, in a media query that
        // comes after a plain width: the same query from `xs` up keeps the date beside the arrows.
        sx={{ width: { xs: '8.5rem' }, my: 0 }}
        label={translate('resources.bookings.fields.day')}
        value={day}
        onDate={(next) => {
          // A half-typed date is empty until it is whole: the list keeps its day meanwhile.
          if (next) go(next);
        }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <IconButton
        aria-label={translate(week ? 'kort.week.previous' : 'kort.bookings.previous_day')}
        onClick={() => stepBy(-step)}
      >
        <ChevronLeftIcon />
      </IconButton>
      <Button
        variant="outlined"
        size="small"
        disabled={week ? weekStart(day) === weekStart(today) : day === today}
        onClick={() => go(today)}
      >
        {translate(week ? 'kort.week.this_week' : 'kort.bookings.today')}
      </Button>
      <IconButton
        aria-label={translate(week ? 'kort.week.next' : 'kort.bookings.next_day')}
        onClick={() => stepBy(step)}
      >
        <ChevronRightIcon />
      </IconButton>
      <Box sx={{ flex: 1 }} />
      {children}
    </Stack>
  );
}
