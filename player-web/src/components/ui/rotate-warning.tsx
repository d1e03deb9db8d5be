import { ui } from '../../lib/messages';

/**
 * A phone held sideways is asked to turn back: every screen, public ones included, is laid out for
 * portrait. Shown by CSS only (a landscape viewport at most 500px tall), so it costs no script.
 */
export function RotateWarning() {
  return (
    <div className="rotate-warning" role="alert">
      <p>{ui.rotatePhone}</p>
    </div>
  );
}
