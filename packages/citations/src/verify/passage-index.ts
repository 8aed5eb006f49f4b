import { INVISIBLE_CLASS } from '@gk/internal';
import { createSubstringIndex } from '../text/substring-index.js';
import { indexOfItems, trimSeparators, type WordSequence, wordSequence } from '../text/word-sequence.js';
import type { Passage, Span } from '../types.js';
import { type CompiledIdentifierRule, identifierSet } from './identifier-rules.js';

/**
 * How many times its own length a passage may be scanned from end to end before it is indexed: scanning is
 * cheaper for a few look-ups, the index for many, and the total stays linear either way.
 */
const SCANS = 8;
/** A letter, digit or mark, or a character normalisation drops: what a word as the prompt showed it cannot end at. */
const NOT_EDGE = `[\\p{L}\\p{N}\\p{M}\\0-\\x08\\x0e-\\x1f\\x7f-\\x84\\x86-\\x9f]|${INVISIBLE_CLASS}`;
const EDGE_BEFORE = new RegExp(`(?<!${NOT_EDGE})`, 'uy');
const EDGE_AFTER = new RegExp(`(?!${NOT_EDGE})`, 'uy');

/**
 * What the verifier needs from one passage, computed once per call and only when a claim asks for it: the passage
 * read as words (for quotations and verbatim support), its set of tokens (for token coverage) and its identifiers
 * per rule. The first few look-ups scan the words; once the scans add up to a few times the passage, it is indexed
 * (a suffix automaton), and every further look-up costs time proportional to its own length. So an answer of many
 * claims costs time linear in the answer and the passage, however many claims cite it.
 */
export class PassageIndex {
  readonly #passage: Passage;
  #words: WordSequence | undefined;
  #vocabulary: Set<string> | undefined;
  #firstOccurrence: ((items: readonly string[]) => number) | undefined;
  #scanBudget: number;
  #textBudget: number;
  /** Per rule, the identifiers in the text, title and uri, and those in the title, uri and document id. */
  readonly #identifiers = new Map<CompiledIdentifierRule, [Set<string>, Set<string>]>();
  #names: string[][] | undefined;

  constructor(passage: Passage) {
    this.#passage = passage;
    this.#textBudget = SCANS * passage.text.length + 1024;
    this.#scanBudget = Number.NaN; // set when the words are read
  }

  /** The passage text read as whole words. */
  get words(): WordSequence {
    if (this.#words === undefined) {
      this.#words = wordSequence(this.#passage.text);
      this.#scanBudget = SCANS * this.#words.items.length + 256;
    }
    return this.#words;
  }

  /** Whether `token` (normalised as {@link wordSequence} normalises it) is a token of the passage. */
  hasToken(token: string): boolean {
    this.#vocabulary ??= new Set(this.words.items);
    return this.#vocabulary.has(token);
  }

  /**
   * Where `items` (tokens and separators as {@link wordSequence} writes them, a token first and last) first occur
   * in the passage, as offsets in `passage.text` from the first token's start to the last one's end; null when
   * they do not occur.
   */
  locate(items: readonly string[]): Span | null {
    if (items.length === 0) return null;
    const { items: passageItems, start, end } = this.words;
    let at: number;
    if (this.#firstOccurrence === undefined && this.#scanBudget >= passageItems.length + items.length) {
      this.#scanBudget -= passageItems.length + items.length;
      at = indexOfItems(passageItems, items);
    } else {
      this.#firstOccurrence ??= createSubstringIndex(passageItems);
      at = this.#firstOccurrence(items);
    }
    return at === -1 ? null : { start: start[at]!, end: end[at + items.length - 1]! };
  }

  /**
   * Whether `core` (printable ASCII, a letter or digit first and last) occurs in the passage text as written,
   * between characters that are neither letters, digits or marks nor dropped by normalisation. Such an occurrence
   * is one of the same words after normalisation too, so `true` is final; `false` is not (a normalised look-up
   * may still find it) and is also the answer once this passage's scanning budget is spent.
   */
  containsVerbatim(core: string): boolean {
    const text = this.#passage.text;
    for (let from = 0; this.#textBudget > 0; ) {
      const at = text.indexOf(core, from);
      this.#textBudget -= (at === -1 ? text.length - from : at - from) + core.length;
      if (at === -1) return false;
      EDGE_BEFORE.lastIndex = at;
      EDGE_AFTER.lastIndex = at + core.length;
      if (EDGE_BEFORE.test(text) && EDGE_AFTER.test(text)) return true;
      from = at + 1;
    }
    return false;
  }

  /**
   * The identifiers `rule` finds in the passage's text, title and uri, each read on its own; with `names`, in the
   * names a source list may give it: its title, uri and document id.
   */
  identifiers(rule: CompiledIdentifierRule, names = false): Set<string> {
    let sets = this.#identifiers.get(rule);
    if (sets === undefined) {
      const { text, title = '', uri = '', documentId } = this.#passage;
      sets = [identifierSet([text, title, uri], rule), identifierSet([title, uri, documentId], rule)];
      this.#identifiers.set(rule, sets);
    }
    return sets[names ? 1 : 0];
  }

  /** The passage's title, uri and document id, each read as words (the ones that have any). */
  get names(): string[][] {
    if (this.#names === undefined) {
      const { title, uri, documentId } = this.#passage;
      this.#names = [title ?? '', uri ?? '', documentId]
        .map((field) => trimSeparators(wordSequence(field).items))
        .filter((words) => words.length > 0);
    }
    return this.#names;
  }
}
