import { CSRF_HEADER, FleetError, fleetMessages } from '@kort/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { dataProvider } from '../src/providers/data-provider';
import { i18nProvider } from '../src/providers/i18n-provider';
import { ReleaseCreate } from '../src/resources/agent-releases/release-create';
import { fail, fakeServer, ok, type FakeServer, type Reply } from './support/fake-server';
import { release } from './support/releases';

// A new agent version: the bundle goes up as it is (gzip, with the CSRF header), a bar runs while it
// does, the API's refusal stays on the page in its words, and a version taken opens its page.

vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const bundle = () =>
  new File([new Uint8Array([0x1f, 0x8b, 8, 0])], 'kort-agent-1.5.0.tar.gz', { type: 'application/gzip' });

/** Where the page went (a done upload opens the release's page). */
function Where() {
  return <p>{`at ${useLocation().pathname}`}</p>;
}

function openCreate() {
  render(
    <TestMemoryRouter initialEntries={['/agent-releases/create']}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <ResourceContextProvider value="agent-releases">
          <Routes>
            <Route path="/agent-releases/create" element={<ReleaseCreate />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

/** What the page handed to fetch for the upload: its body and headers as sent. */
const uploadSent = () => {
  const calls = vi.mocked(fetch).mock.calls as unknown as [string, RequestInit][];
  const [, init] = calls.find(([url, init]) => url.startsWith('/api/admin/agent-releases') && init.method === 'POST')!;
  return { body: init.body, headers: new Headers(init.headers) };
};

test('a refused bundle: the API’s reason on the page, the file can be sent again', async () => {
  const user = userEvent.setup();
  server = fakeServer({
    'POST /api/admin/agent-releases': fail(422, fleetMessages.bundleUnsigned, FleetError.BundleUnsigned),
  });
  openCreate();
  const upload = await screen.findByRole<HTMLButtonElement>('button', { name: 'Загрузить' });
  expect(upload.disabled).toBe(true);
  const file = bundle();
  await user.upload(screen.getByLabelText('Файл пакета .tar.gz'), file);
  expect(screen.getByText('kort-agent-1.5.0.tar.gz')).toBeTruthy();
  await user.click(upload);

  expect((await screen.findByRole('alert')).textContent).toBe(fleetMessages.bundleUnsigned);
  // The bytes went as they are, as gzip, with the CSRF header.
  const sent = uploadSent();
  expect(sent.body).toBe(file);
  expect(sent.headers.get('Content-Type')).toBe('application/gzip');
  expect(sent.headers.get(CSRF_HEADER)).toBe('test.token');
  // Still here, ready to try again.
  expect(screen.queryByText(/^at /)).toBeNull();
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Загрузить' }).disabled).toBe(false);
});

test('while the bundle goes up a bar runs; a version taken opens its page', async () => {
  const user = userEvent.setup();
  let answer: (reply: Reply) => void = () => undefined;
  server = fakeServer({
    'POST /api/admin/agent-releases': () => new Promise<Reply>((resolve) => (answer = resolve)),
  });
  openCreate();
  await user.upload(await screen.findByLabelText('Файл пакета .tar.gz'), bundle());
  await user.click(screen.getByRole('button', { name: 'Загрузить' }));

  expect(await screen.findByRole('progressbar', { name: 'Пакет загружается…' })).toBeTruthy();
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Загрузить' }).disabled).toBe(true);
  answer(ok(release('1.5.0')));
  expect(await screen.findByText('at /agent-releases/1.5.0/show')).toBeTruthy();
});
