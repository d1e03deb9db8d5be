import EventBusyIcon from '@mui/icons-material/EventBusy';
import { DeleteButton, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { messageOf } from '../../providers/http-client';
import type { SeriesRecord } from '../types';

/** «Завершить расписание»: its games not yet begun are cancelled, the past ones stay; asked first. */
export function EndSeriesButton() {
  const term = useRecordContext<SeriesRecord>();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!term) return null;
  return (
    <DeleteButton
      label="kort.series.end"
      icon={<EventBusyIcon />}
      mutationMode="pessimistic"
      confirmTitle="kort.series.end_title"
      confirmContent="kort.series.end_content"
      translateOptions={{ name: term.user_name }}
      mutationOptions={{
        onSuccess: () => {
          notify('kort.series.ended', { type: 'info' });
          redirect('list', 'series');
        },
        onError: (error) => notify(messageOf(error), { type: 'error' }),
      }}
    />
  );
}
