import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadFirstScreen } from './app/app';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  preloadFirstScreen();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
