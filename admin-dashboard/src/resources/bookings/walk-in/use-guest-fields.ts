import { guestNameRule, messages, textRuleProblem } from '@kort/contracts';
import { useState } from 'react';
import { editedDigits, maskPhone } from './phone-mask';

export interface GuestFields {
  name: string;
  setName: (name: string) => void;
  /** The phone as the field shows it, «+7 (916) 123-45», and its edit. */
  phoneText: string;
  typePhone: (text: string) => void;
  /** What is wrong with each field (the API's own rules), said once the field was left or a booking tried. */
  nameProblem: string | null;
  phoneProblem: string | null;
  leave: (field: 'name' | 'phone') => void;
  /** Shows every problem (a booking tried); true when there is none. */
  check: () => boolean;
  /** The body's `guest` once both fields are right. */
  guest: { name: string; phone: string } | null;
}

/** A guest's name and phone as the dialog collects them, checked by the rules the API applies. */
export function useGuestFields(): GuestFields {
  const [name, setName] = useState('');
  const [digits, setDigits] = useState('');
  const [left, setLeft] = useState({ name: false, phone: false });
  const nameProblem = textRuleProblem(name, guestNameRule);
  const phoneProblem =
    digits.length === 0 ? messages.guestPhoneRequired : digits.length < 10 ? messages.phoneInvalid : null;
  return {
    name,
    setName,
    phoneText: maskPhone(digits),
    typePhone: (text) => setDigits((previous) => editedDigits(previous, text)),
    nameProblem: left.name ? nameProblem : null,
    phoneProblem: left.phone ? phoneProblem : null,
    leave: (field) => setLeft((fields) => ({ ...fields, [field]: true })),
    check: () => {
      setLeft({ name: true, phone: true });
      return !nameProblem && !phoneProblem;
    },
    guest: nameProblem || phoneProblem ? null : { name: name.trim(), phone: `+7${digits}` },
  };
}
