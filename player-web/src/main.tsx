import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstScreen } from './app/app';
import { reloadOnPreloadError } from './app/new-build';
import { createQueryClient } from './app/query-client';
import './styles.css';

// A tab opened before a deploy reloads once for the new build when a chunk is gone.
reloadOnPreloadError();
const root = document.getElementById('root');
if (root) {
  const queryClient = createQueryClient();
  preloadFirstScreen(queryClient);
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
