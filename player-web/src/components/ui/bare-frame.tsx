import type { ReactNode } from 'react';
import { Brand } from './brand';
import './frame.css';

/**
 * The app's frame where the signed-in one cannot be drawn (a screen that failed to show, the
 * rotate warning): the green bar with the club's mark, so that the player knows where they are.
 */
export function BareFrame({ children }: { children: ReactNode }) {
  return (
    <div className="bare-frame">
      <header className="bare-bar">
        <Brand as="span" />
      </header>
      {children}
    </div>
  );
}
