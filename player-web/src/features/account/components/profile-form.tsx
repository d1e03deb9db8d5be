import { limits, messages, nameProblem, type ProfileDetail } from '@kort/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useToast } from '../../../components/ui/toasts';
import { errorOf } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { formatPhone, phoneDigits, phoneForApi } from '../../../lib/phone';
import { useEditProfile } from '../api/edit-profile';

/** Registration's rules, checked before the server (which checks them again): the text to show, or null. */
function problemOf(name: string, phone: string): { field: 'name' | 'phone'; text: string } | null {
  const nameWrong = nameProblem(name);
  if (nameWrong) return { field: 'name', text: nameWrong };
  const digits = phoneDigits(phone).length;
  if (digits > 0 && digits < 10) return { field: 'phone', text: messages.phoneInvalid };
  return null;
}

/**
 * The name and phone, editable: the phone in registration's mask, sent as '+7' and digits (or empty,
 * which removes it). `onDone` leaves the form, saved or not.
 */
export function ProfileForm({ me, onDone }: { me: ProfileDetail; onDone: () => void }) {
  const toast = useToast();
  const edit = useEditProfile();
  const [name, setName] = useState(me.name);
  const [phone, setPhone] = useState(me.phone_number ? formatPhone(me.phone_number) : '');
  const [problem, setProblem] = useState<{ field: 'name' | 'phone' | 'form'; text: string } | null>(null);
  const ids = { name: useId(), phone: useId(), hint: useId() };
  const nameField = useRef<HTMLInputElement>(null);
  // «Изменить» was pressed to change something: the first field takes the keyboard.
  useEffect(() => nameField.current?.focus(), []);

  function save(event: FormEvent) {
    event.preventDefault();
    const found = problemOf(name, phone);
    if (found) return setProblem(found);
    setProblem(null);
    edit.mutate(
      { name: name.trim(), phone_number: phoneForApi(phone) ?? '' },
      {
        onSuccess: () => (toast(ui.account.saved), onDone()),
        onError: (failure) => {
          const { text, errors } = errorOf(failure);
          // The server names the field it refused (`name` is not among the spec's field names).
          const field = errors.phone_number ? 'phone' : 'name' in errors ? 'name' : 'form';
          setProblem({ field, text });
        },
      },
    );
  }

  const errorFor = (field: 'name' | 'phone') =>
    problem?.field === field ? (
      <p id={`${ids[field]}-error`} className="error field-error" role="alert">
        {problem.text}
      </p>
    ) : null;

  return (
    <form className="profile-form" onSubmit={save} noValidate aria-label={ui.account.editTitle}>
      <div className="field">
        <label htmlFor={ids.name}>{ui.fields.name}</label>
        <input
          ref={nameField}
          id={ids.name}
          autoComplete="name"
          maxLength={limits.nameMaxLength}
          value={name}
          aria-invalid={problem?.field === 'name' || undefined}
          aria-describedby={problem?.field === 'name' ? `${ids.name}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {errorFor('name')}
      </div>
      <div className="field">
        <label htmlFor={ids.phone}>{ui.fields.phone}</label>
        <input
          id={ids.phone}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+7 (999) 999-99-99"
          value={phone}
          aria-invalid={problem?.field === 'phone' || undefined}
          aria-describedby={problem?.field === 'phone' ? `${ids.phone}-error ${ids.hint}` : ids.hint}
          onChange={(e) => setPhone(e.target.value ? formatPhone(e.target.value) : '')}
        />
        <p id={ids.hint} className="muted hint">
          {ui.account.phoneHint}
        </p>
        {errorFor('phone')}
      </div>
      {problem?.field === 'form' && (
        <p className="error" role="alert">
          {problem.text}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={edit.isPending}>
          {edit.isPending ? ui.wait : ui.account.save}
        </button>
        <button type="button" onClick={onDone} disabled={edit.isPending}>
          {ui.cancel}
        </button>
      </div>
    </form>
  );
}
