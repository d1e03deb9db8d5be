import { keypadMessages, OFFLINE_PIN_LENGTH } from '@kort/contracts';

/**
 * The door screen's keypad while the agent cannot reach the API. Digits are shown as dots: the
 * screen is large and readable from across the hall, and a PIN opens the door for the whole of its
 * game's window, so whoever queues behind the player must not be able to read it off the screen. The
 * dots still show how many digits were typed, and erase fixes a slip.
 */
export function renderKeypad(offline: boolean): string {
  const digit = (key: string) => `<button type="button" data-key="${key}" aria-label="${key}">${key}</button>`;
  return `<section id="keypad" aria-label="Ввод кода"${offline ? '' : ' hidden'}>
  <p class="prompt">${keypadMessages.prompt}</p>
  <div id="keypad-digits" class="digits" aria-label="Введено цифр: 0"></div>
  <div class="keys">
    ${['1', '2', '3', '4', '5', '6', '7', '8', '9'].map(digit).join('\n    ')}
    <button type="button" data-key="erase" aria-label="Стереть" class="erase">⌫</button>
    ${digit('0')}
    <button type="button" data-key="open" aria-label="Открыть" class="open">Открыть</button>
  </div>
  <p id="keypad-result" role="status" aria-live="polite"></p>
</section>`;
}

export const KEYPAD_STYLE = `
  [hidden] { display: none !important; }
  #keypad { min-height: 100%; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 2.5vh; padding: 2vh 4vw; box-sizing: border-box; text-align: center; cursor: auto; }
  #keypad .prompt { font-size: 4vmin; margin: 0; max-width: 80vw; line-height: 1.3; }
  #keypad .digits { display: flex; gap: 1.5vmin; min-height: 9vmin; }
  #keypad .digits span { width: 7vmin; height: 9vmin; border-radius: 1.2vmin; background: #1d2631; font-size: 6vmin; line-height: 9vmin; }
  #keypad .keys { display: grid; grid-template-columns: repeat(3, 17vmin); gap: 1.8vmin; }
  #keypad button { height: 12vmin; font-size: 6vmin; border: 0; border-radius: 2vmin; background: #26313d; color: #f2f5f8; font-family: inherit; touch-action: manipulation; }
  #keypad button:active { background: #3a4858; }
  #keypad button.open { font-size: 3vmin; font-weight: 700; background: #2f7d4f; }
  #keypad button:disabled { opacity: 0.5; }
  #keypad-result { font-size: 3.6vmin; margin: 0; min-height: 1.3em; max-width: 80vw; }
  #keypad-result.ok { color: #5fd08a; }
  #keypad-result.error { color: #ff6b6b; }`;

/** Runs in the kiosk browser: collects the digits, posts them, shows the answer's `detail`. */
export const KEYPAD_SCRIPT = `
  const PIN_LENGTH = ${OFFLINE_PIN_LENGTH};
  let typed = '';
  let sending = false;
  function keypadResult(text, ok) {
    const result = document.getElementById('keypad-result');
    result.textContent = text;
    result.className = text ? (ok ? 'ok' : 'error') : '';
  }
  function showDigits() {
    const digits = document.getElementById('keypad-digits');
    const slots = Math.max(PIN_LENGTH, typed.length);
    digits.innerHTML = Array.from({ length: slots }, (_, i) => '<span>' + (i < typed.length ? '•' : '') + '</span>').join('');
    digits.setAttribute('aria-label', 'Введено цифр: ' + typed.length);
  }
  async function submit() {
    if (!typed || sending) return;
    const pin = typed;
    typed = '';
    sending = true;
    showDigits();
    document.querySelectorAll('#keypad button').forEach((button) => (button.disabled = true));
    try {
      const response = await fetch('/unlock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pin }),
      });
      const body = await response.json().catch(() => ({}));
      keypadResult(body.detail || 'Не получилось, попробуйте ещё раз', response.status === 200);
    } catch (error) {
      keypadResult('Экран не связан с замком, попробуйте ещё раз', false);
    } finally {
      sending = false;
      document.querySelectorAll('#keypad button').forEach((button) => (button.disabled = false));
    }
  }
  function press(key) {
    if (sending) return;
    if (/^[0-9]$/.test(key)) {
      if (typed.length < PIN_LENGTH) typed += key;
      keypadResult('');
    } else if (key === 'erase') {
      typed = typed.slice(0, -1);
    } else if (key === 'open') {
      submit();
    }
    showDigits();
  }
  function setOffline(offline) {
    const keypad = document.getElementById('keypad');
    if (keypad.hidden === !offline) return;
    keypad.hidden = !offline;
    typed = '';
    keypadResult('');
    showDigits();
  }
  document.getElementById('keypad').addEventListener('click', (event) => {
    const button = event.target.closest('[data-key]');
    if (button) press(button.dataset.key);
  });
  document.addEventListener('keydown', (event) => {
    if (document.getElementById('keypad').hidden) return;
    if (/^[0-9]$/.test(event.key)) press(event.key);
    else if (event.key === 'Backspace') press('erase');
    else if (event.key === 'Enter') press('open');
  });
  showDigits();`;
