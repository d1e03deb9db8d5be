// A guest without an account booked at the desk, on the product `npm start` runs, in Chromium, on a
// phone (390×844) and a desktop (1440×900): the day view's free hour opens the walk-in dialog, «Гость
// без аккаунта» asks for a name and a phone (the +7 mask), says in Russian what is missing, books the
// hour, and the day and week views show «Гость: Имя, +7 …» with no player page to open; on the
// desktop the desk cancels it again, asked without a letter promised. Screens go to
// e2e/artifacts/walk-in-guest-*.png and are checked with axe.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import contracts from '@kort/contracts';
import { adminJourney, chooseBookingsView, ownerOnce, shortControls } from './support/admin-pages.mjs';
import { viewports } from './support/browser.mjs';
import { clubDay } from './support/player-pages.mjs';
import { useProductAndBrowser, withDatabase } from './support/product.mjs';

const PASSWORD = 'Корт-2026-гость!';
const stamp = Date.now();

const env = useProductAndBrowser();

/** The club's owner, made once for the file. */
const admin = ownerOnce(env, { email: `guest-admin-${stamp}@example.com`, password: PASSWORD, name: 'Светлана' });

/**
 * On `size`, the club's `daysAhead` day: the desk books `court` at `hour`:00 for a guest named `name`
 * (phone typed as people dial it, 8 first), sees the game in the day and week views; with `cancel`,
 * cancels it from the day view.
 */
const guestJourney = async (size, { daysAhead, court, hour, name, cancel }) =>
  adminJourney(
    {
      browser: env.browser,
      base: env.product.base,
      admin: await admin(),
      name: `walk-in-guest-${size}`,
      viewport: viewports[size],
    },
    async (page, snap) => {
      const day = clubDay(daysAhead);
      const time = `${String(hour).padStart(2, '0')}:00`;
      await page.goto(`${env.product.base}/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ day }))}`);
      await page.getByRole('button', { name: `Записать игрока: Корт ${court}, ${time}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Записать игрока на корт' });
      await dialog.getByRole('radio', { name: 'Гость без аккаунта' }).check();
      // Nothing filled in: each field says what it needs, and nothing is booked.
      await dialog.getByRole('button', { name: 'Забронировать', exact: true }).click();
      await dialog.getByText(contracts.messages.guestNameRequired).waitFor();
      await dialog.getByText(contracts.messages.guestPhoneRequired).waitFor();
      await snap('errors');
      await dialog.getByRole('textbox', { name: 'Имя гостя' }).fill(name);
      const phone = dialog.getByRole('textbox', { name: 'Телефон гостя' });
      await phone.pressSequentially('89161234567');
      assert.equal(await phone.inputValue(), '+7 (916) 123-45-67');
      await dialog.getByText(/Гостю не придут ни письма, ни напоминания/).waitFor();
      // The dashboard's rule: 44 px for a finger on a phone (providers/theme.ts).
      if (size === 'phone') assert.deepEqual(await shortControls(page), [], 'controls a finger presses in the dialog');
      await snap('dialog');
      await dialog.getByRole('button', { name: 'Забронировать', exact: true }).click();
      await page.getByText(new RegExp(`^Корт забронирован: ${name}, Корт ${court}`)).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const guest = `Гость: ${name}, +7 (916) 123-45-67`;
      const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: time }) });
      const cell = row.getByRole('cell').filter({ hasText: guest });
      await cell.waitFor();
      assert.equal(await cell.getByRole('link').count(), 0, 'a guest has no player page');
      await page.locator('.MuiCircularProgress-root').waitFor({ state: 'detached' });
      // The notice of the booking sits at the foot of a phone's screen: the game is shown above it.
      await cell.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await snap('day');
      // Stored as a guest's game at the default site, with the phone as the API keeps phones.
      const {
        rows: [stored],
      } = await withDatabase(env.product, (db) =>
        db.query(
          `SELECT b.user_id, b.site_id, g.name, g.phone FROM bookings b JOIN guests g ON g.id = b.guest_id
            WHERE g.name = $1 AND b.cancelled_at IS NULL`,
          [name],
        ),
      );
      assert.deepEqual(stored, { user_id: null, site_id: 'default', name, phone: '+79161234567' });

      await chooseBookingsView(page, 'Неделя');
      await page.getByRole('region', { name: 'Игры недели по дням' }).getByText(guest).first().waitFor();
      await snap('week');
      await page.getByRole('button', { name: 'День', exact: true }).click();

      if (!cancel) return;
      await cell.getByRole('button', { name: 'Отменить' }).click();
      const confirm = page.getByRole('dialog', { name: 'Отменить игру гостя? Письма не будет: у гостя нет аккаунта' });
      await confirm.waitFor();
      await snap('cancel-confirm');
      await confirm.getByRole('button', { name: /Подтвердить|Да/ }).click();
      await cell.getByText('Отменена').waitFor();
      await page.getByRole('button', { name: `Записать игрока: Корт ${court}, ${time}` }).waitFor();
      await snap('cancelled');
    },
  );

test('on a phone the desk books a guest without an account on a free hour and sees it in the day and week', () =>
  guestJourney('phone', { daysAhead: 2, court: 1, hour: 14, name: 'Ирина Гостева', cancel: false }));

test('on a desktop the desk books a guest, sees it, and cancels it without a letter promised', () =>
  guestJourney('desktop', { daysAhead: 2, court: 2, hour: 15, name: 'Олег Гостев', cancel: true }));
