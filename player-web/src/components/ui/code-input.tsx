import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { ui } from '../../lib/messages';

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once four digits are in (typed or pasted). */
  onComplete: (code: string) => void;
  label: string;
  disabled?: boolean;
  /** The last code was refused: the boxes are marked and the first one takes focus again. */
  invalid?: boolean;
  /** The screen is about the code (activation, recovery): its first empty box takes focus on arrival. */
  autoFocus?: boolean;
}

/**
 * Four one-digit boxes with the numeric keypad; pasting "1234" (or "12 34") fills all four. Only
 * digits get in.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  label,
  disabled,
  invalid = false,
  autoFocus = false,
}: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  // On arrival only (not on every digit): the code's first empty box, so the keypad is up for the
  // digits from the letter.
  useEffect(() => {
    if (autoFocus) boxes.current[Math.min(value.length, 3)]?.focus();
  }, [autoFocus]);

  useEffect(() => {
    if (invalid && !disabled) boxes.current[0]?.focus();
  }, [invalid, disabled]);

  function set(next: string) {
    const code = next.replace(/\D/g, '').slice(0, 4);
    onChange(code);
    boxes.current[Math.min(code.length, 3)]?.focus();
    if (code.length === 4) onComplete(code);
  }

  function typed(index: number, digit: string) {
    if (!/^\d$/.test(digit)) return;
    set((value.slice(0, index) + digit).slice(0, 4));
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      set(value.slice(0, Math.max(0, index === value.length ? index - 1 : index)));
    }
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    set(event.clipboardData.getData('text'));
  }

  return (
    <fieldset className="code-input" aria-label={label} disabled={disabled}>
      <legend>{label}</legend>
      {[0, 1, 2, 3].map((index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          aria-label={ui.codeDigit(index + 1)}
          aria-invalid={invalid || undefined}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          value={value[index] ?? ''}
          onChange={(event) => typed(index, event.target.value.slice(-1))}
          onKeyDown={(event) => keyDown(index, event)}
          onPaste={paste}
        />
      ))}
    </fieldset>
  );
}
