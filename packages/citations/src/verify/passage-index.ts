import { INVISIBLE_CLASS, StringSet } from '@gk/internal';
import { widenOverSigns } from '../text/signs-beside.js';
import { createSubstringIndex, type WalkBudget } from '../text/substring-index.js';
import { foldDashSeparators } from '../text/fold-dash-spaces.js';
import { tagEdges } from '../text/tag-edges.js';
import { coverageTokens } from './check-support.js';
import { indexOfItems, trimSeparators, type WordSequence, wordSequence } from '../text/word-sequence.js';
import type { Passage, Span } from '../types.js';
import { type CompiledIdentifierRule, identifierList } from './identifier-rules.js';

/**
 * How many times its own length a passage may be scanned from end to end before it is indexed: scanning is
 * cheaper for a few look-ups, the index for many, and the total stays linear either way.
 */
const SCANS = 8;
/** A letter, digit or mark, or a character normalisation drops: what a word as the prompt showed it cannot end at. */
const NOT_EDGE = `[\\p{L}\\p{N}\\p{M}\\0-\\x08\\x0e-\\x1f\\x7f-\\x84\\x86-\\x9f]|${INVISIBLE_CLASS}`;
const EDGE_BEFORE = new RegExp(`(?<!${NOT_EDGE})`, 'uy');
const EDGE_AFTER = new RegExp(`(?!${NOT_EDGE})`, 'uy');

/** What a passage's text alone gives, computed on first use: shared by the passages of the same text. */
interface TextState {
  words?: WordSequence;
  // Tokens and identifiers are held in StringSets: strings past 16,383 units of one length all collide in a Set.
  vocabulary?: StringSet;
  search?: ItemSearch;
  edges?: WordSequence;
  edgeSearch?: ItemSearch;
  /** The edges with the white space beside a dash dropped ({@link foldDashSeparators}), and their search when they differ. */
  spaced?: WordSequence;
  spacedSearch?: ItemSearch;
  textBudget: number;
  /** What later occurrences of quotations whose signs differ at the first may still cost, in items read. */
  budget: { left: number };
  characters?: (pattern: readonly string[]) => number;
  /** Per rule, the identifiers in the text. */
  identifiers: Map<CompiledIdentifierRule, string[]>;
}

/**
 * What the verifier needs from one passage, computed once per call and only when a claim asks for it: the passage
 * read as words (for quotations and verbatim support), its set of tokens (for token coverage) and its identifiers
 * per rule. The first few look-ups scan the words; once the scans add up to a few times the passage, it is indexed
 * (a suffix automaton), and every further look-up costs time proportional to its own length. So an answer of many
 * claims costs time linear in the answer and the passage, however many claims cite it. A passage of the same text as
 * another (`sameText`: the same document cited under two numbers) shares all it reads from the text with that one,
 * budgets too: it is read, indexed and searched once. Given a `walks` budget (one per call, shared by every passage),
 * {@link PassageIndex.locateQuotation} charges the items its index walks read to it, and once it is spent finds
 * nothing more: the caller, which holds the budget, tells that from absence.
 */
export class PassageIndex {
  readonly #passage: Passage;
  readonly #text: TextState;
  readonly #walks: WalkBudget | undefined;
  /** Per rule, the identifiers in the text, title and uri, and those in the title, uri and document id. */
  readonly #identifiers = new Map<CompiledIdentifierRule, [StringSet, StringSet]>();
  #names: string[][] | undefined;

  constructor(passage: Passage, sameText?: PassageIndex, walks?: WalkBudget) {
    this.#passage = passage;
    this.#walks = walks;
    const textBudget = SCANS * passage.text.length + 1024;
    this.#text = sameText
      ? sameText.#text
      : { textBudget, budget: { left: textBudget }, identifiers: new Map() };
  }

  /** What the passage's text gives, the same object for passages that share it ({@link PassageIndex}). */
  get text(): object {
    return this.#text;
  }

  /** The passage text read as whole words. */
  get words(): WordSequence {
    this.#text.words ??= wordSequence(this.#passage.text);
    return this.#text.words;
  }

  /** Whether `token` (normalised as {@link wordSequence} normalises it) is one of the passage's {@link coverageTokens}. */
  hasToken(token: string): boolean {
    this.#text.vocabulary ??= new StringSet(coverageTokens(this.words.items));
    return this.#text.vocabulary.has(token);
  }

  /**
   * Where `items` (tokens and separators as {@link wordSequence} writes them, a token first and last) first occur
   * in the passage, as offsets in `passage.text` from the first token's start to the last one's end; null when
   * they do not occur.
   */
  locate(items: readonly string[]): Span | null {
    this.#text.search ??= searchItems(this.words.items);
    return spanOf(this.words, this.#text.search(items), items.length);
  }

  /**
   * Where a quotation's words, read by {@link wordSequence} and tagged by {@link tagEdges}, first occur in the
   * passage with the same edges: not cut out of a longer word or number, with the same signs at either end, and with
   * the signs `lead` and `trail` the quotation writes before its first word and after its last (see
   * {@link widenOverSigns}). The span takes in those signs. Given `spaced` (the quotation's items read by the dash
   * rule, `foldDashItems`, as `verifyAnswer` reads a quotation), a quotation not found as written is looked for
   * with the white space beside a dash between two parts no part of either (`a — b` is `a—b`; never beside a sign).
   */
  locateQuotation(
    items: readonly string[],
    lead: readonly string[] = [],
    trail: readonly string[] = [],
    spaced?: readonly string[],
  ): Span | null {
    const text = this.#text;
    const passage = this.#passage.text;
    text.edges ??= tagEdges(passage, this.words);
    const edges = text.edges;
    const walks = this.#walks;
    const searchOf = (words: WordSequence): ItemSearch => {
      if (words === this.words) {
        text.search ??= searchItems(this.words.items);
        return text.search;
      }
      if (words === edges) {
        text.edgeSearch ??= searchItems(edges.items);
        return text.edgeSearch;
      }
      text.spacedSearch ??= searchItems(words.items);
      return text.spacedSearch;
    };
    const found = locateWithSigns(
      passage,
      edges,
      items,
      searchOf(edges)(items, walks),
      lead,
      trail,
      text.budget,
    );
    if (found !== null || spaced === undefined) return found;
    text.spaced ??= foldDashSeparators(edges, passage);
    const words = text.spaced;
    if (words === edges && spaced === items) return null;
    const at = searchOf(words)(spaced, walks);
    return locateWithSigns(passage, words, spaced, at, lead, trail, text.budget);
  }

  /**
   * Whether `core` (printable ASCII, a letter or digit first and last) occurs in the passage text as written,
   * between characters that are neither letters, digits or marks nor dropped by normalisation. Such an occurrence
   * is one of the same words after normalisation too, so `true` is final; `false` is not (a normalised look-up
   * may still find it) and is also the answer once this passage's scanning budget is spent.
   */
  containsVerbatim(core: string): boolean {
    const text = this.#passage.text;
    const state = this.#text;
    for (let from = 0; state.textBudget > 0; ) {
      const at = text.indexOf(core, from);
      state.textBudget -= (at === -1 ? text.length - from : at - from) + core.length;
      if (at === -1) return false;
      EDGE_BEFORE.lastIndex = at;
      EDGE_AFTER.lastIndex = at + core.length;
      if (EDGE_BEFORE.test(text) && EDGE_AFTER.test(text)) return true;
      from = at + 1;
    }
    return false;
  }

  /** Whether `part` occurs in the passage text exactly as written, invisible characters included. */
  holds(part: string): boolean {
    this.#text.characters ??= searchItems([...this.#passage.text]);
    return this.#text.characters([...part]) !== -1;
  }

  /**
   * The identifiers `rule` finds in the passage's text, title and uri, each read on its own; with `names`, in the
   * names a source list may give it: its title, uri and document id.
   */
  identifiers(rule: CompiledIdentifierRule, names = false): StringSet {
    let sets = this.#identifiers.get(rule);
    if (sets === undefined) {
      const { text, title = '', uri = '', documentId } = this.#passage;
      const shared = this.#text.identifiers;
      const inText = shared.get(rule) ?? identifierList([text], rule);
      shared.set(rule, inText);
      sets = [
        new StringSet([...inText, ...identifierList([title, uri], rule)]),
        new StringSet(identifierList([title, uri, documentId], rule)),
      ];
      // A link rule reads the uri whole (`[1](docs/a.md)` links the passage itself); a source list may also link the
      // title or the id (`[1]: Report` makes every `[1]` a link to `Report`).
      if (rule.also) {
        for (const name of [uri, title, documentId]) if (name) sets[1].add(rule.canonical(name));
        if (uri) sets[0].add(rule.canonical(uri));
      }
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

/** Where a pattern first occurs, or -1; an index walk charged to `walks` when given ({@link searchItems}). */
type ItemSearch = (pattern: readonly string[], walks?: WalkBudget) => number;

/**
 * A search for item sequences in `items`: the first few look-ups scan it, and once the scans add up to a few times
 * its length it is indexed (a suffix automaton), so any number of look-ups costs time linear in `items` and in
 * the patterns. The search returns where a pattern first occurs, or -1. Given `walks`, a walk of the index charges
 * the items it reads to it and stops once it is spent (-1, the budget left below 0); the scans have their own budget.
 */
export function searchItems(items: readonly string[]): ItemSearch {
  let budget = SCANS * items.length + 256;
  let index: ItemSearch | undefined;
  return (pattern, walks) => {
    if (pattern.length === 0) return -1;
    if (index === undefined && budget >= items.length + pattern.length) {
      budget -= items.length + pattern.length;
      return indexOfItems(items, pattern);
    }
    index ??= createSubstringIndex(items);
    return index(pattern, walks);
  };
}

/**
 * The span of `pattern`, found at `at` of `words` (-1: not found), widened over the signs `lead` and `trail` beside
 * it ({@link widenOverSigns}); when they differ there, the span of the next occurrence where they agree, each further
 * look costing the items read from `budget`. `items` are what was searched (`words.items`, or those keyed). Null
 * when there is none, or when the budget is spent first: a quotation is then not found, never found where its signs
 * differ.
 */
export function locateWithSigns(
  text: string,
  words: WordSequence,
  pattern: readonly string[],
  at: number,
  lead: readonly string[],
  trail: readonly string[],
  budget: { left: number },
  items: readonly string[] = words.items,
): Span | null {
  for (let from = at; from !== -1; ) {
    const span = spanOf(words, from, pattern.length)!;
    if (lead.length === 0 && trail.length === 0) return span;
    const widened = widenOverSigns(text, span, lead, trail);
    if (widened !== null) return widened;
    budget.left -= items.length - from;
    if (budget.left < 0) return null;
    from = indexOfItems(items, pattern, from + 1);
  }
  return null;
}

/** The span of `length` items of `words` from `at` (-1: none). */
const spanOf = (words: WordSequence, at: number, length: number): Span | null =>
  at === -1 ? null : { start: words.start[at]!, end: words.end[at + length - 1]! };
