import { configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { screenWhere } from './support/media';

// jsdom has no matchMedia; Material UI's useMediaQuery asks it (answer: a desktop-sized screen).
if (!window.matchMedia) window.matchMedia = screenWhere(false);

// findBy and waitFor look until the condition holds: 5 s rather than 1 before they give up, for a CI
// machine running at a third of its speed (an idle one finds these in tens of milliseconds).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
