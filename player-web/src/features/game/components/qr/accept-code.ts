/**
 * Pause between two scan attempts (spec: "QR scan delay 300 ms"). Decoding a frame is the costly
 * part on a phone; a third of a second is still quicker than a person can notice.
 */
export const SCAN_DELAY_MS = 300;

/**
 * A scanned QR is accepted only if its text is exactly four ASCII digits (spec). Nothing is trimmed
 * or converted: the door screen encodes the bare code, so anything else (a link, a stray newline,
 * full-width digits) is some other QR and must not be sent as a door code.
 */
export function acceptScannedCode(text: string): string | null {
  return /^[0-9]{4}$/.test(text) ? text : null;
}
