import { ui } from '../../lib/messages';

/**
 * "Загрузка…" in place of a screen whose code or first answer is on its way. Without a margin of its
 * own, so the page does not move when the screen replaces it.
 */
export function Loading() {
  return (
    <p className="page loading" role="status">
      {ui.loading}
    </p>
  );
}
