// The rule for text other people read (names, labels, reasons, the club's texts), as plain code
// without zod: the player app's forms import it, and the schemas (visible-text-schema.ts) apply it.
// docs/decisions/0075-text-that-reads-as-nothing.md gives the reasons.

/**
 * `line`: a name, a label or a reason, one line that people tell apart from others' (strict).
 * `prose`: the club's longer texts (court rules, contacts, an address), pasted from documents:
 * line breaks and tabs are theirs, and invisible characters inside are tolerated.
 */
export type TextKind = 'line' | 'prose';

/** What is wrong with a text: nothing in it can be seen, or it holds what it may not. */
export type TextProblem = 'empty' | 'unsafe';

/** How the text and its messages of one field go together (the field's schema and its form). */
export interface TextRule {
  kind: TextKind;
  /** At most this many characters (code points, as people count them). */
  max: number;
  /** An empty text is accepted (an address, the contacts); one that only looks empty is not. */
  optional?: boolean;
  /** Nothing visible in it (or not a string); for an optional field, only when not a string. */
  required?: string;
  /** A character it may not hold, or nothing visible in an optional field's text. */
  unsafe: string;
  tooLong: string;
}

/** At most this many combining marks on one character: Vietnamese needs two, Zalgo text dozens. */
export const MAX_MARKS_PER_CHARACTER = 3;

/** Direction marks, embeddings, overrides and isolates: refused in every text (they reorder what follows). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Controls (C0, C1, DEL), lone surrogates, line and paragraph separators. */
const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
const LINE_BREAK_OR_TAB = /[\t\n\r]/u;
/**
 * What reads as nothing: format characters (Cf: U+200B, U+00AD, U+2060, U+FEFF…), default-ignorable
 * code points (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, variation selectors, tags…) and the
 * braille blank U+2800, which fonts draw as an empty cell.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
const MARK = /\p{M}/u;
const SPACE = /\s/u;

const ZWNJ = '\u200c';
const ZWJ = '\u200d';
const VARIATION_SELECTOR = /[\ufe0e\ufe0f]/u;
const IDEOGRAPHIC_VARIATION_SELECTOR = /[\u{e0100}-\u{e01ef}]/u;
const TAG = /[\u{e0020}-\u{e007e}]/u;
const CANCEL_TAG = '\u{e007f}';
const BLACK_FLAG = '\u{1f3f4}';
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** What an emoji's zero width joiner may follow: the pictograph, its skin tone or its VS16. */
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]/u;
/** Scripts whose shaping the joiners change (Persian's ZWNJ, the Indic conjuncts after a virama). */
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}]/u;

/**
 * The invisible characters that belong where they stand: an emoji's joiner, presentation selector
 * and flag tags, a joiner inside a word of a joining script, an ideographic variation (Japanese names).
 */
function invisibleBelongs(characters: string[], index: number, inFlag: boolean): boolean {
  const character = characters[index]!;
  const before = characters[index - 1] ?? '';
  const after = characters[index + 1] ?? '';
  if (character === ZWJ && EMOJI_PART.test(before) && PICTOGRAPH.test(after)) return true;
  if ((character === ZWJ || character === ZWNJ) && JOINING_SCRIPT.test(before) && JOINING_SCRIPT.test(after))
    return true;
  if (VARIATION_SELECTOR.test(character)) return /\p{Emoji}/u.test(before);
  if (IDEOGRAPHIC_VARIATION_SELECTOR.test(character)) return /\p{Ideographic}/u.test(before);
  if (TAG.test(character) || character === CANCEL_TAG) return inFlag;
  return false;
}

interface Reading {
  /** Each character, and whether it may stay. */
  kept: boolean[];
  /** Something in it can be seen. */
  visible: boolean;
}

/** Reads the text once, character by character (code points). */
function read(characters: string[], kind: TextKind): Reading {
  const kept: boolean[] = [];
  let visible = false;
  let hasBase = false;
  let marks = 0;
  let inFlag = false;
  characters.forEach((character, index) => {
    let keep = true;
    if (BIDI.test(character)) keep = false;
    else if (CONTROL.test(character)) {
      keep = kind === 'prose' && LINE_BREAK_OR_TAB.test(character);
      hasBase = false;
    } else if (INVISIBLE.test(character)) {
      keep = invisibleBelongs(characters, index, inFlag) || kind === 'prose';
    } else if (MARK.test(character)) {
      marks += 1;
      keep = hasBase && marks <= MAX_MARKS_PER_CHARACTER;
    } else {
      hasBase = true;
      marks = 0;
      if (!SPACE.test(character)) visible = true;
    }
    // A flag's tags follow the black flag and end at the cancel tag.
    if (character === BLACK_FLAG) inFlag = true;
    else if (!TAG.test(character)) inFlag = false;
    kept.push(keep);
  });
  return { kept, visible };
}

/** The form every text is compared and stored in: trimmed, composed (NFC: «й» is one letter). */
export const normalText = (text: string): string => text.trim().normalize('NFC');

/**
 * What is wrong with the text, or null. `empty`: once invisible characters, spaces and marks are
 * left out nothing is there (U+200B, U+3164, U+2800 alone). `unsafe`: a direction control anywhere;
 * in a line, a control character or an invisible one that does not belong where it stands; more
 * than three combining marks on a character, or one with no character under it.
 */
export function textProblem(text: string, kind: TextKind = 'line'): TextProblem | null {
  const characters = [...normalText(text)];
  const { kept, visible } = read(characters, kind);
  if (!visible) return 'empty';
  return kept.every(Boolean) ? null : 'unsafe';
}

/** The field's message for the text as its schema reads it, or null: what a form shows under it. */
export function textRuleProblem(text: string, rule: TextRule): string | null {
  const normal = normalText(text);
  if (rule.optional && normal === '') return null;
  const problem = textProblem(normal, rule.kind);
  if (problem === 'empty') return rule.optional ? rule.unsafe : (rule.required ?? rule.unsafe);
  if (problem === 'unsafe') return rule.unsafe;
  // Characters as people count them (code points), as account-rules' characterCount does.
  return [...normal].length > rule.max ? rule.tooLong : null;
}

/**
 * A line from somewhere that is not a form (a VK ID or Yandex ID profile): what the rule refuses is
 * left out instead, until nothing is left to leave out; a text that reads as nothing becomes ''.
 */
export function cleanLine(text: string): string {
  let line = normalText(text);
  for (;;) {
    const characters = [...line];
    const { kept, visible } = read(characters, 'line');
    if (!visible) return '';
    const cleaned = normalText(characters.filter((_, index) => kept[index]).join(''));
    if (cleaned === line) return line;
    line = cleaned;
  }
}
