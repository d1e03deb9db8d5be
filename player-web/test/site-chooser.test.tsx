import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SiteError } from '@kort/contracts';
import { expect, test } from 'vitest';
import { defaultSite, fail, ok, profile, secondSite } from './support/fake-server';
import { game, loaded, profileScreen } from './support/profile-screen';
import { calendarReady, day, renderReserve, server } from './support/reserve-screen';

// «Площадка»: on an install with more than one club, the player's current one under My games'
// heading, and the way to another; with one club, nothing of it.
const screens = profileScreen();
const twoSites = { 'GET /api/sites/': ok([defaultSite, secondSite]) };

test('with one site there is no chooser, and the profile is not even asked for', async () => {
  screens.renderProfile(ok([game(1)]));
  await loaded();
  expect(screens.server.callsTo('GET /api/sites/')).toHaveLength(1);
  expect(screen.queryByRole('button', { name: /Площадка/ })).toBeNull();
  expect(screens.server.callsTo('GET /api/profile/')).toHaveLength(0);
  // Every game is at the player's club: the cards do not name it.
  expect(screen.queryByText('Основная площадка', { selector: '.game-site' })).toBeNull();
});

test('with two sites the current one is named; choosing the other posts it and asks everything again', async () => {
  const user = userEvent.setup();
  screens.renderProfile(ok([game(1)]), undefined, undefined, { ...twoSites, 'GET /api/profile/': profile() });
  await loaded();
  // The chooser reads the current site from the profile.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Площадка: Основная площадка' })).toBeTruthy());

  // The server now answers for the other site.
  screens.server.answer('POST /api/site/', ok(secondSite));
  screens.server.answer('GET /api/profile/', profile({ site: secondSite }));
  screens.server.answer('GET /api/give_contacts/', ok('Корт на Лесной: +7 (999) 444-55-66'));
  const ordersBefore = screens.server.callsTo('GET /api/my-orders/').length;

  await user.click(screen.getByRole('button', { name: 'Площадка: Основная площадка' }));
  const dialog = await screen.findByRole('dialog', { name: 'Выберите площадку' });
  const options = within(dialog)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  expect(options).toEqual(['Основная площадкавыбрана', 'Корт на Лесной']);
  await user.click(within(dialog).getByRole('button', { name: 'Корт на Лесной' }));

  await screen.findByRole('button', { name: 'Площадка: Корт на Лесной' });
  expect(screens.server.callsTo('POST /api/site/').map((call) => call.body)).toEqual([{ site_id: 'lesnaya' }]);
  expect(await screen.findByText('Площадка: Корт на Лесной')).toBeTruthy();
  // Every screen's answers are the new site's: asked again, the contacts shown are the new club's.
  expect(await screen.findByRole('link', { name: '+7 (999) 444-55-66' })).toBeTruthy();
  expect(screens.server.callsTo('GET /api/my-orders/').length).toBeGreaterThan(ordersBefore);
  expect(screen.queryByRole('dialog')).toBeNull();
  // The list of sites itself is not asked again.
  expect(screens.server.callsTo('GET /api/sites/')).toHaveLength(1);
});

test('a refused choice says why in Russian and keeps the current site', async () => {
  const user = userEvent.setup();
  screens.renderProfile(ok([]), undefined, undefined, {
    ...twoSites,
    'GET /api/profile/': profile(),
    'POST /api/site/': fail(404, 'Площадка не найдена', SiteError.NotFound),
  });
  await user.click(await screen.findByRole('button', { name: 'Площадка: Основная площадка' }));
  const dialog = await screen.findByRole('dialog', { name: 'Выберите площадку' });
  await user.click(within(dialog).getByRole('button', { name: 'Корт на Лесной' }));
  expect(await screen.findByText('Площадка не найдена')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Площадка: Основная площадка' })).toBeTruthy();
});

test('games at two sites name their site on each card', async () => {
  screens.renderProfile(
    ok([game(1), game(2, { site_id: 'lesnaya', site_name: 'Корт на Лесной', name: 1 })]),
    undefined,
    undefined,
    { ...twoSites, 'GET /api/profile/': profile() },
  );
  await loaded();
  const items = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(items.map((item) => item.querySelector('.game-site')?.textContent)).toEqual([
    'Основная площадка',
    'Корт на Лесной',
  ]);
});

test("on /reserve, another site's clock is read again: a day already over in Vladivostok is off", async () => {
  const user = userEvent.setup();
  // 14:30 UTC: 17:30 on Monday 23 November in Moscow, 00:30 on Tuesday the 24th in Vladivostok.
  renderReserve({
    ...twoSites,
    'GET /api/profile/': profile(),
    'GET /api/site_time/': ok({ time_zone: 'Europe/Moscow', now: '2026-11-23T14:30:00Z' }),
  });
  await calendarReady();
  expect(day('23 ноября 2026').disabled).toBe(false);

  server.answer('POST /api/site/', ok(secondSite));
  server.answer('GET /api/profile/', profile({ site: secondSite }));
  server.answer('GET /api/site_time/', ok({ time_zone: 'Asia/Vladivostok', now: '2026-11-23T14:30:00Z' }));
  await user.click(await screen.findByRole('button', { name: 'Площадка: Основная площадка' }));
  const dialog = await screen.findByRole('dialog', { name: 'Выберите площадку' });
  await user.click(within(dialog).getByRole('button', { name: 'Корт на Лесной' }));

  await screen.findByRole('button', { name: 'Площадка: Корт на Лесной' });
  await waitFor(() => expect(server.callsTo('GET /api/site_time/')).toHaveLength(2));
  await calendarReady();
  await waitFor(() => expect(day('23 ноября 2026').disabled).toBe(true));
  expect(day('24 ноября 2026').disabled).toBe(false);
  expect(server.strays).toEqual([]);
});
