const CONTACT = /(\+?\d[\d\s()-]{8,}\d)|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

/** A piece of the club's contacts: plain text, or a phone number or e-mail address with its link. */
export type ContactPiece = string | { text: string; href: string };

/**
 * Free text an admin wrote (the club's contacts) cut into text and tappable phone numbers and
 * e-mail addresses (`tel:`, `mailto:`): a phone at the court calls the club in one tap.
 */
export function contactPieces(text: string): ContactPiece[] {
  const pieces: ContactPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(CONTACT)) {
    const [found, phone] = match;
    pieces.push(text.slice(last, match.index));
    pieces.push({ text: found, href: phone ? `tel:${found.replace(/[^\d+]/g, '')}` : `mailto:${found}` });
    last = match.index + found.length;
  }
  pieces.push(text.slice(last));
  return pieces;
}
