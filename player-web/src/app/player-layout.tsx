import { messages } from '@kort/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Modal } from '../components/ui/modal';
import { useToast } from '../components/ui/toasts';
import { logout, myName } from '../features/auth/api';
import { forgetOfflinePins } from '../lib/offline-pins';

/** The menu's sections, with the paths that belong to each (booking and the game card are "my games"). */
const MENU = [
  { to: '/profile', label: 'Мои игры', paths: /^\/(profile|reserve|game)?$/ },
  { to: '/account', label: 'Профиль', paths: /^\/account$/ },
  { to: '/box_reserve', label: 'Система хранения', paths: /^\/box_reserve(\/|$)/ },
] as const;

function Menu({ onLogout }: { onLogout: () => void }) {
  const { pathname } = useLocation();
  return (
    <ul className="menu">
      {MENU.map((item) => (
        <li key={item.to}>
          <Link to={item.to} aria-current={item.paths.test(pathname) ? 'page' : undefined}>
            {item.label}
          </Link>
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
    forgetOfflinePins();
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
