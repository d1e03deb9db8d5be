import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CourtRecord } from '../../lib/records';

/** «Принимает бронирования» or «Отключён»: whether players can book the court. */
export function CourtStatusChip({ court }: { court: Pick<CourtRecord, 'active'> }) {
  const translate = useTranslate();
  return court.active ? (
    <Chip size="small" color="success" variant="outlined" label={translate('kort.courts.active_on')} />
  ) : (
    <Chip size="small" label={translate('kort.courts.active_off')} />
  );
}
