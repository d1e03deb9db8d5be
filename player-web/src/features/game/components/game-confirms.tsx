import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { courtWords, type GameCardState } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';

/** The two questions of the card: cancel the game, end the game; each names the game it acts on. */
export function GameConfirms({ card, asking, onClose, onCancel, onEnd }: GameConfirmsProps) {
  const what = <p>{ui.game.cancelWhat(card.date, card.time, courtWords(card))}</p>;
  return (
    <>
      <ConfirmDialog
        open={asking === 'cancel'}
        title={ui.game.cancelQuestion}
        confirmLabel={ui.game.cancelYes}
        tone="danger"
        onConfirm={onCancel}
        onCancel={onClose}
      >
        {what}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'end'}
        title={ui.game.endQuestion}
        confirmLabel={ui.game.endYes}
        tone="primary"
        onConfirm={onEnd}
        onCancel={onClose}
      >
        {what}
        <p>{ui.game.endWarning}</p>
      </ConfirmDialog>
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
