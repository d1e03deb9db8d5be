import { messages, OFFLINE_PIN_LENGTH } from '@kort/contracts';
import { Modal } from '../../../components/ui/modal';
import { ui } from '../../../lib/messages';
import './game.css';

const half = OFFLINE_PIN_LENGTH / 2;

/**
 * The club's link is down: instead of the door modal, the game's offline PIN in digits
 * large enough to read off the phone at the door's keypad, with the one sentence that says what to do.
 */
export function OfflinePinModal({ pin, onClose }: { pin: string | null; onClose: () => void }) {
  return (
    <Modal open={pin !== null} title={ui.door.offlinePinTitle} onClose={onClose}>
      <p>{messages.offlinePin}</p>
      {/* Two groups of three read faster than six digits in a row; the text stays one number. */}
      <p className="offline-pin">
        <span>{pin?.slice(0, half)}</span>
        <span>{pin?.slice(half)}</span>
      </p>
    </Modal>
  );
}
