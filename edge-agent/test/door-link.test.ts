import { create } from 'qrcode';
import { doorLink, doorQrSvg } from '../src/display/door-link';

test("the door QR is a link to the player app's game page with the code, whatever the address's trailing slash", () => {
  expect(doorLink('https://kort.example.ru', '0427')).toBe('https://kort.example.ru/game?door=0427');
  expect(doorLink('https://kort.example.ru/', '0427')).toBe('https://kort.example.ru/game?door=0427');
  // An app served under a path keeps it.
  expect(doorLink('https://club.example.ru/kort', '9001')).toBe('https://club.example.ru/kort/game?door=9001');
});

test('the QR carries exactly that link (a phone camera reads what is encoded)', async () => {
  const link = doorLink('http://127.0.0.1:3000', '0427');
  const segments = create(link, { errorCorrectionLevel: 'M' }).segments as unknown as { data: Uint8Array }[];
  expect(Buffer.concat(segments.map((segment) => Buffer.from(segment.data))).toString()).toBe(link);
  expect(await doorQrSvg('http://127.0.0.1:3000', '0427')).toMatch(/^<svg /);
});
