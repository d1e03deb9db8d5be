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
