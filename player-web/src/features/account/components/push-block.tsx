import { channelOffTexts, notificationTexts, type NotificationSettings } from '@kort/contracts';
import { errorOf } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { DevicePushError, useDevicePush } from '../hooks/use-device-push';

/** What the player reads of a failed «Включить»/«Отключить»: the browser's step as said, else the API's detail. */
const failureText = (failure: unknown) =>
  failure instanceof DevicePushError ? failure.message : errorOf(failure).detail;

/**
 * «Уведомления на этом устройстве»: web push for this browser. «Включить» asks for the permission
 * (only on that press), subscribes and tells the club; «Отключить» undoes it. A browser without
 * web push says so; so does one whose permission is refused, with how to allow it there, and
 * «Включить» is then no longer the main button (the browser will not ask again).
 */
export function PushBlock({ push }: { push: NotificationSettings['channels']['push'] }) {
  const device = useDevicePush(push);
  const { enable, disable } = device;
  const busy = enable.isPending || disable.isPending;
  const failure = enable.error ?? disable.error;
  // Refused, before or at the prompt just now: said once, with how to allow it.
  const refused = device.permission === 'denied' && !device.subscribed;

  return (
    <section className="notify-block" aria-labelledby="push-title">
      <h3 id="push-title">{notificationTexts.thisDevice}</h3>
      {push.off && <p className="notice">{channelOffTexts.push}</p>}
      {/* One live line for this device's state: «включены» / «отключены» is read out as it changes. */}
      <p role="status" className={device.subscribed ? 'linked' : 'muted'}>
        {device.checking
          ? ui.loading
          : device.subscribed
            ? notificationTexts.pushOn
            : disable.isSuccess
              ? notificationTexts.pushOff
              : ''}
      </p>
      {!device.supported ? (
        <p className="muted">{notificationTexts.pushUnsupported}</p>
      ) : (
        !device.checking && (
          <>
            {!device.subscribed && <p className="muted">{ui.notifications.pushHint}</p>}
            {refused && (
              <div role={failure ? 'alert' : undefined} className="alert">
                <p>{notificationTexts.pushDenied}</p>
                <p>{ui.notifications.pushHowToAllow}</p>
              </div>
            )}
            <div className="actions">
              {device.subscribed ? (
                <button type="button" disabled={busy} onClick={() => disable.mutate()}>
                  {disable.isPending ? ui.wait : notificationTexts.disconnect}
                </button>
              ) : (
                // Refused by the browser, a press cannot ask again: not the screen's main action then.
                <button
                  type="button"
                  className={refused ? undefined : 'primary'}
                  disabled={busy}
                  onClick={() => enable.mutate()}
                >
                  {enable.isPending ? ui.wait : ui.notifications.enable}
                </button>
              )}
            </div>
          </>
        )
      )}
      {failure && !refused && (
        <p role="alert" className="error">
          {failureText(failure)}
        </p>
      )}
      {push.devices > 0 && <p className="muted">{ui.notifications.devices(push.devices)}</p>}
    </section>
  );
}
