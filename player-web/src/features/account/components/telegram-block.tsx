import {
  channelOffTexts,
  noticeChannelNames,
  notificationTexts,
  type NotificationSettings,
  type TelegramLinkResponse,
} from '@kort/contracts';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/ui/toasts';
import { errorOf } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { siteNowMs } from '../../../lib/site-clock';
import { DESKTOP, useMediaQuery } from '../../../lib/use-media-query';
import { useNotificationSettingsPoll } from '../api/notification-settings';
import { useTelegramLink } from '../api/telegram-link';
import { useTelegramUnlink } from '../api/telegram-unlink';

/** How often the settings are asked again while a link is shown, to see the bot's confirmation. */
export const TELEGRAM_POLL_MS = 3_000;

/** Whether the link's time is up, by the server's clock as far as the phone knows it. */
function useExpired(expiresAt: string | null): boolean {
  const [expiredAt, setExpiredAt] = useState<string | null>(null);
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(() => setExpiredAt(expiresAt), Math.max(0, Date.parse(expiresAt) - siteNowMs()));
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return expiresAt !== null && expiredAt === expiresAt;
}

/** 'HH:MM' of the link's end on the phone's own clock: what the player compares it with. */
function phoneTime(instant: string): string {
  const at = new Date(Date.parse(instant) - (siteNowMs() - Date.now()));
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/** The one-time link: a button to open it, and on a desktop its QR code for the phone's camera. */
function TelegramLink({ link }: { link: TelegramLinkResponse }) {
  const desktop = useMediaQuery(DESKTOP);
  const anchor = useRef<HTMLAnchorElement>(null);
  // The button that asked for it is gone: the player lands on what replaced it.
  useEffect(() => anchor.current?.focus(), []);
  return (
    <div className="telegram-link">
      {desktop && (
        <img
          className="telegram-qr"
          src={`data:image/svg+xml;utf8,${encodeURIComponent(link.qr_svg)}`}
          alt={ui.notifications.qr}
          width={176}
          height={176}
        />
      )}
      <div className="telegram-link-text">
        <p>{notificationTexts.telegramLinkHint}</p>
        {desktop && <p className="muted">{ui.notifications.qrHint}</p>}
        <a ref={anchor} className="button primary" href={link.detail} target="_blank" rel="noopener noreferrer">
          {ui.notifications.openTelegram}
        </a>
        <p className="muted">{ui.notifications.linkUntil(phoneTime(link.expires_at))}</p>
      </div>
    </div>
  );
}

/**
 * Telegram on /account: linked («Telegram подключён», «Отключить»), or the way to link it: a
 * one-time link to the club's bot, shown until it expires while the settings are asked again every
 * 3 s, so the block turns to «Telegram подключён» once the player pressed «Запустить» in the bot.
 */
export function TelegramBlock({ telegram }: { telegram: NotificationSettings['channels']['telegram'] }) {
  const toast = useToast();
  const link = useTelegramLink();
  const unlink = useTelegramUnlink();
  const connect = useRef<HTMLButtonElement>(null);
  const shown = !telegram.linked && link.data ? link.data : null;
  const expired = useExpired(shown?.expires_at ?? null);
  useNotificationSettingsPoll(shown !== null && !expired ? TELEGRAM_POLL_MS : false);
  // A link is good once: linked (here or in another tab), it is gone for good.
  const { reset } = link;
  useEffect(() => {
    if (telegram.linked) reset();
  }, [telegram.linked, reset]);

  const disconnect = () =>
    unlink.mutate(undefined, {
      onSuccess: (answer) => (toast(answer.detail), connect.current?.focus()),
      onError: (failure) => toast(errorOf(failure).detail, 'error'),
    });

  const waiting = shown !== null && !expired;
  return (
    <section className="notify-block" aria-labelledby="telegram-title">
      <h3 id="telegram-title">{noticeChannelNames.telegram}</h3>
      {/* One live line for the block's state: the change to «Telegram подключён» is read out. */}
      <p role="status" className={telegram.linked ? 'linked' : 'muted'}>
        {telegram.linked ? notificationTexts.telegramLinked : waiting ? ui.notifications.waitingForBot : ''}
      </p>
      {telegram.linked ? (
        <div className="actions">
          <button type="button" disabled={unlink.isPending} onClick={disconnect}>
            {unlink.isPending ? ui.wait : notificationTexts.disconnect}
          </button>
        </div>
      ) : (
        <>
          {telegram.off && <p className="notice">{channelOffTexts.telegram}</p>}
          {shown && !expired ? (
            <TelegramLink link={shown} />
          ) : (
            <>
              <p className="muted">{expired ? ui.notifications.linkExpired : ui.notifications.telegramHint}</p>
              <div className="actions">
                <button
                  ref={connect}
                  type="button"
                  className="primary"
                  disabled={link.isPending}
                  onClick={() => link.mutate()}
                >
                  {link.isPending ? ui.wait : notificationTexts.connectTelegram}
                </button>
              </div>
            </>
          )}
          {link.isError && (
            <p role="alert" className="error">
              {errorOf(link.error).detail}
            </p>
          )}
        </>
      )}
    </section>
  );
}
