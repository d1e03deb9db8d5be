import { messages } from '@kort/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { Modal } from '../components/ui/modal';
import { useToast } from '../components/ui/toasts';
import { logout, myName } from '../features/auth/api';

const MENU = [
  { to: '/profile', label: 'Мои игры' },
  { to: '/account', label: 'Профиль' },
  { to: '/box_reserve', label: 'Система хранения' },
] as const;

function Menu({ onLogout }: { onLogout: () => void }) {
  return (
    <ul className="menu">
      {MENU.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to}>{item.label}</NavLink>
        </li>
      ))}
      <li>
        <button type="button" onClick={onLogout}>
          Выйти
        </button>
      </li>
    </ul>
  );
}

/**
 * The frame of the signed-in screens: on a phone a top bar with the hamburger menu (spec: Мои
 * игры, Профиль, Система хранения, Выйти), on a desktop a side menu with the player's name. A phone
 * held sideways is asked to turn back (the screens are laid out for portrait).
 */
export function PlayerLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { pathname } = useLocation();
  const [name, setName] = useState('');
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    myName().then(
      (answer) => setName(answer.detail),
      () => undefined,
    );
  }, []);
  useEffect(() => setMenuOpen(false), [pathname]);

  function signOut() {
    setMenuOpen(false);
    void logout()
      .then(() => toast(messages.loggedOut))
      .catch(() => undefined)
      .finally(() => void navigate('/login'));
  }

  return (
    <div className="layout">
      <header className="topbar">
        <span className="brand">Корт</span>
        <button
          type="button"
          className="hamburger"
          aria-label="Меню"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <span aria-hidden="true">☰</span>
        </button>
      </header>
      <nav className="sidebar" aria-label="Главное меню">
        <p className="brand">Корт</p>
        {name && <p className="player-name">{name}</p>}
        <Menu onLogout={signOut} />
      </nav>
      <div className="content">{children}</div>
      <Modal open={menuOpen} title="Меню" onClose={() => setMenuOpen(false)}>
        {name && <p className="player-name">{name}</p>}
        <nav aria-label="Меню">
          <Menu onLogout={signOut} />
        </nav>
      </Modal>
      <div className="rotate-warning" role="alert">
        <p>Поверните телефон вертикально</p>
      </div>
    </div>
  );
}
