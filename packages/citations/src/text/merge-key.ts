import { StringMap } from '@gk/internal';
import { normalizeForComparison } from './normalize-text.js';
import { SEPARATOR, wordSequence } from './word-sequence.js';

// Joins the parts of a key: normalised text never holds a control, so no part holds it.
const JOIN = '\u0001';

/**
 * The key under which two claims merge as duplicates: equal only when their texts are equal for
 * `normalizeForComparison` (case, look-alike quotes and dashes, Unicode forms and spacing aside) and are read as the
 * same words by the checks, which keep apart what that comparison folds (`10²` is not `102`, `10⁻³` not `10-3`, `①500`
 * not `1500`, `Ⅱ50` not `II50`, `10₂` not `102`, `Acme™Cloud` not `AcmeTMCloud`, a prime not an apostrophe). Linear.
 */
export function mergeKey(text: string): string {
  return `${normalizeForComparison(text)}${JOIN}${wordsOf(text)}`;
}

/**
 * Merge keys that read a text's words only when an earlier text shares its comparison form: two texts (after the
 * same `prefix`) get one key exactly when their {@link mergeKey} is one, but a claim no other resembles costs one
 * `normalizeForComparison`, not a second reading of its words. Linear in the texts.
 */
export function createMergeKeys(): (text: string, prefix?: string) => string {
  const firsts = new StringMap<{ text: string; words?: string }>();
  return (text, prefix = '') => {
    const form = `${prefix}${normalizeForComparison(text)}`;
    const first = firsts.get(form);
    if (first === undefined) {
      firsts.set(form, { text });
      return form;
    }
    first.words ??= wordsOf(first.text);
    const words = wordsOf(text);
    // The first text of a form keeps the form as its key; another reads as it only with the same words.
    return words === first.words ? form : `${form}${JOIN}${words}`;
  };
}

/** The words of `text` as the checks read them, white space at either end aside, joined by {@link JOIN}. */
function wordsOf(text: string): string {
  const { items } = wordSequence(text);
  // White space at either end is no part of the claim, as `normalizeForComparison` trims it.
  if (items[0]?.startsWith(`${SEPARATOR} `)) items[0] = SEPARATOR + items[0].slice(2);
  if (items[0] === SEPARATOR) items.shift();
  const last = items.length - 1;
  if (items[last]?.startsWith(SEPARATOR)) items[last] = items[last].trimEnd();
  if (items[last] === SEPARATOR) items.pop();
  return items.join(JOIN);
}
