import { ui } from '../../lib/messages';

/** "Загрузка…" in place of a screen whose code or first answer is on its way. */
export function Loading() {
  return (
    <p className="page" role="status">
      {ui.loading}
    </p>
  );
}
