import type { ReactNode } from 'react';

const CONTACT = /(\+?\d[\d\s()-]{8,}\d)|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

/**
 * Free text an admin wrote (the club's contacts) with its phone numbers and e-mail addresses made
 * tappable: a phone at the court calls the club in one tap.
 */
export function ContactText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(CONTACT)) {
    const [found, phone] = match;
    parts.push(text.slice(last, match.index));
    const href = phone ? `tel:${found.replace(/[^\d+]/g, '')}` : `mailto:${found}`;
    parts.push(
      <a key={match.index} href={href}>
        {found}
      </a>,
    );
    last = match.index + found.length;
  }
  parts.push(text.slice(last));
  return <p className="pre">{parts}</p>;
}
