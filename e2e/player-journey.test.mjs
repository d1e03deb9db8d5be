// The player's whole week in the app served by `npm start`, on a phone and on a desktop (see
// support/player-journey.mjs). The phone scans the door's QR through Chromium's fake camera.
import { test } from 'node:test';
import { fakeCameraArgs } from './support/fake-camera.mjs';
import { playerJourney } from './support/player-journey.mjs';
import { artifacts, viewports } from './support/browser.mjs';
import { useProductAndBrowser } from './support/product.mjs';

// The browser's camera plays this file: the QR of the door code, written once the code is shown.
const camera = `${artifacts}/door-camera.y4m`;
const env = useProductAndBrowser({ chromiumArgs: fakeCameraArgs(camera) });
const journey = (name, viewport, court) => () =>
  playerJourney({ browser: env.browser, product: env.product, name, viewport, court, camera });

test(
  'a player registers, books, cancels, opens the door, ends the game, rents a shelf, changes the password, logs out (phone)',
  journey('phone', viewports.phone, 1),
);
test('the same week on a desktop', journey('desktop', viewports.desktop, 2));
