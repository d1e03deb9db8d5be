import { type AdminAlert, type AlertState } from '@kort/contracts';
import CheckIcon from '@mui/icons-material/Check';
import { Button, Chip, type ButtonProps } from '@mui/material';
import { useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import { formatClubDateTime, sameClubDay, serverNow } from '../../lib/club-time';
import { messageOf } from '../../providers/http-client';

/** A moment of an alert: the time alone today, the date and time before. */
export const alertMoment = (instant: string): string =>
  formatClubDateTime(instant, sameClubDay(instant, new Date(serverNow())) ? 'time' : 'datetime');

const stateColor: Record<AlertState, 'error' | 'warning' | 'default'> = {
  open: 'error',
  acknowledged: 'warning',
  resolved: 'default',
};

export function AlertStateChip({ state }: { state: AlertState }) {
  const translate = useTranslate();
  return <Chip size="small" color={stateColor[state]} label={translate(`kort.alerts.state_${state}`)} />;
}

/** «Принята: Анна, 19:45», or «Не принята». */
export function acknowledgedText(alert: AdminAlert, translate: (key: string, options?: object) => string): string {
  if (!alert.acknowledged_at) return translate('kort.alerts.not_acknowledged');
  const time = alertMoment(alert.acknowledged_at);
  return alert.acknowledged_by
    ? translate('kort.alerts.acknowledged_by', { name: alert.acknowledged_by, time })
    : translate('kort.alerts.acknowledged_unknown', { time });
}

/**
 * «Принять»: the admin takes the alert on (PUT /api/admin/alerts/{id} `{acknowledged: true}`; who
 * and when are the API's). Only on an alert nobody took on; `onDone` gets the alert as the API
 * answered it.
 */
export function AcknowledgeButton({
  alert,
  onDone,
  ...button
}: { alert: AdminAlert; onDone?: (alert: AdminAlert) => void } & Omit<ButtonProps, 'onClick'>) {
  const translate = useTranslate();
  const notify = useNotify();
  // The body is `{acknowledged: true}`, not a field of the record.
  const [update, { isPending }] = useUpdate<AdminAlert & { acknowledged?: true }>();
  if (alert.acknowledged_at || alert.state === 'resolved') return null;
  const acknowledge = () =>
    update(
      'alerts',
      { id: alert.id, data: { acknowledged: true }, previousData: alert },
      {
        mutationMode: 'pessimistic',
        onSuccess: (answered) => {
          notify('resources.alerts.notifications.updated', { type: 'success' });
          onDone?.(answered);
        },
        onError: (error) => notify(messageOf(error), { type: 'error' }),
      },
    );
  return (
    <Button
      variant="contained"
      startIcon={<CheckIcon />}
      disabled={isPending}
      aria-label={translate('kort.alerts.acknowledge_label', { title: alert.title })}
      onClick={(event) => {
        // Inside a clickable row or a link: only the button's own act.
        event.stopPropagation();
        void acknowledge();
      }}
      {...button}
    >
      {translate('kort.alerts.acknowledge')}
    </Button>
  );
}

/** The sites the admin runs, as the app bar's switcher reads them (the same call: answered once). */
const ALL_SITES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

/** A site's name by its id (its id until the list is read). */
export function useSiteName(): (siteId: string) => string {
  const { data } = useGetList<{ id: string; name: string }>('sites', ALL_SITES);
  return (siteId) => data?.find((site) => site.id === siteId)?.name ?? siteId;
}
