import { messages, OFFLINE_PIN_LENGTH } from '@kort/contracts';
import { Modal } from '../../../components/ui/modal';
import { ui } from '../../../lib/messages';
import './game.css';

const half = OFFLINE_PIN_LENGTH / 2;

/** A game's offline PIN, and whose link is down: the club's equipment's, or this phone's. */
export interface HeldDoorPin {
  pin: string;
  linkDown: 'club' | 'phone';
}

/**
 * No door code to be had: instead of the door modal, the game's offline PIN in digits large enough
 * to read off the phone at the door's keypad, with the one sentence that says what to do and whose
 * link is down (the spec's sentence when the club's equipment has none; another when the phone
 * itself reached nothing and the PIN is its own copy).
 */
export function OfflinePinModal({ held, onClose }: { held: HeldDoorPin | null; onClose: () => void }) {
  const pin = held?.pin;
  return (
    <Modal open={held !== null} title={ui.door.offlinePinTitle} onClose={onClose}>
      <p>{held?.linkDown === 'phone' ? ui.door.offlinePinPhoneOffline : messages.offlinePin}</p>
      {/* Two groups of three read faster than six digits in a row; the text stays one number. */}
      <p className="offline-pin">
        <span>{pin?.slice(0, half)}</span>
        <span>{pin?.slice(half)}</span>
      </p>
    </Modal>
  );
}
