import { messages } from '@kort/contracts';
import { contactPieces } from './contact-links';
import { HELD_PINS_HINT, heldPinsIn, heldPinText, type PinStore } from './held-pins';

/**
 * The page the service worker answers a navigation with when the network gives nothing (sw.ts): the
 * phone at the door in a basement still shows today's door PINs and the club's contacts, as the app
 * kept them while it was online (offline-page-data.ts). Plain HTML with its style inline and no
 * script (the site's CSP allows no inline script): «Повторить» is a link to the same address.
 */
export const OFFLINE_CACHE = 'kort-offline';
export const OFFLINE_DATA_URL = '/offline-data.json';

export interface OfflineData {
  pins: PinStore;
  contacts: string | null;
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page for `url` with what `data` holds (null: nothing kept), judged at `nowMs`. */
export function offlinePageHtml(data: OfflineData | null, nowMs: number, url: string): string {
  const pins = heldPinsIn(data?.pins, nowMs);
  const pinSection = pins.length
    ? `<section class="pins" aria-label="Код для двери"><ul>${pins
        .map((pin) => `<li>${escape(heldPinText(pin))}</li>`)
        .join('')}</ul><p class="muted">${escape(HELD_PINS_HINT)}</p></section>`
    : '';
  const contacts = data?.contacts
    ? `<section class="contacts"><h2>Не получается? Свяжитесь с клубом</h2><p class="pre">${contactPieces(data.contacts)
        .map((piece) =>
          typeof piece === 'string' ? escape(piece) : `<a href="${escape(piece.href)}">${escape(piece.text)}</a>`,
        )
        .join('')}</p></section>`
    : `<p class="muted contacts">Если интернет работает, а приложение не открывается, попробуйте позже или позвоните администратору клуба.</p>`;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0f5132">
<title>Нет соединения — Корт</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2420;background:#f6f8f7}
header{background:#0f5132;color:#fff;padding:1rem;font-weight:700;font-size:1.15rem}
main{max-width:32rem;margin:0 auto;padding:2rem 1rem}
h1{font-size:1.4rem;line-height:1.3;text-align:center;margin:0 0 1.25rem}
h2{font-size:1.1rem;margin:0 0 .5rem}
.pins{margin:0 0 1.5rem;padding:.9rem 1rem;border-radius:.75rem;background:#eef6f1}
.pins ul{margin:0;padding:0;list-style:none;font-size:1.15rem;font-weight:600}
.muted{color:#4d5a53}
.pins p{margin:.4rem 0 0}
a.retry{display:block;text-align:center;padding:.8rem 1rem;border-radius:.6rem;background:#0f5132;color:#fff;text-decoration:none;font-weight:600;min-height:44px;box-sizing:border-box}
.contacts{margin-top:1.75rem;padding-top:1.25rem;border-top:1px solid #d5dbd8}
.pre{white-space:pre-line;margin:0;font-size:1.15rem}
.pre a{color:#0f5132}
</style>
</head>
<body>
<header>Корт</header>
<main>
<h1>${escape(messages.noConnection)}</h1>
${pinSection}
<a class="retry" href="${escape(url)}">Повторить</a>
${contacts}
</main>
</body>
</html>`;
}
