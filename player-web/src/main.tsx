import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstScreen } from './app/app';
import { reloadOnPreloadError } from './app/new-build';
import './styles.css';

// A tab opened before a deploy reloads once for the new build when a chunk is gone.
reloadOnPreloadError();
const root = document.getElementById('root');
if (root) {
  preloadFirstScreen();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
