import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { EndSeriesButton } from '../src/resources/series/end-series-button';
import { dataProvider } from '../src/providers/data-provider';
import type { SeriesRecord } from '../src/lib/records';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { renderInAdmin } from './support/render';

// Ending a school's term: asked first, then DELETE; its word stays on a phone.

let server: FakeServer;
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
});

const term = { id: 5, user_id: 9, user_name: 'СШ «Олимп»' } as SeriesRecord;

test('«Завершить расписание» keeps its word on a phone, asks first, then ends the term', async () => {
  // A phone-sized screen: Material's "down('sm')" query matches (react-admin's own button would be an icon).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  server = fakeServer({ 'DELETE /api/admin/series/5': ok(term) });
  renderInAdmin(
    <ResourceContextProvider value="series">
      <RecordContextProvider value={term}>
        <EndSeriesButton />
      </RecordContextProvider>
    </ResourceContextProvider>,
    { dataProvider },
  );
  const button = screen.getByRole('button', { name: 'Завершить расписание' });
  expect(button.textContent).toBe('Завершить расписание');
  await userEvent.click(button);
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Завершить расписание школы «СШ «Олимп»»?')).toBeTruthy();
  expect(server.callsTo('DELETE /api/admin/series/5')).toHaveLength(0);
  await userEvent.click(dialog.getByRole('button', { name: 'Подтвердить' }));
  expect(await screen.findByText('Расписание завершено')).toBeTruthy();
  expect(server.callsTo('DELETE /api/admin/series/5')).toHaveLength(1);
});
