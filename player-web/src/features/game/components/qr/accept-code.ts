/**
 * Pause between two scan attempts (spec: "QR scan delay 300 ms"). Decoding a frame is the costly
 * part on a phone; a third of a second is still quicker than a person can notice.
 */
export const SCAN_DELAY_MS = 300;

const DOOR_CODE = /^[0-9]{4}$/;

/**
 * The door code a scanned QR carries, or null. Exactly four ASCII digits (the spec's QR), or the
 * door screen's link to the app, `…/game?door=0427`, which a phone's camera opens as well. Nothing is
 * trimmed or converted: anything else (another link, a stray newline, full-width digits) is some
 * other QR and must not be sent as a door code.
 */
export function acceptScannedCode(text: string): string | null {
  if (DOOR_CODE.test(text)) return text;
  if (!/^https?:\/\//.test(text) || !URL.canParse(text)) return null;
  const link = new URL(text);
  const code = link.searchParams.get('door');
  return /\/game\/?$/.test(link.pathname) && code !== null && DOOR_CODE.test(code) ? code : null;
}
