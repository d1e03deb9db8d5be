import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, useDelete, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { messageOf } from '../../providers/http-client';
import type { SeriesRecord } from '../../lib/records';

/**
 * «Завершить расписание»: its games not yet begun are cancelled, the past ones stay; asked first.
 * Its word on every screen: react-admin's own button drops the label to an icon on a phone.
 */
export function EndSeriesButton() {
  const term = useRecordContext<SeriesRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete<SeriesRecord>();
  if (!term) return null;
  const confirm = () =>
    remove(
      'series',
      { id: term.id, previousData: term },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('kort.series.ended', { type: 'info' });
          redirect('list', 'series');
        },
        onError: (error) => notify(messageOf(error), { type: 'error' }),
        onSettled: () => setOpen(false),
      },
    );
  return (
    <>
      <Button color="error" startIcon={<EventBusyIcon />} onClick={() => setOpen(true)}>
        {translate('kort.series.end')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="kort.series.end_title"
        content="kort.series.end_content"
        translateOptions={{ name: term.user_name }}
        confirmColor="warning"
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
