import { lazy, Suspense, type ComponentProps } from 'react';
import { Loading, type LayoutProps } from 'react-admin';

// The login page is the first screen: what only a signed-in admin sees (the app bar, the menu, the
// error page) is loaded once they are in, not before (STACK-NOTES.md item 11).
const KortLayout = lazy(() => import('./layout').then((module) => ({ default: module.KortLayout })));
const ErrorPage = lazy(() => import('react-admin').then((module) => ({ default: module.Error })));

export function LazyLayout(props: LayoutProps) {
  return (
    <Suspense fallback={<Loading />}>
      <KortLayout {...props} />
    </Suspense>
  );
}

export function LazyErrorPage(props: ComponentProps<typeof ErrorPage>) {
  return (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  );
}
