import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { clubHourInstant } from '../../../lib/club-days';
import { hourText } from '../../../lib/club-format';
import { formatClubDateTime } from '../../../lib/club-time';
import type { CourtRecord } from '../../../lib/records';
import { WalkInDialog } from './walk-in-dialog';

/** «Записать» in an empty court-hour of the day: opens the booking for a walk-in or a caller. */
export function FreeSlotButton({
  court,
  day,
  hour,
  zone,
}: {
  court: CourtRecord;
  day: string;
  hour: number;
  zone: string;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const startsAt = clubHourInstant(day, hour, zone);
  return (
    <>
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => setOpen(true)}
        aria-label={translate('kort.walk_in.open_label', { court: court.name, time: hourText(hour) })}
      >
        {translate('kort.walk_in.open')}
      </Button>
      {open && (
        <WalkInDialog
          slot={{ courtId: court.id, courtName: court.name, startsAt, label: formatClubDateTime(startsAt, 'game') }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
