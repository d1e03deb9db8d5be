import type { ReactNode } from 'react';
import './rules-text.css';

/** One piece of the club's rules as the text lays it out. */
export type RulesBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: { number: number; text: string }[] }
  | { kind: 'paragraph'; text: string };

const NUMBERED = /^(\d+)[.)]\s+(.*)$/;
/** A line of its own with no closing punctuation reads as a heading ("Правила пользования кортом"). */
const HEADING_MAX = 80;
const isHeading = (line: string) => line.length <= HEADING_MAX && !/[.,;:!?…]$/.test(line);

/**
 * The rules are plain text an admin writes (settings.court_rules): blank lines part blocks,
 * "1. …" lines make a numbered list, a short line on its own (or heading a list) is a heading, and
 * anything else a paragraph. A line that follows a numbered one without a blank line continues it.
 */
export function rulesBlocks(text: string): RulesBlock[] {
  const blocks: RulesBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    let list: { number: number; text: string }[] | null = null;
    let paragraph: string[] = [];
    const flushParagraph = () => {
      if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n') });
      paragraph = [];
    };
    lines.forEach((line, index) => {
      const numbered = NUMBERED.exec(line);
      if (numbered) {
        flushParagraph();
        if (!list) blocks.push({ kind: 'list', items: (list = []) });
        list.push({ number: Number(numbered[1]), text: numbered[2] ?? '' });
        return;
      }
      const last = list?.[list.length - 1];
      if (last) {
        last.text += `\n${line}`;
        return;
      }
      const alone = lines.length === 1;
      const headsList = index === 0 && lines.length > 1 && NUMBERED.test(lines[1] ?? '');
      if ((alone || headsList) && isHeading(line)) blocks.push({ kind: 'heading', text: line });
      else paragraph.push(line);
    });
    flushParagraph();
  }
  return blocks;
}

/** The club's rules with their headings, numbered lists and paragraphs (the page and the modal). */
export function RulesText({ text, headingLevel = 2 }: { text: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="rules-text">
      {rulesBlocks(text).map((block, index): ReactNode => {
        if (block.kind === 'heading') return <Heading key={index}>{block.text}</Heading>;
        if (block.kind === 'paragraph')
          return (
            <p key={index} className="pre">
              {block.text}
            </p>
          );
        return (
          <ol key={index} start={block.items[0]?.number}>
            {block.items.map((item) => (
              <li key={item.number} value={item.number} className="pre">
                {item.text}
              </li>
            ))}
          </ol>
        );
      })}
    </div>
  );
}
