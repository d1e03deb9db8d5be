import { passwordProblem } from './account-rules';
import { emailSchema, nameSchema, optionalPhoneSchema } from './accounts';
import { messages } from './messages';

describe('passwordProblem (the spec rule, shared by the apps and the API)', () => {
  test.each([
    ['', messages.passwordRequired],
    ['Aa1!aaa', messages.passwordTooShort],
    ['aaaaaaa1!', messages.passwordWeak],
    ['AAAAAAA1!', messages.passwordWeak],
    ['Aaaaaaaa!', messages.passwordWeak],
    ['Aaaaaaaa1', messages.passwordWeak],
    ['Aaaaaaa1 ', messages.passwordWeak],
  ])('%j → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  test.each(['Aaaaaaa1!', 'Пароль-2026', 'пАРОЛЬ#1', `Aa1!${'x'.repeat(124)}`])('%j is good', (password) => {
    expect(passwordProblem(password)).toBeNull();
  });

  test('length counts characters, not UTF-16 units: 128 emoji-rich characters pass, 129 do not', () => {
    const base = `Aa1!${'😀'.repeat(124)}`;
    expect([...base]).toHaveLength(128);
    expect(passwordProblem(base)).toBeNull();
    expect(passwordProblem(`${base}😀`)).toBe(messages.passwordTooLong);
  });
});

describe('field schemas', () => {
  test('e-mails are trimmed and lowercased', () => {
    expect(emailSchema.parse('  Ivan.Petrov@Example.COM ')).toBe('ivan.petrov@example.com');
    expect(emailSchema.safeParse('ivan@').success).toBe(false);
  });

  test('addresses on Cyrillic domains are accepted, in one form however they are typed', () => {
    const canonical = 'игрок@пример.рф';
    expect(emailSchema.parse('Игрок@Пример.РФ')).toBe(canonical);
    expect(emailSchema.parse('игрок@xn--e1afmkfd.xn--p1ai')).toBe(canonical);
    expect(emailSchema.parse(' ИГРОК@ПРИМЕР.рф ')).toBe(canonical);
    // Decomposed "й" (и + combining breve) is the same letter as the composed one.
    expect(emailSchema.parse('сергеи\u0306@клуб.рф')).toBe('сергей@клуб.рф');
    expect(emailSchema.parse('anna@корт.москва')).toBe('anna@корт.москва');
  });

  test('what is not an address is refused with the form text', () => {
    for (const bad of [
      'игрок@',
      '@пример.рф',
      'игрок@пример',
      'a b@example.com',
      'ivan@exa_mple.com',
      'ivan@-bad-.ru',
      'ivan..p@example.com',
      'ivan@xn--zz.ru',
      'ivan@пример\u202e.рф',
    ]) {
      expect([bad, emailSchema.safeParse(bad).error?.issues[0]?.message]).toEqual([bad, messages.emailInvalid]);
    }
  });

  test('the phone is +7 and ten digits, and optional', () => {
    expect(optionalPhoneSchema.parse('+79991234567')).toBe('+79991234567');
    expect(optionalPhoneSchema.parse('')).toBeNull();
    expect(optionalPhoneSchema.parse(undefined)).toBeNull();
    expect(optionalPhoneSchema.safeParse('+7999123456').success).toBe(false);
    expect(optionalPhoneSchema.safeParse('+7 (999) 123-45-67').success).toBe(false);
  });

  test('the name is required and at most 25 characters', () => {
    expect(nameSchema.safeParse(' ').error?.issues[0]?.message).toBe(messages.nameRequired);
    expect(nameSchema.parse(' Анна ')).toBe('Анна');
    expect(nameSchema.safeParse('Ж'.repeat(26)).error?.issues[0]?.message).toBe(messages.nameTooLong);
  });

  test('names of any script are names; control and direction-override characters are refused', () => {
    for (const name of ['Анна-Мария', "Д'Артаньян", 'José Núñez', 'Łukasz', '李雷', 'Ольга 2']) {
      expect(nameSchema.parse(name)).toBe(name);
    }
    for (const name of ['Анна\u202eноиЗ', 'Глеб\u0000', 'Вера\nАдмин', 'Ира\u2066x\u2069', 'Петя\u200f']) {
      expect(nameSchema.safeParse(name).error?.issues[0]?.message).toBe(messages.nameUnsafe);
    }
  });
});
