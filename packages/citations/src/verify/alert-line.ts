import { containerMarksEnd } from './container-marks-end.js';
import { startsOfWords } from './starts-of-words.js';

// The titles of GitHub's alerts, as patterns.
const TITLES = ['\\[!caution\\]', '\\[!important\\]', '\\[!note\\]', '\\[!tip\\]', '\\[!warning\\]'];

// What follows the block-quote marks, read from where they end (sticky): the marks themselves are scanned, since a
// regex repeating `(?:[ \t]*>)` keeps a backtrack entry per mark and a long run of them overflows V8's stack.
const TITLE = RegExp(`[ \\t]*(?:${TITLES.join('|')})[ \\t]*$`, 'iy');
const MAY_BE_TITLE = RegExp(`[ \\t]*(?:${startsOfWords(TITLES)}|(?:${TITLES.join('|')})[ \\t]*)$`, 'iy');

/** A block quote's line that makes it a GitHub alert (`> [!NOTE]`, `> [!warning]`): the callout's title, no statement. */
export const isAlertLine = (line: string): boolean => afterQuoteMarks(TITLE, line);

/** The start of a line that may still become an {@link isAlertLine} line (`> > [!NO`), read the same way. */
export const mayBeAlertLine = (line: string): boolean => afterQuoteMarks(MAY_BE_TITLE, line);

function afterQuoteMarks(pattern: RegExp, line: string): boolean {
  const end = containerMarksEnd(line, 0, true);
  if (end === 0) return false; // one mark at least
  pattern.lastIndex = end;
  return pattern.test(line);
}
