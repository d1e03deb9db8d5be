import { toString as qrToSvg } from 'qrcode';

/**
 * What the door QR encodes: the player app's game page with the code, `<playerUrl>/game?door=0427`.
 * A link rather than the bare digits, so a phone's camera app opens the door modal with the code
 * filled; the app's own scanner takes the code out of the link (and still takes bare digits).
 */
export function doorLink(playerUrl: string, code: string): string {
  const url = new URL('game', playerUrl.endsWith('/') ? playerUrl : `${playerUrl}/`);
  url.searchParams.set('door', code);
  return url.toString();
}

/** The door QR as inline SVG (the kiosk loads nothing from elsewhere). */
export const doorQrSvg = (playerUrl: string, code: string): Promise<string> =>
  qrToSvg(doorLink(playerUrl, code), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
