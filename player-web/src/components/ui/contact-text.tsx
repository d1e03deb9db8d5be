import { contactPieces } from '../../lib/contact-links';

/**
 * Free text an admin wrote (the club's contacts) with its phone numbers and e-mail addresses made
 * tappable: a phone at the court calls the club in one tap.
 */
export function ContactText({ text }: { text: string }) {
  return (
    <p className="pre">
      {contactPieces(text).map((piece, index) =>
        typeof piece === 'string' ? (
          piece
        ) : (
          <a key={index} href={piece.href}>
            {piece.text}
          </a>
        ),
      )}
    </p>
  );
}
