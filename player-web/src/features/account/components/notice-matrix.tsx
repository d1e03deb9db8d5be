import {
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  noticeChannelNames,
  noticeKindNames,
  notificationTexts,
  type NoticeChannel,
  type NoticeKind,
  type NotificationSettings,
} from '@kort/contracts';
import { useId, useState } from 'react';
import { errorOf } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { useNoticeChoice } from '../api/notice-choice';

/** Why a channel the club offers cannot be chosen yet, or null when it can. */
function notLinkedHint(settings: NotificationSettings, channel: NoticeChannel): string | null {
  if (channel === 'telegram' && !settings.channels.telegram.linked) return ui.notifications.linkTelegramFirst;
  if (channel === 'push' && settings.channels.push.devices === 0) return ui.notifications.enablePushFirst;
  return null;
}

/**
 * Which kinds of message go where: a row per kind, a column per channel the club offers (none for
 * a channel it has not set up), a column not linked yet off with what to do about it. Each box is
 * saved on its own as it is ticked; a refusal puts it back and says why.
 */
export function NoticeMatrix({ settings }: { settings: NotificationSettings }) {
  const id = useId();
  const choose = useNoticeChoice();
  const [status, setStatus] = useState<'saved' | { failed: string } | null>(null);
  const channels = NOTICE_CHANNELS.filter((channel) => settings.channels[channel].available);

  function toggle(kind: NoticeKind, channel: NoticeChannel, enabled: boolean) {
    setStatus(null);
    choose.mutate(
      { kind, channel, enabled },
      {
        onSuccess: () => setStatus('saved'),
        onError: (failure) => setStatus({ failed: errorOf(failure).detail }),
      },
    );
  }

  return (
    <>
      <table className="notice-matrix">
        <caption>{ui.notifications.matrixCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{ui.notifications.kind}</th>
            {channels.map((channel) => {
              const hint = notLinkedHint(settings, channel);
              return (
                <th scope="col" key={channel} className={hint ? 'is-off' : undefined}>
                  <span className="channel-name">{noticeChannelNames[channel]}</span>
                  {hint && (
                    <span id={`${id}-${channel}`} className="channel-hint">
                      {hint}
                    </span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {NOTICE_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{noticeKindNames[kind]}</th>
              {channels.map((channel) => {
                const off = notLinkedHint(settings, channel) !== null;
                return (
                  <td key={channel} className={off ? 'is-off' : undefined}>
                    <label className="choice">
                      {/* A phone shows the matrix as a card per kind: the column's name goes beside its box. */}
                      <span className="choice-channel" aria-hidden="true">
                        {noticeChannelNames[channel]}
                      </span>
                      <input
                        type="checkbox"
                        aria-label={ui.notifications.choice(noticeKindNames[kind], noticeChannelNames[channel])}
                        aria-describedby={off ? `${id}-${channel}` : undefined}
                        checked={settings.choices[kind][channel]}
                        disabled={off}
                        onChange={(event) => toggle(kind, channel, event.target.checked)}
                      />
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Quiet: said once after a box is saved, not shouted. A refusal is an alert. */}
      <p role="status" className="muted matrix-status">
        {status === 'saved' ? notificationTexts.saved : ''}
      </p>
      {status !== null && status !== 'saved' && (
        <p role="alert" className="error">
          {status.failed}
        </p>
      )}
    </>
  );
}
