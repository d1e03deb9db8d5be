import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { Loading } from '../components/ui/loading';
import { RotateWarning } from '../components/ui/rotate-warning';
import { ErrorBoundary } from './error-boundary';
import { AppProvider } from './provider';
import { routes } from './route-map';

/** Every screen, behind the error screen (reset when the address changes). */
function Screens() {
  const { pathname } = useLocation();
  const screen = useRoutes(routes);
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>{screen}</Suspense>
    </ErrorBoundary>
  );
}

/** The app inside a router: the browser's (<App/>) or, at build time, the prerenderer's (first-paint.tsx). */
export function AppScreens({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider client={queryClient}>
      {/* First: in landscape it is a banner above the page, which flows on below it. */}
      <RotateWarning />
      <Screens />
    </AppProvider>
  );
}

/**
 * The player app (the spec's screens; its map is route-map.tsx); `queryClient`: the one start.tsx
 * preloaded answers into.
 */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <BrowserRouter>
      <AppScreens queryClient={queryClient} />
    </BrowserRouter>
  );
}
