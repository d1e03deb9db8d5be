import {
  messages,
  SOCIAL_PROVIDERS,
  socialProviderNames,
  type ProfileDetail,
  type SocialProvider,
} from '@kort/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Modal } from '../../components/ui/modal';
import { NetworkFailure } from '../../components/ui/network-failure';
import { useToast } from '../../components/ui/toasts';
import { ApiError } from '../../lib/api-client';
import { forgetOfflinePins } from '../../lib/offline-pins';
import { formatPhone } from '../../lib/phone';
import { calendarLinkOff, changePassword, deleteAccount, newCalendarLink, profile } from './api';
import { NewPasswordForm } from './new-password-form';
import { passwordError } from './password-errors';

/**
 * /account: the read-only profile (with the social logins linked to it), the rules, password change
 * and self-deletion (spec section 2). A social-only account sets its first password with "Сменить
 * пароль", which never asks for the old one.
 */
export function AccountPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [me, setMe] = useState<ProfileDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [modal, setModal] = useState<'password' | 'delete' | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    profile().then(
      (answer) => setMe(answer.detail),
      () => setFailed(true),
    );
  }, []);

  if (failed) return <NetworkFailure />;

  async function removeAccount() {
    setDeleting(true);
    try {
      toast((await deleteAccount()).detail);
      forgetOfflinePins();
      void navigate('/login');
    } catch (failure) {
      toast(failure instanceof ApiError && failure.status < 500 ? failure.detail : messages.networkTrouble, 'error');
      setDeleting(false);
    }
  }

  async function calendar(action: 'new' | 'off') {
    try {
      if (action === 'new') {
        const link = (await newCalendarLink()).detail;
        setMe((current) => current && { ...current, calendar_url: link });
      } else {
        toast((await calendarLinkOff()).detail);
        setMe((current) => current && { ...current, calendar_url: null });
      }
    } catch (failure) {
      toast(failure instanceof ApiError && failure.status < 500 ? failure.detail : messages.networkTrouble, 'error');
    }
  }

  return (
    <main className="page">
      <h1>Профиль</h1>
      {me === null ? (
        <p role="status">Загрузка…</p>
      ) : (
        <dl className="profile">
          <dt>E-mail</dt>
          <dd>{me.email}</dd>
          <dt>Телефон</dt>
          <dd>{me.phone_number ? formatPhone(me.phone_number) : 'не указан'}</dd>
          <dt>Имя</dt>
          <dd>{me.name}</dd>
          <dt>Роль</dt>
          <dd>{me.role}</dd>
          {me.linked_providers.length > 0 && (
            <>
              <dt>Вход через</dt>
              <dd>{providerNames(me.linked_providers)}</dd>
            </>
          )}
        </dl>
      )}
      {me && (
        <section aria-labelledby="calendar-title" className="calendar-link">
          <h2 id="calendar-title">Календарь игр</h2>
          {me.calendar_url ? (
            <>
              <p className="muted">Добавьте ссылку в календарь телефона, чтобы видеть свои игры:</p>
              <input
                readOnly
                aria-label="Ссылка на календарь"
                value={me.calendar_url}
                onFocus={(e) => e.target.select()}
              />
              <button type="button" onClick={() => void calendar('off')}>
                Отключить ссылку
              </button>
            </>
          ) : (
            <button type="button" onClick={() => void calendar('new')}>
              Получить ссылку на календарь
            </button>
          )}
        </section>
      )}
      <div className="actions">
        <Link to="/court_rules" className="button">
          Правила клуба
        </Link>
        <button type="button" onClick={() => setModal('password')}>
          Сменить пароль
        </button>
        <button type="button" className="danger" onClick={() => setModal('delete')}>
          Удалить профиль
        </button>
      </div>
      <Modal open={modal === 'password'} title="Смена пароля" onClose={() => setModal(null)}>
        <NewPasswordForm
          submitLabel="Сменить пароль"
          describeError={passwordError}
          onSubmit={async (password1, password2) => {
            toast((await changePassword(password1, password2)).detail);
            setModal(null);
          }}
        />
      </Modal>
      <Modal open={modal === 'delete'} title="Удалить профиль?" onClose={() => setModal(null)} closeLabel={null}>
        <p>
          Будущие игры будут отменены, аренда ячейки завершена. Через 10 дней все ваши данные будут удалены без
          возможности восстановления.
        </p>
        <div className="actions">
          <button type="button" className="danger" disabled={deleting} onClick={() => void removeAccount()}>
            {deleting ? 'Подождите…' : 'Удалить профиль'}
          </button>
          <button type="button" onClick={() => setModal(null)}>
            Отмена
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
