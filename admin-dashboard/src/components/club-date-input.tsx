import { TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';
import { dateText, parseDateText } from '../lib/club-format';

/**
 * A date field that reads дд.мм.гггг whatever the browser's language: the browser's own date field
 * (`<input type="date">`, react-admin's DateInput) writes 11/30/2026 in an English Chromium. The
 * digits typed are masked into дд.мм.гггг; the value handed on is 'YYYY-MM-DD', or '' until the
 * text is a whole, real date (docs/decisions/0099-one-format-per-kind.md).
 */

/** Russian words of what is wrong with the text typed, or null when it is a date (or empty). */
export const DATE_TEXT_ERRORS = {
  incomplete: 'Введите дату полностью: дд.мм.гггг',
  invalid: 'Такой даты нет',
} as const;

/** '3011202' → '30.11.202': only digits, with the dots put in, at most дд.мм.гггг. */
export function maskDateText(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('.');
}

/** What the text typed means: a date ('YYYY-MM-DD'), nothing yet (''), or an error in Russian. */
export function readDateText(text: string): { value: string; error: string | null } {
  if (text === '') return { value: '', error: null };
  if (text.length < 10) return { value: '', error: DATE_TEXT_ERRORS.incomplete };
  const value = parseDateText(text);
  return value ? { value, error: null } : { value: '', error: DATE_TEXT_ERRORS.invalid };
}

type DateTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  /** Each change: the date ('YYYY-MM-DD', '' when emptied or not whole yet), the text, its problem. */
  onDate: (value: string, text: string, problem: string | null) => void;
};

/** A plain MUI field for a date (the day navigator, the statistics' period, ClubDateInput). */
export function DateTextField({ value, onDate, helperText, error, onBlur, ...rest }: DateTextFieldProps) {
  const [text, setText] = useState(() => (value ? dateText(value) : ''));
  const [touched, setTouched] = useState(false);
  // A date set from outside (an arrow, a reset) is shown; the text being typed is kept meanwhile.
  useEffect(() => {
    setText((shown) => (readDateText(shown).value === value ? shown : value ? dateText(value) : ''));
  }, [value]);
  // Said once the text is whole, or the field is left: not at every digit typed.
  const problem = touched || text.length === 10 ? readDateText(text).error : null;
  return (
    <TextField
      {...rest}
      value={text}
      error={Boolean(error) || problem !== null}
      helperText={problem ?? helperText}
      placeholder="дд.мм.гггг"
      onChange={(event) => {
        const next = maskDateText(event.target.value);
        setText(next);
        const read = readDateText(next);
        onDate(read.value, next, read.error);
      }}
      onBlur={(event) => {
        setTouched(true);
        onBlur?.(event);
      }}
      slotProps={{ ...rest.slotProps, htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off' } }}
    />
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * react-admin's DateInput, written дд.мм.гггг: the form's value stays 'YYYY-MM-DD' (null while the
 * text is not a whole, real date, so no preview reads half a date), and a half-typed or unreal date
 * keeps the form from saving, with its problem in Russian.
 */
export function ClubDateInput(props: InputProps & { helperText?: string; alwaysOn?: boolean }) {
  const { source, label, helperText, validate } = props;
  const problem = useRef<string | null>(null);
  const rules = [
    () => problem.current ?? undefined,
    ...(Array.isArray(validate) ? validate : validate ? [validate] : []),
  ];
  const { field, fieldState, isRequired } = useInput({ ...props, validate: rules });
  const iso = typeof field.value === 'string' && ISO_DATE.test(field.value) ? field.value.slice(0, 10) : '';
  const invalid = fieldState.invalid && fieldState.isTouched;
  return (
    <DateTextField
      id={field.name}
      name={field.name}
      size="small"
      value={iso}
      onDate={(date, _text, wrong) => {
        problem.current = wrong;
        field.onChange(date || null);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      error={invalid}
      helperText={<InputHelperText error={invalid ? fieldState.error?.message : undefined} helperText={helperText} />}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
