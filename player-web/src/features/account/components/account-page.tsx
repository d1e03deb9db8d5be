import './account.css';
import { SOCIAL_PROVIDERS, socialProviderNames, type ProfileDetail, type SocialProvider } from '@kort/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { NewPasswordForm } from '../../../components/new-password-form';
import { SiteChooser } from '../../../components/site-chooser';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { NetworkFailure } from '../../../components/ui/network-failure';
import { useToast } from '../../../components/ui/toasts';
import { errorOf } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { formatPhone } from '../../../lib/phone';
import { useLeaveSession } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';
import { useDeleteAccount } from '../api/delete-account';
import { useNotificationSettings } from '../api/notification-settings';
import { useProfile } from '../api/profile';
import { CalendarSection } from './calendar-section';
import { NotificationsSection } from './notifications-section';
import { ProfileForm } from './profile-form';
import './profile-details.css';

/**
 * /account: the profile, read-only until «Изменить» (the name and phone), with the social logins
 * linked to it; the calendar; where the club's messages go; the rules; the password; and, apart,
 * self-deletion. A social-only account sets its first password with "Сменить пароль", which never
 * asks for the old one.
 */
export function AccountPage() {
  const toast = useToast();
  const leaveSession = useLeaveSession();
  const profile = useProfile();
  // Asked with the profile, not after it: the section shows once the profile is in.
  const notifications = useNotificationSettings();
  const changePassword = useChangePassword();
  const deleteAccount = useDeleteAccount();
  const [modal, setModal] = useState<'password' | 'delete' | null>(null);

  if (profile.isError) return <NetworkFailure />;
  const me = profile.data ?? null;

  function removeAccount() {
    deleteAccount.mutate(undefined, {
      onSuccess: (answer) => (toast(answer.detail), leaveSession({ accountDeleted: true })),
      onError: (failure) => toast(errorOf(failure).text, 'error'),
    });
  }

  return (
    <main className="page account">
      <h1>{ui.account.title}</h1>
      {me === null ? <p role="status">{ui.loading}</p> : <ProfileDetails me={me} />}
      {me && <CalendarSection me={me} />}
      {me && <NotificationsSection settings={notifications} />}
      <p className="account-rules">
        <Link to="/court_rules">{ui.rules.title}</Link>
      </p>
      <section className="account-section" aria-labelledby="password-title">
        <h2 id="password-title">{ui.account.securityTitle}</h2>
        <div className="actions">
          <button type="button" onClick={() => setModal('password')}>
            {ui.account.changePassword}
          </button>
        </div>
      </section>
      <section className="account-section account-danger" aria-labelledby="delete-title">
        <h2 id="delete-title">{ui.account.dangerTitle}</h2>
        <div className="actions">
          <button type="button" className="danger" onClick={() => setModal('delete')}>
            {ui.account.deleteProfile}
          </button>
        </div>
      </section>
      <Modal open={modal === 'password'} title={ui.account.changePasswordTitle} onClose={() => setModal(null)}>
        <NewPasswordForm
          submitLabel={ui.account.changePassword}
          onSubmit={async (password1, password2) => {
            toast((await changePassword.mutateAsync({ password1, password2 })).detail);
            setModal(null);
          }}
        />
      </Modal>
      <ConfirmDialog
        open={modal === 'delete'}
        title={ui.account.deleteTitle}
        confirmLabel={deleteAccount.isPending ? ui.wait : ui.account.deleteProfile}
        tone="danger"
        disabled={deleteAccount.isPending}
        onConfirm={removeAccount}
        onCancel={() => setModal(null)}
        cancelLabel={ui.cancel}
      >
        <p>{ui.account.deleteWarning}</p>
      </ConfirmDialog>
    </main>
  );
}

/** The spec's read-only e-mail, phone, name and role; «Изменить» opens the name and phone for editing. */
function ProfileDetails({ me }: { me: ProfileDetail }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const done = () => {
    setEditing(false);
    // Back where the player was: on «Изменить».
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <section className="account-section profile-details" aria-label={ui.account.title}>
      <dl className="profile">
        <dt>{ui.fields.email}</dt>
        <dd>{me.email}</dd>
        {!editing && (
          <>
            <dt>{ui.fields.phone}</dt>
            <dd>{me.phone_number ? formatPhone(me.phone_number) : ui.account.noPhone}</dd>
            <dt>{ui.fields.name}</dt>
            <dd>{me.name}</dd>
          </>
        )}
        <dt>{ui.account.role}</dt>
        <dd>{me.role}</dd>
        {me.linked_providers.length > 0 && (
          <>
            <dt>{ui.account.linkedLogins}</dt>
            <dd>{providerNames(me.linked_providers)}</dd>
          </>
        )}
      </dl>
      <SiteChooser />
      {editing ? (
        <ProfileForm me={me} onDone={done} />
      ) : (
        <div className="actions">
          <button ref={editButton} type="button" onClick={() => setEditing(true)}>
            {ui.account.edit}
          </button>
        </div>
      )}
    </section>
  );
}

/** "VK ID, Яндекс ID": the linked providers in the login screen's order. */
function providerNames(linked: SocialProvider[]): string {
  return SOCIAL_PROVIDERS.filter((provider) => linked.includes(provider))
    .map((provider) => socialProviderNames[provider])
    .join(', ');
}
