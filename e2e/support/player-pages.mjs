// The player app as a player's browser shows it, for the Chromium journeys that set their scene
// through the API and then look: a signed-in page, the club's days, the way to a day's dial.
import assert from 'node:assert/strict';
import contracts from '@kort/contracts';
import { artifacts } from './browser.mjs';
import { accessibilityProblems } from './axe.mjs';

export const ZONE = 'Europe/Moscow'; // SITE_TIMEZONE's default, which `npm start` uses

/** 'YYYY-MM-DD' of the club's day `days` after today. */
export const clubDay = (days) => contracts.wallClock(new Date(Date.now() + days * 86_400_000), ZONE).date;

/** The club's `days`-ahead day at `hour`:00 as an ISO instant with the club's offset, as the API takes it. */
export function clubInstant(days, hour) {
  const day = new Date(Date.now() + days * 86_400_000);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' })
    .formatToParts(day)
    .find((part) => part.type === 'timeZoneName')
    .value.replace('GMT', '');
  return `${clubDay(days)}T${String(hour).padStart(2, '0')}:00:00${offset || '+00:00'}`;
}

/** The calendar button's accessible name starts like '29 ноября 2026' (whole words for a screen reader). */
export const dayName = (date) => {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${contracts.monthsGenitive[month - 1]} ${year}`;
};

/**
 * 'YYYY-MM-DD' as both apps write a day (docs/decisions/0099-one-format-per-kind.md): 'вс, 29
 * ноября', the year added only when it is not the club's current one.
 */
export const dayShort = (date) => {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = contracts.weekdaysShortIso[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7) - 1];
  const thisYear = Number(clubDay(0).slice(0, 4));
  return `${weekday}, ${day} ${contracts.monthsGenitive[month - 1]}${year === thisYear ? '' : ` ${year}`}`;
};

/** An instant as both apps write a moment: '30.11.2026, 14:00' on the club's clock. */
export const momentShort = (instant) => {
  const { date, hour, minute } = contracts.wallClock(instant, ZONE);
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}, ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
};

export const heading = (page, text) => page.getByRole('heading', { name: text, exact: true }).first().waitFor();

/**
 * A page of `browser` at `viewport` (a phone-sized one is a touch phone), signed in as `email` with
 * `password` through the login screens, with `run(page, snap)` inside it: `snap(screen)` saves
 * `${name}-${screen}.png` and collects axe's findings, which must be none; a failure leaves
 * `${name}-FAILED.png`.
 */
export async function asPlayer({ browser, base, name, viewport, email, password }, run) {
  const phone = viewport.width < 600;
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  const problems = [];
  const snap = async (screen) => {
    await page.screenshot({ path: `${artifacts}/${name}-${screen}.png` });
    problems.push(...(await accessibilityProblems(page)).map((line) => `${screen}: ${line}`));
  };
  try {
    await page.goto(`${base}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Далее' }).click();
    await page.getByLabel('Пароль').fill(password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await heading(page, 'Мои игры');
    await run(page, snap);
    assert.deepEqual(problems, [], 'accessibility problems on the screens');
  } catch (failure) {
    await page.screenshot({ path: `${artifacts}/${name}-FAILED.png` }).catch(() => undefined);
    throw failure;
  } finally {
    await context.close();
  }
}

/** From my games to the dial of `date`, through the calendar. */
export async function dialOf(page, date) {
  await page.getByRole('button', { name: 'Забронировать игру' }).click();
  await heading(page, 'Выберите дату');
  const settled = () => page.locator('table[role="grid"][aria-busy="false"]').waitFor();
  const day = page.getByRole('button', { name: new RegExp(`^${dayName(date)}`) });
  await settled();
  if (!(await day.isVisible())) {
    await page.getByRole('button', { name: 'Следующий месяц' }).click();
    await settled();
  }
  await day.click();
  await page.locator('.time-dial').waitFor();
}

/**
 * The visible buttons a toast lies over ('«Далее»'), none on a screen where messages keep clear of
 * the actions they report on.
 */
export function buttonsUnderToasts(page) {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll('.toast')].map((toast) => toast.getBoundingClientRect());
    const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return [...document.querySelectorAll('button, a.button')]
      .filter((button) => !button.closest('.toast'))
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && toasts.some((toast) => overlaps(box, toast));
      })
      .map((button) => `«${button.textContent.trim()}»`);
  });
}
