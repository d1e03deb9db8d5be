import { messages } from '@kort/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Brand } from '../components/ui/brand';
import { Modal } from '../components/ui/modal';
import { useToast } from '../components/ui/toasts';
import { useLogout } from '../features/auth/api/logout';
import { useMyName } from '../features/auth/api/my-name';
import { ui } from '../lib/messages';
import { forgetOfflinePins } from '../lib/offline-pins';
import { useLeaveSession } from '../lib/session';

/** The menu's sections, with the paths that belong to each (booking and the game card are "my games"). */
const MENU = [
  { to: '/profile', label: ui.menu.myGames, paths: /^\/(profile|reserve|game)?$/ },
  { to: '/account', label: ui.menu.account, paths: /^\/account$/ },
  { to: '/box_reserve', label: ui.menu.storage, paths: /^\/box_reserve(\/|$)/ },
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
          {ui.menu.logout}
        </button>
      </li>
    </ul>
  );
}

/**
 * The frame of the signed-in screens: on a phone a top bar with the hamburger menu (the spec's My
 * games, Profile, Storage system, Logout: «Ящики и инвентарь» for storage), on a desktop a side menu with the player's name. (The
 * rotate-your-phone warning is the app's, for every page: components/ui/rotate-warning.tsx.)
 */
export function PlayerLayout({ children }: { children: ReactNode }) {
  const toast = useToast();
  const leaveSession = useLeaveSession();
  const { pathname } = useLocation();
  const name = useMyName().data ?? '';
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => setMenuOpen(false), [pathname]);

  function signOut() {
    setMenuOpen(false);
    forgetOfflinePins();
    logout.mutate(undefined, {
      onSuccess: () => toast(messages.loggedOut),
      // Signed out or not (no network), the player leaves.
      onSettled: () => leaveSession(),
    });
  }

  return (
    <div className="layout">
      <header className="topbar">
        <Brand as="span" />
        <button
          type="button"
          className="hamburger"
          aria-label={ui.menu.title}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <span aria-hidden="true">☰</span>
        </button>
      </header>
      <nav className="sidebar" aria-label={ui.menu.main}>
        <Brand as="p" />
        {/* Its line is kept while the name is on its way: the menu under it does not move. */}
        <p className="player-name">{name}</p>
        <Menu onLogout={signOut} />
      </nav>
      <div className="content">{children}</div>
      <Modal open={menuOpen} title={ui.menu.title} onClose={() => setMenuOpen(false)}>
        {name && <p className="player-name">{name}</p>}
        <nav aria-label={ui.menu.title}>
          <Menu onLogout={signOut} />
        </nav>
      </Modal>
    </div>
  );
}
