import {
  checkArgument,
  checkOptionKeys,
  checkOptions,
  replaceRuns,
  runClass,
  stripInvisible,
} from '@gk/internal';
import { assertPassages } from './invalid-passage-error.js';
import { refuseUnreadable } from './refuse-unreadable.js';
import type { Passage } from '../types.js';

/** Options for {@link formatSources}. */
export interface FormatSourcesOptions {
  /** `'numbers'` (default) renders `[1] Title`; `'handles'` renders `[S1] Title` for structured output. */
  style?: 'numbers' | 'handles';
}

// C0 and C1 controls except whitespace, and DEL; invisible characters go by the one shared definition. Both are
// what the verifier's normalisation drops, so a sentence copied from the prompt still matches its passage.
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;
// Vertical tab, form feed and NEL break text like a newline; in the prompt they become one.
const LINE_BREAKS = /[\u000b\u000c\u0085]/g;
const FULL_WIDTH_BRACKETS = /[\uff3b\uff3d]/g;

/**
 * Renders passages as a numbered source list for a prompt (`[1] title\ntext`, blank line between sources).
 * Text is sanitised for the prompt only: controls, bidi and zero-width characters are removed and anything
 * shaped like a source header or marker (`[7]`, `[1, 2]`, `[2 and 4]`, `[S3]`) gets parentheses, so a passage cannot forge a source.
 * Citations are unaffected: they are built from the passages, never from this text.
 */
export function formatSources(passages: readonly Passage[], options: FormatSourcesOptions = {}): string {
  checkOptions(options);
  // The passages as checked, each field read once (a getter cannot pass the check and be shown as another value),
  // then the options, read once.
  let copies: readonly Passage[] | undefined;
  let style: unknown;
  try {
    copies = assertPassages(passages);
    checkOptionKeys(options, ['style']);
    ({ style } = options);
  } catch (cause) {
    const what = copies ? 'options' : 'passages';
    refuseUnreadable(cause, what, what);
  }
  checkArgument(
    style === undefined || style === 'numbers' || style === 'handles',
    'options.style',
    "'numbers' or 'handles'",
    style,
  );
  const prefix = style === 'handles' ? 'S' : '';
  return copies
    .map((passage, index) => {
      // The title, else the document id, else a placeholder: always sanitised, on one line.
      const heading = headingOf(passage.title) || headingOf(passage.documentId) || 'untitled';
      return `[${prefix}${index + 1}] ${heading}\n${sanitize(passage.text)}`;
    })
    .join('\n\n');
}

// Read by searches: `\s+` overflowed V8's stack on a title of millions of spaces where it does not optimize a regular
// expression (in a process that has compiled many).
const WHITESPACE = runClass('\\s');

function headingOf(text: string | undefined): string {
  return text === undefined ? '' : replaceRuns(sanitize(text), WHITESPACE, ' ').trim();
}

/**
 * Removes controls and invisible characters (before anything else, so `[` soft hyphen `2]` reads as `[2]`, as the
 * verifier reads it) and neutralises bracketed look-alikes of source headers and markers.
 */
export function sanitize(text: string): string {
  // A soft hyphen at a line break joins one word across it, as the verifier reads it: shown joined (`ineffective`,
  // not `in` and `effective` on two lines), so a quotation of it is the word the verifier finds.
  const visible = stripInvisible(text.replace(SOFT_BREAK, ''))
    .replace(/\r\n?/g, '\n')
    .replace(LINE_BREAKS, '\n')
    .replace(CONTROLS, '')
    .replace(FULL_WIDTH_BRACKETS, (b) => (b === '\uff3b' ? '(' : ')'));
  return neutralizeBrackets(visible);
}

const SOFT_BREAK =
  /(?<=[\p{L}\p{N}\p{M}])\u00ad[^\S\n\r\u2028\u2029]*?(?:\r\n?|[\n\u2028\u2029\u0085])[^\S\n\r\u2028\u2029]*?(?=[\p{L}\p{N}\p{M}])/gu;

const isSpace = (code: number): boolean => code === 0x20 || code === 0x09 || code === 0xa0;
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isSeparator = (code: number): boolean =>
  code === 0x2c || code === 0x3b || code === 0x2d || code === 0x2013;

/** The word `and` between spaces at `i`. */
const isAndWord = (text: string, i: number): boolean =>
  isSpace(text.charCodeAt(i - 1)) && text.startsWith('and', i) && isSpace(text.charCodeAt(i + 3));

/**
 * `[` spaces? (S|s)? digit (digits | spaces | , ; - – | S | the word `and`)* `]` becomes `(...)`; linear, no
 * backtracking.
 */
function neutralizeBrackets(text: string): string {
  let out = '';
  let cursor = 0;
  let open = text.indexOf('[');
  while (open !== -1) {
    let i = open + 1;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    let sawDigit = false;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (isDigit(code)) sawDigit = true;
      else if (isAndWord(text, i))
        i += 2; // `[2 and 4]`, which parseMarkers reads as a list
      else if (!(isSpace(code) || isSeparator(code) || code === 0x53 || code === 0x73)) break;
      i++;
    }
    if (sawDigit && i < text.length && text.charCodeAt(i) === 0x5d) {
      out += `${text.slice(cursor, open)}(${text.slice(open + 1, i)})`;
      cursor = i + 1;
      open = text.indexOf('[', cursor);
    } else {
      open = text.indexOf('[', i > open ? i : open + 1);
    }
  }
  return cursor === 0 ? text : out + text.slice(cursor);
}
