import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Notification, type AuthProvider, type DataProvider } from 'react-admin';
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
