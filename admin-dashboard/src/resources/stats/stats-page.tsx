import { Stack } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { clubToday } from '../../lib/club-days';
import { useClubZone } from '../../lib/club-time';
import { CourtsBlock } from './courts-block';
import { DemandBlock } from './demand-block';
import { DevicesBlock } from './devices-block';
import { NoShowsBlock } from './no-shows-block';
import { OccupancyBlock } from './occupancy-block';
import { PeriodChooser, type PeriodChoice } from './period-chooser';
import { RevenueBlock } from './revenue-block';
import { periodOf, periodProblem, type Period } from './stats-period';

/** The period a choice means, or null while a typed range cannot be asked for. */
function periodFor(choice: PeriodChoice, today: string): Period | null {
  if (choice.kind !== 'custom') return periodOf(choice.kind, today, choice.month);
  return periodProblem(choice.custom) ? null : choice.custom;
}

/**
 * «Статистика»: the money paid for games (when the club charges) and how the courts are used over a
 * period — occupancy by weekday and hour, each court by week, demand the courts could not meet,
 * no-shows, and the door and lights. Each block reads its own
 * call, so a slow one does not hold the others.
 */
export function StatsPage() {
  const translate = useTranslate();
  const zone = useClubZone();
  if (!zone) return null;
  return (
    <>
      <Title title={translate('kort.stats.title')} />
      <StatsOfClub today={clubToday(zone)} />
    </>
  );
}

function StatsOfClub({ today }: { today: string }) {
  const [choice, setChoice] = useState<PeriodChoice>(() => ({
    kind: 'four_weeks',
    month: today.slice(0, 7),
    custom: periodOf('four_weeks', today),
  }));
  const period = periodFor(choice, today);
  return (
    <Stack spacing={2} sx={{ py: 2, maxWidth: 1200 }}>
      <PeriodChooser choice={choice} onChange={setChoice} period={period} />
      {period && (
        <>
          <RevenueBlock period={period} />
          <OccupancyBlock period={period} />
          <CourtsBlock period={period} />
          <DemandBlock period={period} />
          <NoShowsBlock period={period} />
          <DevicesBlock period={period} />
        </>
      )}
    </Stack>
  );
}
