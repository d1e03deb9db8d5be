import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { gameDayAndHour } from '../../../lib/format';
import { courtWords, type GameCardState } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';
import { refundLine } from '../../../lib/money';
import { useClubToday } from '../../../lib/site-clock';

/** The card's two questions: the same dialog, each with its own words and button. */
const QUESTIONS = {
  cancel: { title: ui.game.cancelQuestion, yes: ui.game.cancelYes, tone: 'danger', warning: null },
  end: { title: ui.game.endQuestion, yes: ui.game.endYes, tone: 'primary', warning: ui.game.endWarning },
} as const;

/**
 * Cancel the game or end it: the question names the game it acts on. Cancelling a paid game says
 * first what it returns now (the API's `refund_if_cancelled`: all, a part, or nothing by the club's
 * rule).
 */
export function GameConfirms({ card, asking, onClose, onCancel, onEnd }: GameConfirmsProps) {
  const question = QUESTIONS[asking ?? 'cancel'];
  const refund = asking === 'cancel' ? refundLine(card.payment) : null;
  const today = useClubToday();
  return (
    <ConfirmDialog
      open={asking !== null}
      title={question.title}
      confirmLabel={question.yes}
      tone={question.tone}
      onConfirm={asking === 'end' ? onEnd : onCancel}
      onCancel={onClose}
    >
      <p>{ui.game.cancelWhat(gameDayAndHour(card.timeStart, today), courtWords(card))}</p>
      {question.warning && <p>{question.warning}</p>}
      {refund && <p className="refund-note">{refund}</p>}
    </ConfirmDialog>
  );
}

interface GameConfirmsProps {
  card: GameCardState;
  asking: 'cancel' | 'end' | null;
  onClose: () => void;
  onCancel: () => void;
  onEnd: () => void;
}
