// How many bracket groups of each form a text collection holds, and how many of each the marker grammar reads:
// the current parseMarkers against the grammar before lists joined by `and` were read.
import { formatSources, parseMarkers } from '../src/index.js';

/** The forms a bracket group takes, in report order. */
export const MARKER_FORMS = [
  'single number `[n]`',
  'list with `,` or `;` (`[1, 2]`)',
  'list with `and` (`[2 and 4]`, `[1, 2, and 3]`)',
  'range (`[1-3]`, read only with `ranges: true`)',
  'digits without a letter, other (`[3:16]`, `[ 1 2 ]`)',
  'with a letter (`[EMIM]`, `[sic]`, `[ 2 quoted words ]`)',
  'neither digit nor letter (`[…]`)',
] as const;

export type MarkerForm = (typeof MARKER_FORMS)[number];

/** Per form: groups found, read as markers by the grammar before `and` lists, read as markers now. */
export type MarkerFormCounts = Record<MarkerForm, { found: number; before: number; now: number }>;

const SP = '[ \\t\\u00a0]';
// The marker grammar before lists joined by `and` were read (ranges off), kept here to report the difference.
const PREVIOUS_GRAMMAR = new RegExp(`^\\[${SP}*\\d+(?:${SP}*[,;]${SP}*\\d+)*${SP}*\\]$`);
const SINGLE = new RegExp(`^\\[${SP}*\\d+${SP}*\\]$`);
const AND_LIST = new RegExp(`^\\[${SP}*\\d+(?:(?:${SP}*[,;]${SP}*|${SP}*,?${SP}+and${SP}+)\\d+)*${SP}*\\]$`);
const RANGE = new RegExp(
  `^\\[${SP}*\\d+${SP}*[-\\u2013]${SP}*\\d+(?:${SP}*[,;-\\u2013]${SP}*\\d+)*${SP}*\\]$`,
);
// A bracket group: `[`, then no bracket and no line break, then `]` (at most 200 characters inside).
const GROUP = /\[[^[\]\n]{0,200}\]/g;

/** Classifies one bracket group by its text. */
export function markerForm(group: string): MarkerForm {
  if (SINGLE.test(group)) return MARKER_FORMS[0];
  if (PREVIOUS_GRAMMAR.test(group)) return MARKER_FORMS[1];
  if (AND_LIST.test(group)) return MARKER_FORMS[2];
  if (RANGE.test(group)) return MARKER_FORMS[3];
  if (/\p{L}/u.test(group)) return MARKER_FORMS[5];
  if (/\d/.test(group)) return MARKER_FORMS[4];
  return MARKER_FORMS[6];
}

/** Counts the bracket groups of each form in `texts`, and how many of each are read as markers. */
export function countMarkerForms(texts: readonly string[]): MarkerFormCounts {
  const counts = Object.fromEntries(
    MARKER_FORMS.map((form) => [form, { found: 0, before: 0, now: 0 }]),
  ) as MarkerFormCounts;
  for (const text of texts) {
    const read = new Set(parseMarkers(text).map((m) => `${m.start}:${m.end}`));
    for (const match of text.matchAll(GROUP)) {
      const count = counts[markerForm(match[0])];
      count.found++;
      if (PREVIOUS_GRAMMAR.test(match[0])) count.before++;
      if (read.has(`${match.index}:${match.index + match[0].length}`)) count.now++;
    }
  }
  return counts;
}

/** Markers in passage texts as they are, and what is left of them in the prompt `formatSources` writes. */
export function countPromptMarkers(texts: readonly string[]): {
  passages: number;
  raw: number;
  inPrompt: number;
} {
  let raw = 0;
  let inPrompt = 0;
  for (const text of texts) {
    raw += parseMarkers(text).length;
    const prompt = formatSources([
      { documentId: 'source', chunkId: 'source', text, start: 0, end: text.length },
    ]);
    inPrompt += parseMarkers(prompt).length - 1; // the header `[1] source` is the one marker that belongs there
  }
  return { passages: texts.length, raw, inPrompt };
}
