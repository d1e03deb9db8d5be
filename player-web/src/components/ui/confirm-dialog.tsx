import type { ReactNode } from 'react';
import { ui } from '../../lib/messages';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, the dialog's name. */
  title: string;
  /** What the action does, said before the player answers. */
  children: ReactNode;
  /** The button that acts (its text says what it does: «Да, отменить», «Удалить профиль»…). */
  confirmLabel: string;
  /** A red button for what cannot be undone, the main colour for the rest. */
  tone: 'danger' | 'primary';
  onConfirm: () => void;
  /** The other button, Escape and the dialog's own closing: nothing is done. */
  onCancel: () => void;
  /** «Нет» for a yes-or-no question, «Отмена» otherwise. */
  cancelLabel?: string;
  /** While the action is on its way its button waits (the other one still closes the dialog). */
  disabled?: boolean;
}

/**
 * A question asked before an action the player would regret by mistake (cancel or end a game,
 * leave a waiting line, rent or give up a shelf, delete the profile): the action's button, then the
 * one that leaves everything as it was.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, tone, onConfirm, onCancel, cancelLabel = ui.no, disabled } = props;
  return (
    <Modal open={open} title={title} onClose={onCancel} closeLabel={null}>
      {children}
      <div className="actions">
        <button type="button" className={tone} disabled={disabled} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </Modal>
  );
}
