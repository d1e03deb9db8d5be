import { notificationTexts, type NotificationSettings } from '@kort/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { ui } from '../../../lib/messages';
import { NoticeMatrix } from './notice-matrix';
import './notifications.css';
import { PushBlock } from './push-block';
import { TelegramBlock } from './telegram-block';

/**
 * /account «Уведомления»: which kinds of message go to which channel, then linking the
 * channels the club offers: Telegram, and web push on this device. A channel the club has not set
 * up (no bot, no VAPID key) is not mentioned at all.
 */
export function NotificationsSection({ settings }: { settings: UseQueryResult<NotificationSettings> }) {
  const { data } = settings;
  return (
    <section aria-labelledby="notifications-title" className="notifications">
      <h2 id="notifications-title">{notificationTexts.section}</h2>
      {data ? (
        <>
          <NoticeMatrix settings={data} />
          {data.channels.telegram.available && <TelegramBlock telegram={data.channels.telegram} />}
          {data.channels.push.available && <PushBlock push={data.channels.push} />}
        </>
      ) : settings.isError ? (
        <>
          <p role="alert" className="error">
            {ui.notifications.loadFailed}
          </p>
          <div className="actions">
            <button type="button" disabled={settings.isFetching} onClick={() => void settings.refetch()}>
              {ui.retry}
            </button>
          </div>
        </>
      ) : (
        <p role="status">{ui.loading}</p>
      )}
    </section>
  );
}
