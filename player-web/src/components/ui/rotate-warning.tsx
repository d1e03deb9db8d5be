import { ui } from '../../lib/messages';
import './frame.css';

/**
 * A phone held sideways is asked to turn back: every screen, public ones included, is laid out for
 * portrait. Shown by CSS only (a landscape viewport at most 500px tall), so it costs no script. It
 * is a banner above the page, never a wall: the page stays usable below it (the door card
 * included), reflowed to the width.
 */
export function RotateWarning() {
  return (
    <div className="rotate-warning">
      <div className="rotate-body">
        <RotateIcon />
        <div>
          <p className="rotate-title" role="alert">
            {ui.rotatePhone}
          </p>
          <p className="rotate-why">{ui.rotatePhoneWhy}</p>
        </div>
      </div>
    </div>
  );
}

/** A phone lying on its side, an arrow turning it upright. */
function RotateIcon() {
  return (
    <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
      <rect x="8" y="50" width="56" height="32" rx="6" fill="#fff" stroke="#0f5132" strokeWidth="4" />
      <circle cx="56" cy="66" r="2.5" fill="#0f5132" />
      <rect x="52" y="8" width="32" height="56" rx="6" fill="#dcebe2" stroke="#0f5132" strokeWidth="4" />
      <circle cx="68" cy="56" r="2.5" fill="#0f5132" />
      <path d="M18 40a26 26 0 0 1 24-28" fill="none" stroke="#0f5132" strokeWidth="4" strokeLinecap="round" />
      <path
        d="M34 6l9 6-7 8"
        fill="none"
        stroke="#0f5132"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
