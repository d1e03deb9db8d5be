import { SOCIAL_PROVIDERS, socialProviderNames, type SocialProvider } from '@kort/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { NewPasswordForm } from '../../../components/new-password-form';
import { Modal } from '../../../components/ui/modal';
import { NetworkFailure } from '../../../components/ui/network-failure';
import { useToast } from '../../../components/ui/toasts';
import { errorOf } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { formatPhone } from '../../../lib/phone';
import { useLeaveSession } from '../../../lib/session';
import { useCalendarLinkOff } from '../api/calendar-link-off';
import { useChangePassword } from '../api/change-password';
import { useDeleteAccount } from '../api/delete-account';
import { useNewCalendarLink } from '../api/new-calendar-link';
import { useNotificationSettings } from '../api/notification-settings';
import { useProfile } from '../api/profile';
import { NotificationsSection } from './notifications-section';

/**
 * /account: the read-only profile (with the social logins linked to it), the calendar link, where
 * the club's messages go, the rules, password change and self-deletion (spec section 2).
 * A social-only account sets its first password with "Сменить пароль", which never asks for the old
 * one.
 */
export function AccountPage() {
  const toast = useToast();
  const leaveSession = useLeaveSession();
  const profile = useProfile();
  // Asked with the profile, not after it: the section shows once the profile is in.
  const notifications = useNotificationSettings();
  const changePassword = useChangePassword();
  const deleteAccount = useDeleteAccount();
  const newCalendarLink = useNewCalendarLink();
  const calendarLinkOff = useCalendarLinkOff();
  const [modal, setModal] = useState<'password' | 'delete' | null>(null);
  const refused = (failure: unknown) => toast(errorOf(failure).text, 'error');
  const linkInput = useRef<HTMLInputElement>(null);

  /** The calendar link to the clipboard; where the browser allows none, it is selected to copy by hand. */
  async function copyLink(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast(ui.account.linkCopied);
    } catch {
      linkInput.current?.select();
      toast(ui.account.copyFailed, 'error');
    }
  }

  if (profile.isError) return <NetworkFailure />;
  const me = profile.data ?? null;

  function removeAccount() {
    deleteAccount.mutate(undefined, {
      onSuccess: (answer) => (toast(answer.detail), leaveSession({ accountDeleted: true })),
      onError: refused,
    });
  }

  return (
    <main className="page">
      <h1>{ui.account.title}</h1>
      {me === null ? (
        <p role="status">{ui.loading}</p>
      ) : (
        <dl className="profile">
          <dt>{ui.fields.email}</dt>
          <dd>{me.email}</dd>
          <dt>{ui.fields.phone}</dt>
          <dd>{me.phone_number ? formatPhone(me.phone_number) : ui.account.noPhone}</dd>
          <dt>{ui.fields.name}</dt>
          <dd>{me.name}</dd>
          <dt>{ui.account.role}</dt>
          <dd>{me.role}</dd>
          {me.linked_providers.length > 0 && (
            <>
              <dt>{ui.account.linkedLogins}</dt>
              <dd>{providerNames(me.linked_providers)}</dd>
            </>
          )}
        </dl>
      )}
      {me && (
        <section aria-labelledby="calendar-title" className="calendar-link">
          <h2 id="calendar-title">{ui.account.calendarTitle}</h2>
          {me.calendar_url ? (
            <>
              <p className="muted">{ui.account.calendarHint}</p>
              <input
                ref={linkInput}
                readOnly
                aria-label={ui.account.calendarLinkLabel}
                value={me.calendar_url}
                onFocus={(e) => e.target.select()}
              />
              <div className="actions">
                <button type="button" className="primary" onClick={() => void copyLink(me.calendar_url ?? '')}>
                  {ui.account.copyLink}
                </button>
                <button
                  type="button"
                  onClick={() =>
                    calendarLinkOff.mutate(undefined, { onSuccess: (answer) => toast(answer.detail), onError: refused })
                  }
                >
                  {ui.account.calendarOff}
                </button>
              </div>
            </>
          ) : (
            <div className="actions">
              <button type="button" onClick={() => newCalendarLink.mutate(undefined, { onError: refused })}>
                {ui.account.calendarGet}
              </button>
            </div>
          )}
        </section>
      )}
      {me && <NotificationsSection settings={notifications} />}
      <div className="actions">
        <Link to="/court_rules" className="button">
          {ui.rules.title}
        </Link>
        <button type="button" onClick={() => setModal('password')}>
          {ui.account.changePassword}
        </button>
        <button type="button" className="danger" onClick={() => setModal('delete')}>
          {ui.account.deleteProfile}
        </button>
      </div>
      <Modal open={modal === 'password'} title={ui.account.changePasswordTitle} onClose={() => setModal(null)}>
        <NewPasswordForm
          submitLabel={ui.account.changePassword}
          onSubmit={async (password1, password2) => {
            toast((await changePassword.mutateAsync({ password1, password2 })).detail);
            setModal(null);
          }}
        />
      </Modal>
      <Modal open={modal === 'delete'} title={ui.account.deleteTitle} onClose={() => setModal(null)} closeLabel={null}>
        <p>{ui.account.deleteWarning}</p>
        <div className="actions">
          <button type="button" className="danger" disabled={deleteAccount.isPending} onClick={removeAccount}>
            {deleteAccount.isPending ? ui.wait : ui.account.deleteProfile}
          </button>
          <button type="button" onClick={() => setModal(null)}>
            {ui.cancel}
          </button>
        </div>
      </Modal>
    </main>
  );
}

/** "VK ID, Яндекс ID": the linked providers in the login screen's order. */
function providerNames(linked: SocialProvider[]): string {
  return SOCIAL_PROVIDERS.filter((provider) => linked.includes(provider))
    .map((provider) => socialProviderNames[provider])
    .join(', ');
}
