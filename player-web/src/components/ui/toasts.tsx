import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { ui } from '../../lib/messages';

/** The spec's limit: at most 20 toasts at once; a newer one pushes out the oldest. */
export const MAX_TOASTS = 20;
const SHOW_MS = { success: 4_000, error: 7_000 } as const;

export type ToastTone = keyof typeof SHOW_MS;
interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

const ToastContext = createContext<(text: string, tone?: ToastTone) => void>(() => undefined);

/** Shows a short message over the screen: `toast('Корт забронирован')`, `toast(text, 'error')`. */
export function useToast(): (text: string, tone?: ToastTone) => void {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (text: string, tone: ToastTone = 'success') => {
      const id = nextId.current++;
      setToasts((all) => [...all, { id, text, tone }].slice(-MAX_TOASTS));
      setTimeout(() => dismiss(id), SHOW_MS[tone]);
    },
    [dismiss],
  );
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast ${toast.tone}`}>
            <span>{toast.text}</span>
            <button type="button" aria-label={ui.closeToast} onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
