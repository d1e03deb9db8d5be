import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  AdminContext,
  Notification,
  ResourceContextProvider,
  TestMemoryRouter,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { i18nProvider } from '../../src/providers/i18n-provider';

/** Renders a piece of the dashboard as the app does: Russian texts, notifications on screen. */
export function renderInAdmin(
  ui: ReactNode,
  providers: { authProvider?: AuthProvider; dataProvider?: DataProvider } = {},
): RenderResult {
  return render(
    <AdminContext i18nProvider={i18nProvider} {...providers}>
      {ui}
      <Notification />
    </AdminContext>,
  );
}

/**
 * Renders one page of a resource at its browser path, as the app's map routes it: `/courts/2` with
 * `route` '/courts/:id' gives the edit page its record id. Other paths (a redirect after a save)
 * render nothing.
 */
export function renderPage(
  { resource, path, route }: { resource: string; path: string; route: string },
  page: ReactNode,
  dataProvider: DataProvider,
): RenderResult {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <Routes>
          <Route path={route} element={<ResourceContextProvider value={resource}>{page}</ResourceContextProvider>} />
          <Route path="*" element={null} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}
