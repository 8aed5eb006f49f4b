import { isInvisible } from '@gk/internal';
import { createSubstringIndex, type SubstringIndex } from '../text/substring-index.js';
import { indexOfItems, trimSeparators, type WordSequence, wordSequence } from '../text/word-sequence.js';
import type { Passage, Span } from '../types.js';
import { type CompiledIdentifierRule, identifierSet } from './identifier-rules.js';

/**
 * How many times its own length a passage may be scanned from end to end before it is indexed: scanning is
 * cheaper for a few look-ups, the index for many, and the total stays linear either way.
 */
const SCANS = 8;
const WORD = /[\p{L}\p{N}\p{M}]/u;

/**
 * What the verifier needs from one passage, computed once per call and only when a claim asks for it: the passage
 * read as words (for quotations and verbatim support), its set of tokens (for token coverage) and its identifiers
 * per rule. The first few look-ups scan the words; once the scans add up to a few times the passage, it is indexed
 * (a suffix array), and every further look-up costs time proportional to its own length. So an answer of many
 * claims costs time linear in the answer and the passage, however many claims cite it.
 */
export class PassageIndex {
  readonly #passage: Passage;
  #words: WordSequence | undefined;
  #vocabulary: Map<string, number> | undefined;
  #substrings: SubstringIndex | undefined;
  #scanBudget: number;
  #textBudget: number;
  readonly #identifiers = new Map<CompiledIdentifierRule, Set<string>>();
  readonly #ownIdentifiers = new Map<CompiledIdentifierRule, Set<string>>();
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

  /** Each distinct token and separator of the passage, numbered from 1 in order of first appearance. */
  get vocabulary(): Map<string, number> {
    if (this.#vocabulary === undefined) {
      const vocabulary = new Map<string, number>();
      for (const item of this.words.items)
        if (!vocabulary.has(item)) vocabulary.set(item, vocabulary.size + 1);
      this.#vocabulary = vocabulary;
    }
    return this.#vocabulary;
  }

  /** Whether `token` (normalised as {@link wordSequence} normalises it) is a token of the passage. */
  hasToken(token: string): boolean {
    return this.vocabulary.has(token);
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
    if (this.#substrings === undefined && this.#scanBudget >= passageItems.length + items.length) {
      this.#scanBudget -= passageItems.length + items.length;
      at = indexOfItems(passageItems, items);
    } else {
      at = this.#indexed(items);
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
      if (isEdge(text, at, -1) && isEdge(text, at + core.length, 1)) return true;
      from = at + 1;
    }
    return false;
  }

  /** The identifiers `rule` finds in the passage's text, title and uri, each read on its own. */
  identifiers(rule: CompiledIdentifierRule): Set<string> {
    let set = this.#identifiers.get(rule);
    if (set === undefined) {
      const { text, title, uri } = this.#passage;
      set = identifierSet([text, title ?? '', uri ?? ''], rule);
      this.#identifiers.set(rule, set);
    }
    return set;
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

  /** The identifiers `rule` finds in the passage's own names: its title, uri and document id. */
  ownIdentifiers(rule: CompiledIdentifierRule): Set<string> {
    let set = this.#ownIdentifiers.get(rule);
    if (set === undefined) {
      const { title, uri, documentId } = this.#passage;
      set = identifierSet([title ?? '', uri ?? '', documentId], rule);
      this.#ownIdentifiers.set(rule, set);
    }
    return set;
  }

  #indexed(items: readonly string[]): number {
    const vocabulary = this.vocabulary;
    const pattern = new Int32Array(items.length);
    for (let i = 0; i < items.length; i++) {
      const symbol = vocabulary.get(items[i]!);
      if (symbol === undefined) return -1; // a word the passage does not have
      pattern[i] = symbol;
    }
    if (this.#substrings === undefined) {
      const passageItems = this.words.items;
      const sequence = new Int32Array(passageItems.length);
      for (let i = 0; i < passageItems.length; i++) sequence[i] = vocabulary.get(passageItems[i]!)!;
      this.#substrings = createSubstringIndex(sequence, vocabulary.size + 1);
    }
    return this.#substrings.first(pattern);
  }
}

/**
 * Whether the character just before `at` (`side` -1) or at `at` (`side` 1) ends a word as the prompt showed it:
 * the edge of the text, or a character that is no letter, digit or mark and that normalisation keeps.
 */
function isEdge(text: string, at: number, side: -1 | 1): boolean {
  let index = side === -1 ? at - 1 : at;
  if (index < 0 || index >= text.length) return true;
  let code = text.charCodeAt(index);
  if (code < 0x80)
    return !(isAsciiWord(code) || code < 0x09 || (code > 0x0d && code < 0x20) || code === 0x7f);
  if (side === -1 && code >= 0xdc00 && code <= 0xdfff && index > 0) index--; // the low half of a pair
  code = text.codePointAt(index)!;
  if ((code >= 0x80 && code <= 0x9f && code !== 0x85) || isInvisible(code)) return false;
  return !WORD.test(String.fromCodePoint(code));
}

const isAsciiWord = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);
