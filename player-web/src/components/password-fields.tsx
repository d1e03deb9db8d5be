import { messages } from '@kort/contracts';
import { useId } from 'react';

/**
 * The second password differs from the first in a way more typing cannot mend: it is as long and
 * not the same, or it already parts from the first. A second password still being typed (a start of
 * the first) is not flagged yet; `submitted` flags any difference.
 */
export function passwordsDiffer(first: string, second: string, submitted = false): boolean {
  if (second === '') return submitted && first !== '';
  if (submitted || second.length >= first.length) return first !== second;
  return !first.startsWith(second);
}

interface PasswordFieldsProps {
  labels: readonly [string, string];
  first: string;
  second: string;
  onFirst: (value: string) => void;
  onSecond: (value: string) => void;
  /** 'Пароли не совпадают' or 'Новые пароли не совпадают'. */
  mismatchText: string;
  /** The form was sent with the second field empty: what to do, rather than "they differ". */
  repeatText?: string;
  /** The form was sent: any difference is flagged, not only one that typing cannot mend. */
  submitted?: boolean;
  /** The password breaks the rules: the hint itself reads as the error (it is shown once). */
  hintIsError?: boolean;
}

/**
 * Two password fields (registration, a new password) with the spec's hint under them, shown once:
 * it turns into the error when the password breaks the rules. A second password that differs is
 * flagged while it is typed, not only when the form is sent.
 */
export function PasswordFields({
  labels,
  first,
  second,
  onFirst,
  onSecond,
  mismatchText,
  repeatText = mismatchText,
  submitted = false,
  hintIsError = false,
}: PasswordFieldsProps) {
  const id = useId();
  const mismatch = passwordsDiffer(first, second, submitted);
  return (
    <>
      <label>
        {labels[0]}
        <input
          type="password"
          autoComplete="new-password"
          value={first}
          aria-invalid={hintIsError || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onFirst(event.target.value)}
        />
      </label>
      <p id={`${id}-hint`} className={hintIsError ? 'error' : 'muted'} role={hintIsError ? 'alert' : undefined}>
        {messages.passwordHint}
      </p>
      <div className="field">
        <label>
          {labels[1]}
          <input
            type="password"
            autoComplete="new-password"
            value={second}
            aria-invalid={mismatch || undefined}
            aria-describedby={`${id}-match`}
            onChange={(event) => onSecond(event.target.value)}
          />
        </label>
        {/* Always in the page, so that a screen reader hears the flag when it appears. */}
        <p id={`${id}-match`} className="error field-error" aria-live="polite">
          {!mismatch ? '' : second === '' ? repeatText : mismatchText}
        </p>
      </div>
    </>
  );
}
