import type { DetailResponse } from '@kort/contracts';
import { useEffect, useState } from 'react';
import { errorOf } from '../lib/errors';
import { ui } from '../lib/messages';

/** How long a new letter is given to arrive before another can be asked for. */
export const RESEND_AFTER_SECONDS = 60;

interface ResendCodeProps {
  /** Asks the API for a new code (its answer, or the refusal, is shown under the button). */
  send: () => Promise<DetailResponse>;
  /** A new code is on its way: the screen forgets what was typed for the old one. */
  onSent?: () => void;
}

/**
 * "Отправить код ещё раз" under a code input (activation and password recovery): off for a minute
 * after a code was sent, counting down, then one tap asks for a new one. The API's answer is shown
 * as it comes: "Код отправлен на почту", or its limit ("Слишком много запросов кода…", 429).
 */
export function ResendCode({ send, onSent }: ResendCodeProps) {
  const [until, setUntil] = useState(() => Date.now() + RESEND_AFTER_SECONDS * 1000);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const counting = left > 0;

  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [counting]);

  async function resend() {
    setBusy(true);
    setAnswer(null);
    try {
      const sent = await send();
      setAnswer({ text: sent.detail, failed: false });
      setUntil(Date.now() + RESEND_AFTER_SECONDS * 1000);
      setNow(Date.now());
      onSent?.();
    } catch (failure) {
      setAnswer({ text: errorOf(failure).text, failed: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="resend-code">
      <button type="button" className="wide" disabled={counting || busy} onClick={() => void resend()}>
        {busy ? ui.wait : counting ? ui.resendCodeIn(left) : ui.resendCode}
      </button>
      {answer && (
        <p role={answer.failed ? 'alert' : 'status'} className={answer.failed ? 'error' : 'success'}>
          {answer.text}
        </p>
      )}
    </div>
  );
}
