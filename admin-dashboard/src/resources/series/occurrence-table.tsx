import { Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { clubToday } from '../../lib/club-days';
import { dayText, hourText } from '../../lib/club-format';
import { clubMoment } from '../../lib/club-time';
import type { Occurrence } from '../../lib/records';

/** «Свободно», or what stands in the way in Russian («Закрытие», «Занято», …) with the API's detail. */
export function OccurrenceState({ occurrence }: { occurrence: Occurrence }) {
  const translate = useTranslate();
  if (occurrence.conflict === null)
    return <Chip size="small" color="success" variant="outlined" label={translate('kort.series.free')} />;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" color="warning" label={translate(`kort.series.conflict_${occurrence.conflict}`)} />
      {occurrence.detail && (
        <Typography variant="body2" component="span">
          {occurrence.detail}
        </Typography>
      )}
    </Stack>
  );
}

/** Occurrences of a term, one row each: the day ('пн, 7 декабря'), the hour on the club's clock, and their state. */
export function OccurrenceTable({
  occurrences,
  zone,
  label,
}: {
  occurrences: Occurrence[];
  zone: string;
  label: string;
}) {
  const translate = useTranslate();
  const today = clubToday(zone);
  return (
    <Table size="small" stickyHeader aria-label={label} sx={{ '& th, & td': { px: 1 } }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('kort.series.date')}</TableCell>
          <TableCell>{translate('kort.series.time')}</TableCell>
          <TableCell>{translate('kort.series.state')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {occurrences.map((occurrence) => {
          const { date, hour } = clubMoment(occurrence.starts_at, zone);
          return (
            <TableRow key={occurrence.starts_at}>
              <TableCell>{dayText(date, today)}</TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{hourText(hour)}</TableCell>
              <TableCell>
                <OccurrenceState occurrence={occurrence} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
