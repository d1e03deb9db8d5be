import { AGENT_ALARMS, ALERT_TITLES } from '@kort/contracts';

/** Russian texts of the debug panel. */
export const debugPanelTexts = {
  title: 'Отладка: тревоги',
  note: 'Агент на симуляторе (DRIVER=simulated): условия тревог создаются здесь, без оборудования',
  raise: 'Поднять',
  clear: 'Снять',
  noAnswer: 'Агент не ответил',
} as const;

/**
 * The debug panel of a simulated agent's door screen: a row per alarm with buttons that raise and
 * clear its condition (POST /debug/alarm). Folded to its title in a corner until opened, so it never
 * covers the keypad a player types on. Never rendered on real hardware.
 */
export function renderDebugPanel(): string {
  const rows = AGENT_ALARMS.map(
    (alarm) => `    <li data-row="${alarm}">
      <span>${ALERT_TITLES[alarm]}</span>
      <button type="button" data-alarm="${alarm}" data-on="1">${debugPanelTexts.raise}</button>
      <button type="button" data-alarm="${alarm}" data-on="0">${debugPanelTexts.clear}</button>
    </li>`,
  ).join('\n');
  return `<details id="debug">
  <summary><h2 id="debug-title">${debugPanelTexts.title}</h2></summary>
  <p class="note">${debugPanelTexts.note}</p>
  <ul>
${rows}
  </ul>
  <p id="debug-result" role="status" aria-live="polite"></p>
</details>`;
}

export const DEBUG_STYLE = `
  #debug { position: fixed; left: 2vw; bottom: 2vh; z-index: 2; max-width: 46vw; padding: 1.2vmin 1.6vmin; border-radius: 1.2vmin; background: rgba(29, 38, 49, 0.94); border: 1px solid #e0a458; font-size: 1.8vmin; cursor: auto; text-align: left; }
  #debug summary { cursor: pointer; color: #e0a458; }
  #debug h2 { display: inline; margin: 0; font-size: 2.2vmin; }
  #debug[open] summary { margin: 0 0 0.6vmin; }
  #debug .note { margin: 0 0 1vmin; color: #9aa7b4; }
  #debug ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.6vmin; }
  #debug li { display: grid; grid-template-columns: 1fr auto auto; gap: 0.8vmin; align-items: center; }
  #debug li.raised span { color: #ff6b6b; font-weight: 700; }
  #debug button { font: inherit; padding: 0.4vmin 1.2vmin; border: 0; border-radius: 0.8vmin; background: #26313d; color: #f2f5f8; }
  #debug button[data-on="1"] { background: #7d2f2f; }
  #debug-result { margin: 1vmin 0 0; min-height: 1.2em; }`;

/** Part of /display.js: the panel's buttons, and the raised alarms marked from /state.json. */
export const DEBUG_SCRIPT = `
  function debugAlarms(alarms) {
    document.querySelectorAll('#debug [data-row]').forEach((row) => {
      row.classList.toggle('raised', Array.isArray(alarms) && alarms.includes(row.dataset.row));
    });
  }
  const debugPanel = document.getElementById('debug');
  if (debugPanel) {
    debugPanel.addEventListener('click', async (event) => {
      const button = event.target.closest('button[data-alarm]');
      if (!button) return;
      const result = document.getElementById('debug-result');
      result.textContent = '…';
      try {
        const response = await fetch('/debug/alarm', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ alarm: button.dataset.alarm, on: button.dataset.on === '1' }),
        });
        const body = await response.json().catch(() => ({}));
        result.textContent = body.detail || String(response.status);
      } catch (error) {
        result.textContent = '${debugPanelTexts.noAnswer}';
      }
    });
  }`;
