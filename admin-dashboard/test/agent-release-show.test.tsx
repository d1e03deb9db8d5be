import { CSRF_HEADER, UPDATE_REASONS, type AdminAgentRelease, type RolloutBody } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { ReleaseShow } from '../src/resources/agent-releases/release-show';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { agentSite, release, rollout } from './support/releases';
import { renderPage } from './support/render';

// A release's page: the bundle's facts, the rollout's stages and progress, why it halted, every
// site's agent with the reason of each refusal and rollback; its actions send the rollout's PUT.

vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const sites = [
  agentSite('lesnaya', { state: 'current', version: '1.5.0' }),
  agentSite('morskaya', { state: 'refused', reason: UPDATE_REASONS.signature, online: false }),
  agentSite('sadovaya', { state: 'rolled-back', reason: `${UPDATE_REASONS.health}: порт 8080 не ответил` }),
];

/** The release's page; the API answers `first`, then what a PUT made of it. */
function openRelease(first: AdminAgentRelease, after: (body: RolloutBody) => AdminAgentRelease = () => first) {
  let now = first;
  server = fakeServer({
    [`GET /api/admin/agent-releases/${first.id}`]: () => ok(now),
    [`PUT /api/admin/agent-releases/${first.id}/rollout`]: ({ body }) => ok((now = after(body as RolloutBody))),
  });
  renderPage(
    { resource: 'agent-releases', path: `/agent-releases/${first.id}/show`, route: '/agent-releases/:id/show' },
    <ReleaseShow />,
    dataProvider,
  );
}

const puts = (version: string) => server.callsTo(`PUT /api/admin/agent-releases/${version}/rollout`);

test('the page reads the bundle, the stage it is at, its progress and each site’s agent with its reason', async () => {
  openRelease(release('1.5.0', { rollout: rollout(), sites }));
  expect(await screen.findByText('a3f9c2d41b7e…')).toBeTruthy();
  expect(screen.getByText('12,4 МБ')).toBeTruthy();
  expect(screen.getByText('Ольга Смирнова')).toBeTruthy();
  expect(screen.getByText('Сейчас: 25 % площадок')).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Обновлены 3 из 12' }).getAttribute('aria-valuenow')).toBe('25');
  expect(screen.getByText('Отказов: 1')).toBeTruthy();

  // The stages: 5 % done, 25 % the one it is at (the step's number in its icon aside).
  const stages = within(screen.getByRole('list', { name: 'Этапы выпуска' }))
    .getAllByRole('listitem')
    .map((step) => step.querySelector('.MuiStepLabel-label')!);
  expect(stages.map((label) => label.textContent)).toEqual(['5\u00a0%', '25\u00a0%', '50\u00a0%', '100\u00a0%']);
  expect(stages.map((label) => label.classList.contains('Mui-completed'))).toEqual([true, false, false, false]);
  expect(stages.map((label) => label.classList.contains('Mui-active'))).toEqual([false, true, false, false]);

  const table = within(screen.getByRole('table', { name: 'Площадки' }));
  const rows = table
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(rows).toEqual([
    ['Корт lesnaya', '1.5.0', '1.5.0', 'Обновлён', '—', '24.11.2026, 15:05'],
    ['Корт morskaya', '1.4.2', '1.5.0', 'Отказался', UPDATE_REASONS.signature, '24.11.2026, 15:05'],
    [
      'Корт sadovaya',
      '1.4.2',
      '1.5.0',
      'Откатился',
      'Новая версия не прошла проверку за 5 минут: порт 8080 не ответил',
      '24.11.2026, 15:05',
    ],
  ]);
  expect(table.getAllByRole('img', { name: 'На связи' })).toHaveLength(2);
  expect(table.getAllByRole('img', { name: 'Не на связи' })).toHaveLength(1);
});

test('«Начать выпуск» sends the first stage, or the stage chosen and «Принудительно»', async () => {
  const user = userEvent.setup();
  openRelease(release('1.5.0', { sites }));
  await user.click(await screen.findByRole('button', { name: 'Начать выпуск' }));
  await waitFor(() => expect(puts('1.5.0')).toHaveLength(1));
  expect(puts('1.5.0')[0]!.body).toEqual({ percent: 5 });
  // A state-changing call carries the CSRF header.
  expect(puts('1.5.0')[0]!.headers.get(CSRF_HEADER)).toBe('test.token');

  await user.click(screen.getByRole('combobox', { name: 'Первый этап' }));
  await user.click(await screen.findByRole('option', { name: '25\u00a0% площадок' }));
  await user.click(screen.getByRole('checkbox', { name: 'Принудительно, даже во время игры' }));
  await user.click(screen.getByRole('button', { name: 'Начать выпуск' }));
  await waitFor(() => expect(puts('1.5.0')).toHaveLength(2));
  expect(puts('1.5.0')[1]!.body).toEqual({ percent: 25, force: true });
});

test('a running rollout goes to its next stage or halts', async () => {
  const user = userEvent.setup();
  openRelease(release('1.5.0', { rollout: rollout(), sites }));
  await user.click(await screen.findByRole('button', { name: 'Следующий этап: 50\u00a0%' }));
  await waitFor(() => expect(puts('1.5.0')).toHaveLength(1));
  expect(puts('1.5.0')[0]!.body).toEqual({ percent: 50 });

  await user.click(screen.getByRole('button', { name: 'Остановить' }));
  await waitFor(() => expect(puts('1.5.0')).toHaveLength(2));
  expect(puts('1.5.0')[1]!.body).toEqual({ halt: true });
});

test('a halted rollout says why and resumes; once halted the page shows it without a reload', async () => {
  const user = userEvent.setup();
  const reason = 'Откатились 2 площадки из 3: больше 10 %';
  openRelease(release('1.5.0', { rollout: rollout(), sites }), () =>
    release('1.5.0', { rollout: rollout({ state: 'halted', halted_reason: reason }), sites }),
  );
  await user.click(await screen.findByRole('button', { name: 'Остановить' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe(`Выпуск остановлен${reason}`);
  expect(screen.getByText('Остановлен')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Остановить' })).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Продолжить' }));
  await waitFor(() => expect(puts('1.5.0')).toHaveLength(2));
  expect(puts('1.5.0')[1]!.body).toEqual({ resume: true });
});

test('«Откатить всем» asks first, naming the version the sites go back to, and only then rolls back', async () => {
  const user = userEvent.setup();
  openRelease(release('1.5.0', { rollout: rollout(), sites }));
  await user.click(await screen.findByRole('button', { name: 'Откатить всем' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Откатить всем на 1.4.2?' }));
  expect(dialog.getByText(/все площадки вернутся на версию 1\.4\.2/)).toBeTruthy();
  expect(puts('1.5.0')).toHaveLength(0);

  // Cancelled: nothing sent.
  await user.click(dialog.getByRole('button', { name: 'Отмена' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(puts('1.5.0')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Откатить всем' }));
  const again = within(await screen.findByRole('dialog', { name: 'Откатить всем на 1.4.2?' }));
  await user.click(again.getByRole('button', { name: 'Откатить всем' }));
  await waitFor(() => expect(puts('1.5.0')).toHaveLength(1));
  expect(puts('1.5.0')[0]!.body).toEqual({ rollback: true });
});

test('no rollback is offered when no release came before', async () => {
  openRelease(release('1.0.0', { rollout: rollout({ previous_version: null }), sites }));
  expect(await screen.findByRole('button', { name: 'Остановить' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Откатить всем' })).toBeNull();
});

test('a running rollout is read again every 5 s, so its progress moves without a reload', async () => {
  const running = release('1.5.0', { rollout: rollout(), sites });
  let reads = 0;
  server = fakeServer({
    'GET /api/admin/agent-releases/1.5.0': () => {
      reads += 1;
      if (reads === 1) return ok(running);
      return ok({ ...running, rollout: rollout({ progress: { ...running.rollout!.progress, current: 9 } }) });
    },
  });
  renderPage(
    { resource: 'agent-releases', path: '/agent-releases/1.5.0/show', route: '/agent-releases/:id/show' },
    <ReleaseShow />,
    dataProvider,
  );
  expect(await screen.findByRole('progressbar', { name: 'Обновлены 3 из 12' })).toBeTruthy();
  expect(await screen.findByRole('progressbar', { name: 'Обновлены 9 из 12' }, { timeout: 8_000 })).toBeTruthy();
});
