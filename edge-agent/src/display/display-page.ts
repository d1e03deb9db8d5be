import { type DisplayCode } from '../event-bus';
import { KORT_MARK_SVG } from './brand';
import { DEBUG_SCRIPT, DEBUG_STYLE, renderDebugPanel } from './debug-panel';
import { KEYPAD_SCRIPT, KEYPAD_STYLE, renderKeypad } from './keypad-view';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const NO_CODE_TEXT = 'Код появится здесь, когда игрок нажмёт «Открыть дверь»';

/** The part of the page that changes with the code; the script swaps it in place. */
export function renderScreen(display: DisplayCode | null, qrSvg: string | null): string {
  if (!display || !qrSvg) {
    return `<main id="screen" data-code=""><p class="idle">${NO_CODE_TEXT}</p></main>`;
  }
  const digits = [...display.code].map((digit) => `<span>${escape(digit)}</span>`).join('');
  return `<main id="screen" data-code="${escape(display.code)}" data-expires-at="${display.expiresAt}">
  <p class="hint">Код для входа</p>
  <div class="code" aria-label="Код ${escape(display.code)}">${digits}</div>
  <div class="qr">${qrSvg}</div>
  <p class="hint">Введите код на странице игры или отсканируйте QR-код</p>
  <p class="left" id="left"></p>
</main>`;
}

/**
 * The page's script, served as `/display.js`: the display's CSP (DISPLAY_CSP) allows scripts from
 * the agent's own origin only, so nothing injected into the page could run.
 */
export const DISPLAY_SCRIPT = `${KEYPAD_SCRIPT}${DEBUG_SCRIPT}
  // Polls the agent every second: the keypad while offline; when the code changes, fetches this page
  // again and swaps the screen.
  async function refresh() {
    try {
      const state = await (await fetch('/state.json', { cache: 'no-store' })).json();
      setOffline(state.offline);
      debugAlarms(state.alarms);
      document.body.classList.toggle('keypad', state.offline);
      // The keypad's prompt already says the link is down.
      document.getElementById('offline').style.display = state.connected || state.offline ? 'none' : 'block';
      const code = state.display ? state.display.code : '';
      if (code !== document.getElementById('screen').dataset.code) {
        const html = await (await fetch('/', { cache: 'no-store' })).text();
        const next = new DOMParser().parseFromString(html, 'text/html').getElementById('screen');
        if (next) document.getElementById('screen').replaceWith(next);
      }
    } catch (error) {
      document.getElementById('offline').style.display = 'block';
    }
    countdown();
  }
  function countdown() {
    const screen = document.getElementById('screen');
    const left = document.getElementById('left');
    if (!left || !screen.dataset.expiresAt) return;
    const seconds = Math.max(0, Math.round((Number(screen.dataset.expiresAt) - Date.now()) / 1000));
    left.textContent = 'Код действует ещё ' + Math.floor(seconds / 60) + ':' + String(seconds % 60).padStart(2, '0');
  }
  countdown();
  setInterval(refresh, 1000);
`;

/**
 * What the door page may do: its own script and state, inline styles (the page's `<style>` and
 * the script's display toggles), the QR as inline SVG. Never framed, no referrer.
 */
export const DISPLAY_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * A full-screen page for a kiosk browser at the door: no external assets, Russian text. Online it
 * shows the door code; offline (the agent cannot reach the API) the keypad instead. `debug`: the
 * alarms' debug panel of a simulated agent.
 */
export function renderPage(screen: string, offline = false, debug = false): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Корт — дверь</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  html, body { margin: 0; height: 100%; background: #10151c; color: #f2f5f8; font-family: system-ui, sans-serif; cursor: none; }
  main { min-height: 100%; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 3vh; text-align: center; padding: 2vh 4vw; box-sizing: border-box; }
  .idle { font-size: 4.5vmin; color: #9aa7b4; max-width: 70vw; line-height: 1.4; }
  .hint { font-size: 3.5vmin; color: #9aa7b4; margin: 0; }
  .code { display: flex; gap: 2vmin; }
  .code span { font-size: 20vmin; font-weight: 700; font-variant-numeric: tabular-nums; background: #1d2631; border-radius: 2vmin; padding: 0 3vmin; line-height: 1.2; }
  .qr { background: #fff; padding: 1.5vmin; border-radius: 1.5vmin; width: 32vmin; height: 32vmin; }
  .qr svg { width: 100%; height: 100%; display: block; }
  .left { font-size: 3vmin; color: #9aa7b4; margin: 0; min-height: 1.2em; }
  .brand { position: fixed; top: 2vh; left: 2vw; display: flex; align-items: center; gap: 1.2vmin; font-size: 3vmin; font-weight: 600; color: #c9d3dc; }
  .brand svg { width: 5vmin; height: 5vmin; }
  #offline { position: fixed; bottom: 2vh; right: 2vw; font-size: 2.2vmin; color: #e0a458; display: none; }
  body.keypad main { display: none; }${KEYPAD_STYLE}${debug ? DEBUG_STYLE : ''}
</style>
</head>
<body${offline ? ' class="keypad"' : ''}>
<div class="brand" aria-hidden="true">${KORT_MARK_SVG}<span>Корт</span></div>
${screen}
${renderKeypad(offline)}
${debug ? renderDebugPanel() : ''}
<p id="offline">Нет связи с сервером</p>
<script src="/display.js"></script>
</body>
</html>
`;
}
