import { waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, test } from 'vitest';
import { LoginPage } from '../src/features/auth/components/login-page';
import { defaultSite, fakeServer, ok, secondSite, socialProviders, type FakeServer } from './support/fake-server';
import { render } from './support/render';

// The front door's frame (auth-frame.tsx): the club's plan and what Kort is for, beside the form.

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

function renderLoginScreen() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const routes = (rest: Record<string, unknown> = {}) => ({ 'GET /api/auth/providers/': socialProviders(), ...rest });

test("the front door's plan and its first line follow the club's courts: one, two, five, or several clubs", async () => {
  const perk = () => document.querySelector('.door-perks li')?.textContent;
  const numbers = () => [...document.querySelectorAll('.court-map text')].map((number) => number.textContent);
  for (const [sites, said, drawn] of [
    [[{ ...defaultSite, courts: 1 }], 'Бронируйте корт на свободный час', ['1']],
    [[{ ...defaultSite, courts: 2 }], 'Бронируйте корт 1 или 2 на свободный час', ['1', '2']],
    [[{ ...defaultSite, courts: 5 }], 'Бронируйте любой из 5 кортов на свободный час', ['1', '2', '3', '4']],
    // Which club the visitor comes to is not known yet: no numbers, no count.
    [
      [
        { ...defaultSite, courts: 2 },
        { ...secondSite, courts: 3 },
      ],
      'Бронируйте корт на свободный час',
      [],
    ],
  ] as const) {
    server = fakeServer(routes({ 'GET /api/sites/': ok(sites) }));
    const { unmount } = renderLoginScreen();
    await waitFor(() => expect(server.callsTo('GET /api/sites/')).toHaveLength(1));
    await waitFor(() => expect([perk(), numbers()]).toEqual([said, drawn]));
    unmount();
  }
});
