// The dashboard as an admin's browser shows it, for the Chromium journeys.
import assert from 'node:assert/strict';
import { artifacts } from './browser.mjs';
import { accessibilityProblems } from './axe.mjs';

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
