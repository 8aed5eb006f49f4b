import { startsOfWords } from './starts-of-words.js';

// The titles of GitHub's alerts, as patterns.
const TITLES = ['\\[!caution\\]', '\\[!important\\]', '\\[!note\\]', '\\[!tip\\]', '\\[!warning\\]'];

/** A block quote's line that makes it a GitHub alert (`> [!NOTE]`, `> [!warning]`): the callout's title, no statement. */
export const ALERT = RegExp(`^(?:[ \\t]*>)+[ \\t]*(?:${TITLES.join('|')})[ \\t]*$`, 'i');

/** The start of a line that may still become an {@link ALERT} line (`> > [!NO`), read with the same flags. */
export const MAY_BE_ALERT = RegExp(
  `^(?:[ \\t]*>)+[ \\t]*(?:${startsOfWords(TITLES)}|(?:${TITLES.join('|')})[ \\t]*)$`,
  'i',
);
