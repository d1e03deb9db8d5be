import { expect, test } from 'vitest';
import { formatPhone, phoneForApi } from '../src/lib/phone';

test.each([
  ['9', '+7 (9'],
  ['999', '+7 (999)'],
  ['9991234', '+7 (999) 123-4'],
  ['9991234567', '+7 (999) 123-45-67'],
  ['+7 (999) 123-45-678', '+7 (999) 123-45-67'],
  ['89991234567', '+7 (999) 123-45-67'],
])('the mask shows %j as %j', (typed, shown) => {
  expect(formatPhone(typed)).toBe(shown);
});

test('sent as + and digits only, and only when digits were typed', () => {
  expect(phoneForApi('+7 (999) 123-45-67')).toBe('+79991234567');
  expect(phoneForApi('')).toBeUndefined();
  expect(phoneForApi('+7 (')).toBeUndefined();
});

/** What the field shows after each key, as the forms feed it (an emptied field stays empty). */
function typedKeyByKey(keys: string): string {
  let field = '';
  for (const key of keys) field = field + key ? formatPhone(field + key) : '';
  return field;
}

test.each([
  ['89161234567', '+7 (916) 123-45-67'],
  ['+79161234567', '+7 (916) 123-45-67'],
  ['79161234567', '+7 (916) 123-45-67'],
  ['9161234567', '+7 (916) 123-45-67'],
  ['8 916 123 45 67', '+7 (916) 123-45-67'],
  // A number whose code starts with 8 (St Petersburg's 812): the country code first, then the number.
  ['88123456789', '+7 (812) 345-67-89'],
  ['+78123456789', '+7 (812) 345-67-89'],
])('typed key by key, %j is %j: a leading 8 or +7 is the country code', (keys, shown) => {
  const field = typedKeyByKey(keys);
  expect(field).toBe(shown);
  expect(phoneForApi(field)).toBe(`+7${shown.replace(/\D/g, '').slice(1)}`);
});

test.each([
  ['89161234567', '+7 (916) 123-45-67'],
  ['+7 916 123-45-67', '+7 (916) 123-45-67'],
  ['8 (916) 123-45-67', '+7 (916) 123-45-67'],
  ['8123456789', '+7 (812) 345-67-89'], // ten digits: the whole number
  ['+78123456789', '+7 (812) 345-67-89'], // as the API stores it
  ['+79161234567', '+7 (916) 123-45-67'],
])('pasted or stored, %j is shown as %j', (text, shown) => {
  expect(formatPhone(text)).toBe(shown);
});

test('the field empties key by key: the country code alone goes with one more key', () => {
  expect(formatPhone('8')).toBe('+7 (');
  expect(formatPhone('+7 ')).toBe(''); // a backspace after «+7 (»
  expect(phoneForApi('+7 (')).toBeUndefined();
});
