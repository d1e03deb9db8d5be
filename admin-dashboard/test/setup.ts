import { afterEach, vi } from 'vitest';
import { screenWhere } from './support/media';

// jsdom has no matchMedia; Material UI's useMediaQuery asks it (answer: a desktop-sized screen).
if (!window.matchMedia) window.matchMedia = screenWhere(false);

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});
