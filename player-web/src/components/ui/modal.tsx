import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ui } from '../../lib/messages';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The footer's close button; off when the content has its own buttons. */
  closeLabel?: string | null;
}

/**
 * The spec's modals (rules, personal data, password recovery and change, the door): a native
 * <dialog> opened as modal, so focus is trapped, Escape closes it and the page behind is inert.
 */
export function Modal({ open, title, onClose, children, closeLabel = ui.close }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    if (!open && element.open) {
      // Browsers without the dialog API (Safari before 15.4) have no close() either.
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={() => open && onClose()}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {open && children}
      {closeLabel && (
        <button type="button" onClick={onClose}>
          {closeLabel}
        </button>
      )}
    </dialog>
  );
}
