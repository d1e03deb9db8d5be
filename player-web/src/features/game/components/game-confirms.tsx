import { Modal } from '../../../components/ui/modal';
import { courtWords, type GameCardState } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';

/** The two questions of the card: cancel the game, end the game; each names the game it acts on. */
export function GameConfirms({ card, asking, onClose, onCancel, onEnd }: GameConfirmsProps) {
  const what = <p>{ui.game.cancelWhat(card.date, card.time, courtWords(card))}</p>;
  return (
    <>
      <Modal open={asking === 'cancel'} title={ui.game.cancelQuestion} onClose={onClose} closeLabel={null}>
        {what}
        <div className="actions">
          <button type="button" className="danger" onClick={onCancel}>
            {ui.game.cancelYes}
          </button>
          <button type="button" onClick={onClose}>
            {ui.no}
          </button>
        </div>
      </Modal>
      <Modal open={asking === 'end'} title={ui.game.endQuestion} onClose={onClose} closeLabel={null}>
        {what}
        <p>{ui.game.endWarning}</p>
        <div className="actions">
          <button type="button" className="primary" onClick={onEnd}>
            {ui.game.endYes}
          </button>
          <button type="button" onClick={onClose}>
            {ui.no}
          </button>
        </div>
      </Modal>
    </>
  );
}
interface GameConfirmsProps {
  card: GameCardState;
  asking: 'cancel' | 'end' | null;
  onClose: () => void;
  onCancel: () => void;
  onEnd: () => void;
}
