// The dashboard as an admin's browser shows it, for the Chromium journeys.
import assert from 'node:assert/strict';
import { artifacts } from './browser.mjs';
import { accessibilityProblems } from './axe.mjs';
import { registerAccount } from './api-client.mjs';
import { withDatabase } from './product.mjs';
import { until } from './wait.mjs';

/**
 * A Russian browser (the native date input follows its language) with Material UI's fades off: axe
 * would judge a half-transparent frame. A phone-sized viewport is a touch phone.
 */
export async function adminContext(browser, viewport) {
  const context = await browser.newContext({
    viewport,
    locale: 'ru-RU',
    ...(viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  await context.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
      document.head.append(style);
    }),
  );
  return context;
}

/**
 * Runs `steps(page, snap)` on the dashboard signed in as `admin` ({ email, password }), on a page of
 * `viewport`: `snap(screen)` saves `${name}-${screen}.png` and collects axe's findings, which must be
 * none; a failure leaves `${name}-FAILED.png`.
 */
export async function adminJourney({ browser, base, admin, name, viewport }, steps) {
  const context = await adminContext(browser, viewport);
  const page = await context.newPage();
  const problems = [];
  const snap = async (screen) => {
    await page.screenshot({ path: `${artifacts}/${name}-${screen}.png`, fullPage: false });
    problems.push(...(await accessibilityProblems(page)).map((line) => `${screen}: ${line}`));
  };
  try {
    await page.goto(`${base}/admin/`);
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Пароль').fill(admin.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByText('Игр сегодня').first().waitFor();
    await steps(page, snap);
    assert.deepEqual(problems, [], `accessibility problems (${name})`);
  } catch (failure) {
    await page.screenshot({ path: `${artifacts}/${name}-FAILED.png` }).catch(() => undefined);
    throw failure;
  } finally {
    await context.close();
  }
}

/**
 * The visible controls a finger presses (buttons, links drawn as buttons, menu items, tabs, selects)
 * shorter than `min` px, as lines ('button «Открыть»: 31 px'); none on a page that is fit for a phone.
 */
export function shortControls(page, min = 44) {
  return page.evaluate((least) => {
    const selector =
      'button, [role="button"], [role="menuitem"], [role="tab"], [role="combobox"], a.MuiButton-root, a.MuiIconButton-root';
    const visible = (element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !element.closest('[aria-hidden="true"]')
      );
    };
    // A select's combobox sits inside its field's outline: the field is what the finger presses.
    const pressed = (element) =>
      element.getAttribute('role') === 'combobox' ? (element.closest('.MuiInputBase-root') ?? element) : element;
    return [...document.querySelectorAll(selector)]
      .filter(visible)
      .map((element) => ({ element, height: pressed(element).getBoundingClientRect().height }))
      .filter(({ height }) => Math.round(height) < least)
      .map(({ element, height }) => {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        return `${element.getAttribute('role') ?? element.tagName.toLowerCase()} «${name}»: ${Math.round(height)} px`;
      });
  }, min);
}

/**
 * What hides the app bar's page title: '' when its whole text is on screen, drawn on top at every
 * point (no site switcher or button over it) and not cut short with an ellipsis; else why not.
 */
export function titleHidden(page) {
  return page.evaluate(() => {
    const title = document.getElementById('react-admin-title');
    const text = title?.textContent?.trim();
    if (!title || !text) return 'no title';
    if (title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1)
      return `«${text}» is cut short`;
    const range = document.createRange();
    range.selectNodeContents(title);
    for (const box of range.getClientRects()) {
      for (const x of [box.left + 2, (box.left + box.right) / 2, box.right - 2]) {
        const top = document.elementFromPoint(x, (box.top + box.bottom) / 2);
        if (top && !title.contains(top)) return `«${text}» is covered by ${top.tagName.toLowerCase()}.${top.className}`;
      }
      if (box.right > window.innerWidth || box.left < 0) return `«${text}» runs off the screen`;
    }
    return '';
  });
}

/**
 * axe's list rules (a list holds only items, an item sits in a list, a menu holds only menu items)
 * on the side menu, whatever their impact, as lines; none when its markup is sound. Call after a
 * `snap`, which brings axe onto the page.
 */
export function menuListProblems(page) {
  return page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const result = await axe.run(document.querySelector('.RaMenu-open, .RaMenu-closed'), {
      runOnly: { type: 'rule', values: ['list', 'listitem', 'aria-required-children', 'aria-required-parent'] },
    });
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
}

/** 'YYYY-MM-DD' as the dashboard's date fields show it: 'дд.мм.гггг' (docs/decisions/0099-one-format-per-kind.md). */
export const fieldDate = (date) => date.split('-').reverse().join('.');

/** Types `date` ('YYYY-MM-DD') into a dashboard date field as a person does: its digits, the dots put in by the field. */
export async function typeDate(field, date) {
  await field.fill('');
  await field.pressSequentially(fieldDate(date).replaceAll('.', ''));
}

/**
 * The club's owner for a test file: `account` registered through the real calls and promoted in the
 * database as admin:create does, once, on first use (the product is started by then).
 */
export function ownerOnce(env, account) {
  let ready;
  return () =>
    (ready ??= (async () => {
      await registerAccount(env.product, account);
      await withDatabase(env.product, (db) =>
        db.query(`UPDATE users SET role = 'owner' WHERE email = $1`, [account.email]),
      );
      return account;
    })());
}

/**
 * Switches the bookings page to its «День» or «Неделя» view as a person does, and waits until the
 * switch shows it chosen. Once in CI a click on «Неделя» made right after a booking left the day view
 * on screen for 30 s (the list was being refreshed by the booking's live update); a person whose
 * click does not take clicks again, and so does this, saying so in the test's output.
 */
export async function chooseBookingsView(page, name) {
  const button = page.getByRole('button', { name, exact: true });
  const chosen = () => button.getAttribute('aria-pressed').then((pressed) => pressed === 'true');
  await button.click();
  try {
    await until(chosen, `«${name}» chosen`, 5_000);
  } catch {
    console.log(`# the first click on «${name}» did not take; clicked again`);
    await button.click();
    await until(chosen, `«${name}» chosen after a second click`, 5_000);
  }
}
