import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './app';
import { loadClubZone } from './lib/club-time';

// Browser paths under /admin/ (the API answers index.html for every GET there).
const router = createBrowserRouter([{ path: '*', element: <App /> }], { basename: '/admin' });

// Dates are shown on the club's clock: its zone is read (one small public call) before the first render.
const root = document.getElementById('root');
if (root) {
  void loadClubZone().finally(() =>
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
}
