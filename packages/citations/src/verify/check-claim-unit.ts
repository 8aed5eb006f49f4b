import { countBelow, StringMap, stripInvisible } from '@gk/internal';
import {
  checkSupport,
  DEFAULT_MIN_COVERAGE,
  DEFAULT_STOP_WORDS,
  normalizeStopWords,
  type StopWords,
} from './check-support.js';
import {
  closeQuotationScan,
  DEFAULT_MIN_QUOTE_LENGTH,
  type Quotation,
  scanQuotations,
  startQuotationScan,
} from './find-quotations.js';
import {
  type CompiledIdentifierRule,
  compileIdentifierRules,
  DEFAULT_RULES,
  foldIdentifierText,
  matchIdentifiers,
} from './identifier-rules.js';
import {
  findCodeSpanMarkers,
  hiddenSpans,
  lineCodeSpans,
  type Marker,
  type Ranges,
} from './parse-markers.js';
import { removeMarkers } from './remove-markers.js';
import { PassageIndex } from './passage-index.js';
import { quotationAsRendered } from './quotation-as-rendered.js';
import { tagEdges } from '../text/tag-edges.js';
import { signsBeside } from '../text/signs-beside.js';
import { shownCodePoint } from '../text/shown-code-point.js';
import { foldDashItems, holdsEmDash, holdsLineBreak } from '../text/fold-dash-spaces.js';
import { indexOfItems, SEPARATOR, trimSeparators, wordSequence } from '../text/word-sequence.js';
import {
  BLOCK_OF,
  type ClaimUnit,
  CODE_UNITS,
  HARD_BREAK_ENDS,
  HTML_BLOCK_UNITS,
  identifierText,
  PARAGRAPH_STARTS,
} from './split-line.js';
import { namesPassage } from './source-list.js';
import { followsAsLink } from './attribute-links.js';
import { attributesOf, reorderingTag, type TagState } from './reordering-tag.js';
import { firstBidiControl, unmatchedBidiControl } from './unmatched-bidi-control.js';
import { vendorNumbers } from './vendor-numbers.js';
import type { VerifyOptions } from './verify-answer.js';
import type { WalkBudget } from '../text/substring-index.js';
import type { Citation, Passage, RejectionCode, Span } from '../types.js';

/** Why a unit or a source-list entry was rejected. */
export type Rejection = { code: RejectionCode; message: string };
/** A unit's own verdict: the citations built for it, or its rejection. */
export type Outcome = { citations: Citation[] } | Rejection;

/** What checking the units of one answer needs, built once per answer from the passages and the options. */
export interface CheckContext {
  passages: readonly Passage[];
  requireCitations: boolean;
  rules: readonly CompiledIdentifierRule[];
  /** Each cited passage (by number - 1), indexed on first use: the work over a passage is done once per answer. */
  indexes: PassageIndex[];
  /**
   * Per text, the passages of that text by their names (title, uri, document id), which share all they read from the
   * text: the same document cited under many numbers (`--documents` naming one id twice) is read, indexed and searched
   * once.
   */
  shared: StringMap<StringMap<PassageIndex>>;
  /** Per passage text, the numbers it shows in brackets (read when a claim citing it shows a look-alike marker). */
  bracketNumbers?: StringMap<Set<number>>;
  /** Each cited passage's title (by number - 1), read as a text of its own on first use. */
  titles: PassageIndex[];
  minQuoteLength: number | null;
  support: { minCoverage: number; stopWords: StopWords } | null;
  /**
   * Each quotation as searched for, and where it was looked for, by its text (and how a page shows it): read once per
   * answer whichever claim asks, and once for the claims that quote the same text.
   */
  located: StringMap<QuotationSearch>;
  /**
   * The same searches by quotation: every claim of a quotation that spans many asks for it, and building its text key
   * again for each would cost the quotation's length per claim (quadratic).
   */
  searchOf: Map<Quotation, QuotationSearch>;
  /**
   * What the index walks of the quotation searches may still read, in characters ({@link WalkBudget}), shared by all of
   * them: {@link SEARCH_BUDGET} times the passages and their titles, and as much again of each part once it is
   * checked. A quotation the budget leaves unsearched in a cited source is refused, never accepted unchecked.
   */
  walks: WalkBudget;
  /** Each unit's cited numbers, by unit index. */
  numbersOf: number[][];
  /** The element a page never shows that the units read so far leave open (null: none), for the support check. */
  hidden: Hidden | null;
  /** A `~~` strikethrough the units read so far leave open, and the braces of a TeX phantom (0: none), for support. */
  struck: boolean;
  phantom: number;
  /** The block of the last unit whose support was read ({@link BLOCK_OF}): `struck` and `phantom` end with it. */
  block: number;
  /** Where the parts read so far end as tags go: a part may start inside a tag the one before it opened. */
  tag: TagState;
  /** A bracket the last part read leaves open, as read ('' none): the next part may close it. */
  bracket: string;
  /** Ranges are markers (`ranges: true`): a look-alike is read as the marker parser reads one. */
  ranges: boolean;
  /**
   * The answer shows no numbered source (a provider's claims, checked as lines): a number a look-alike shows names none,
   * and is forged unless a cited passage shows it too.
   */
  unnumbered: boolean;
}

/** An element whose content a page never shows, open: what it holds so far, and the raw-text element open in it. */
interface Hidden {
  name: string;
  /** How many of each element it holds are open, and in all: it closes only when they have. */
  open: StringMap<number>;
  total: number;
  /** The `script`, `style` or the like open in it ('' none): tags inside one are text up to its own closing tag. */
  raw: string;
}

/** A quotation read for searching, and the sources searched. */
interface QuotationSearch {
  /** Its words, tagged by {@link tagEdges}: read once, though a quotation over many lines is asked for by each. */
  pattern: readonly string[];
  /** The pattern read by the dash rule ({@link foldDashItems}): looked for when the pattern is not found. */
  spaced: readonly string[];
  /** The signs it writes before its first word and after its last ({@link signsBeside}). */
  lead: string[];
  trail: string[];
  /**
   * By source number: its citation in that passage, `true` when the passage's title alone holds it, `false` when
   * neither does. Each source is searched once per quotation, whichever of the claims it spans asks first.
   */
  found: Map<number, Citation | boolean>;
  /** By text searched (a passage's or a title's): where the quotation is in it, searched once whichever source asks. */
  spans: Map<object, Span | null>;
  /** The quotation's markup read as a page shows it, when that differs ({@link quotationAsRendered}). */
  rendered?: QuotationSearch;
}

const defaultStopWords = normalizeStopWords(DEFAULT_STOP_WORDS);

/**
 * How many times the answer and the passages the index walks of the quotation searches may read in one call, and a
 * constant beside: a quotation found in the first source it cites costs about its own length, so honest answers stay
 * far below it; quotations that many cited passages nearly hold, each walked for almost its whole length, reach it.
 */
const SEARCH_BUDGET = 8;
const SEARCH_SLACK = 65_536;
/** Why a quotation was refused unsearched, for a message. */
const BUDGET_SPENT =
  "the search budget for this answer's quotations (8 times the answer and its passages) was spent first; not checked.";

/** The check context for an answer over `passages` (checked by the caller) with `options`. */
export function createCheckContext(passages: readonly Passage[], options: VerifyOptions): CheckContext {
  const { quotes, support } = options;
  return {
    passages,
    requireCitations: options.requireCitations !== false,
    rules: options.identifiers === undefined ? DEFAULT_RULES : compileIdentifierRules(options.identifiers),
    indexes: [],
    shared: new StringMap(),
    titles: [],
    // Quotations are found unless `quotes` is false; `true` and `{}` take the default length.
    minQuoteLength:
      quotes === false ? null : (typeof quotes === 'object' && quotes.minLength) || DEFAULT_MIN_QUOTE_LENGTH,
    support: support
      ? {
          minCoverage: support.minCoverage ?? DEFAULT_MIN_COVERAGE,
          stopWords: support.stopWords ? normalizeStopWords(support.stopWords) : defaultStopWords,
        }
      : null,
    located: new StringMap(),
    searchOf: new Map(),
    walks: {
      left:
        SEARCH_BUDGET * passages.reduce((sum, p) => sum + p.text.length + (p.title ?? '').length, 0) +
        SEARCH_SLACK,
    },
    numbersOf: [],
    hidden: null,
    struck: false,
    phantom: 0,
    block: 0,
    tag: '',
    bracket: '',
    ranges: options.ranges === true,
    unnumbered: false,
  };
}

/**
 * An entry of a source list the answer writes: null when it names, for each number it carries, passage n (its
 * title, uri or document id) and nothing else; otherwise the rejection.
 */
export function checkSourceEntry(
  entry: ClaimUnit,
  numbers: readonly number[],
  context: CheckContext,
  tag: string | null,
): Rejection | null {
  earn(context, entry);
  const outOfRange = numbers.filter((n) => !isShown(n, context));
  if (outOfRange.length > 0)
    return notShown(`Source list entry "${shown(entry.text)}" lists`, outOfRange, context);
  // A browser reopens a formatting element, attributes and all, in the blocks after it: an entry's tag reorders them.
  if (tag !== null) return reordered(`Source list entry "${shown(entry.text)}"`, tag);
  // A quoted title or phrase is what the entry says its source holds: one of the sources it lists must hold it, in
  // its title, uri, document id or text, as a quotation in a claim is held to the passages it cites. Words it quotes
  // that way are checked, so they are no prose of its own.
  const quotations = quotationsOf(entry, context.minQuoteLength);
  let unsearched = false;
  const quoted = quotations.find((quotation) => {
    const located = locateQuotation(quotation, numbers, context);
    if (located !== null && located !== 'unsearched') return false;
    if (numbers.some((n) => inNames(quotation, index(context, n)))) return false;
    unsearched = located === 'unsearched';
    return true;
  });
  let prose = '';
  let at = 0;
  for (const { span } of quoted === undefined ? quotations : []) {
    prose += entry.text.slice(at, Math.max(at, span.start));
    at = Math.max(at, span.end);
  }
  prose += entry.text.slice(at);
  const wrong = numbers.filter(
    (n) => !namesPassage(identifierText(entry), index(context, n), context.rules, prose),
  );
  if (wrong.length > 0) {
    return {
      code: 'source_list_mismatch',
      message: `Source list entry "${shown(entry.text)}" does not name source ${listNumbers(wrong)}; expected each entry to name the passage its number stands for (its title, uri or document id) and nothing else.`,
    };
  }
  if (quoted === undefined) return null;
  if (unsearched) {
    return {
      code: 'source_list_mismatch',
      message: `Source list entry "${shown(entry.text)}" quotes "${shown(quoted.text)}", which is not in the title, uri or document id of source ${listNumbers(numbers)} and was not searched for in all of their text: ${BUDGET_SPENT}`,
    };
  }
  return {
    code: 'source_list_mismatch',
    message: `Source list entry "${shown(entry.text)}" quotes "${shown(quoted.text)}", which is not in the title, uri, document id or text of source ${listNumbers(numbers)}; expected an entry to quote only what its source holds.`,
  };
}

/** The quotations in a source-list entry, read as in a claim on a line of its own (none when quotations are off). */
function quotationsOf(entry: ClaimUnit, minLength: number | null): Quotation[] {
  if (minLength === null) return [];
  const shift = entry.span.start;
  const markers = entry.markers.map((marker) => ({
    ...marker,
    start: marker.start - shift,
    end: marker.end - shift,
  }));
  const units: ClaimUnit[] = [{ ...entry, span: { start: 0, end: entry.text.length }, markers }];
  const scan = startQuotationScan(0, '', HTML_BLOCK_UNITS.has(entry));
  const found: Quotation[] = [];
  scanQuotations(entry.text, units, scan, entry.text.length, minLength, found);
  closeQuotationScan(entry.text, units, scan, minLength, found);
  if (HTML_BLOCK_UNITS.has(entry)) for (const quotation of found) quotation.html = true;
  if (CODE_UNITS.has(entry)) for (const quotation of found) quotation.literal = true;
  return found;
}

/** Whether a quotation's words stand, as whole words, in the passage's title, uri or document id. */
function inNames(quotation: Quotation, passage: PassageIndex): boolean {
  const words = trimSeparators(wordSequence(quotation.text).items);
  return passage.names.some((name) => indexOfItems(name, words) !== -1);
}

/** The numbers a unit's markers name, each once, in order; a range's tail ({@link Ranges}) read number by number. */
export function uniqueNumbers(unit: ClaimUnit): number[] {
  // Each number, in order, and for one a tail read, a number past it that no tail has read before (path-compressed;
  // -1 for the others): the same tail written in many markers is read once, not once per marker.
  const seen = new Map<number, number>();
  const next = (n: number): number => {
    let m = n;
    for (let k = seen.get(m); k !== undefined && k > m; k = seen.get(m)) m = k;
    for (let k = n; k < m; ) {
      const after = seen.get(k)!;
      seen.set(k, m);
      k = after;
    }
    return m;
  };
  for (const { numbers } of unit.markers) {
    for (let i = 0; i < numbers.length; i++) {
      const n = numbers[i]!;
      if (n >= 0) {
        if (!seen.has(n)) seen.set(n, -1);
      } else for (let m = next(-n), to = numbers[++i]!; m <= to; m = next(m + 1)) seen.set(m, m + 1);
    }
  }
  return [...seen.keys()];
}

/**
 * A unit's own verdict: markers present and in range, identifiers found in the cited passages, every quotation that
 * overlaps it (`quotations`) found, and, when asked, lexical support.
 */
export function checkUnit(
  unit: ClaimUnit,
  numbers: readonly number[],
  quotations: readonly Quotation[],
  context: CheckContext,
  reading: PartReading,
): Outcome {
  const { passages } = context;
  const { tag } = reading;
  earn(context, unit);
  if (!unit.hasContent) {
    return {
      code: 'empty_claim',
      message: `Claim "${shown(unit.text)}" has markers but no statement; expected text before its markers.`,
    };
  }
  const cut = cutNumbers(reading, numbers, context);
  if (numbers.length === 0) {
    // A look-alike a soft line break cuts shows, joined, beside the text of both its parts, marker or not (`[\n3]`).
    if (cut.count > 0) return notShown(cutSubject(unit), cut, context);
    if (!context.requireCitations) {
      // A tag on a line of its own reorders the claims after it: no claim, cited or not.
      if (tag !== null) return reordered(`Claim "${shown(unit.text)}"`, tag);
      // Accepted without citations, but not passed off as cited or sourced: a look-alike shows a citation that is none
      // (`&#91;1&#93;` shows `[1]`), and an identifier must come from a cited passage, of which it has none.
      const forged = forgedNumbers(reading.lookAlikes, [], context);
      if (forged.count > 0)
        return notShown(`Claim "${shown(unit.text)}" shows, written as text,`, forged, context);
      if (reading.lookAlikes.length > 0) {
        return {
          code: 'no_marker',
          message: `Claim "${shown(unit.text)}" shows, written as text, ${listNumbers(lookAlikeStarts(reading.lookAlikes))}, which is no marker, so no source was checked for it; expected a marker written as [n], or none in a claim left uncited.`,
        };
      }
      return unknownIdentifier(unit, reading, null, context) ?? { citations: [] };
    }
    return {
      code: 'no_marker',
      message: `Claim "${shown(unit.text)}" has no citation marker; expected at least one [n] naming a source${range(passages.length)}.`,
    };
  }
  const outOfRange = numbers.filter((n) => !isShown(n, context));
  if (outOfRange.length > 0) return notShown(`Claim "${shown(unit.text)}" cites`, outOfRange, context);
  if (cut.count > 0) return notShown(cutSubject(unit), cut, context);
  // A look-alike a cited passage shows too (its own `&#91;2&#93;`, copied) is the passage's text, not a citation.
  const forged = forgedNumbers(reading.lookAlikes, numbers, context);
  if (forged.count > 0)
    return notShown(`Claim "${shown(unit.text)}" shows, written as text,`, forged, context);
  // Sources of the same text are read once: a document cited under many numbers costs what it costs once.
  const texts = oneIndexPerText(context, numbers);
  const control = unmatchedBidiControl(unit.text, (part) => texts.some((text) => text.holds(part)));
  if (control !== null) {
    return {
      code: 'unsupported',
      message: `Claim "${shown(unit.text)}" holds U+${control.charCodeAt(0).toString(16).toUpperCase()}, a control that reorders what is shown, where its cited sources ${listNumbers(numbers)} do not; expected bidi controls only as a cited passage writes them, with the text around them.`,
    };
  }
  if (tag !== null) return reordered(`Claim "${shown(unit.text)}"`, tag);
  const fabricated = unknownIdentifier(unit, reading, numbers, context);
  if (fabricated !== null) return fabricated;
  let narrowed: Map<number, Citation[]> | null = null;
  for (const quotation of quotations) {
    // Every claim that holds quoted text answers for the whole quotation with its own sources: a quotation that spans
    // claims citing different sources is found in a source of each.
    const located = locateQuotation(quotation, numbers, context);
    if (located === 'unsearched') {
      const { text: quoted, units } = quotation;
      const spans = units.length === 1 ? ',' : `, a quotation that spans ${units.length} claims,`;
      return {
        code: 'quote_not_found',
        message: `Claim "${shown(unit.text)}" quotes "${shown(quoted)}"${spans} which was not searched for in all of its cited sources ${listNumbers(numbers)}: ${BUDGET_SPENT}`,
      };
    }
    if (located === null) {
      const { text: quoted, units } = quotation;
      const spans = units.length === 1 ? ',' : `, a quotation that spans ${units.length} claims,`;
      return {
        code: 'quote_not_found',
        message: `Claim "${shown(unit.text)}" quotes "${shown(quoted)}"${spans} which was not found in its cited sources ${listNumbers(numbers)}; expected its words verbatim (up to case, whitespace, quote and dash variants).`,
      };
    }
    // Found in a title: the claim's citation stays the passage.
    if (located === true) continue;
    narrowed ??= new Map();
    const list = narrowed.get(located.source);
    if (list === undefined) narrowed.set(located.source, [located]);
    else list.push(located);
  }
  if (context.support !== null && reading.shown !== null) {
    const { shown: claimShown, aside } = reading.shown;
    const result = checkSupport(
      claimShown,
      texts,
      context.support.minCoverage,
      context.support.stopWords,
      aside,
    );
    if (!result.supported) {
      const coverage =
        result.coverage === null
          ? 'no content words'
          : `${Math.round(result.coverage * 100)}% of its content words`;
      return {
        code: 'unsupported',
        message: `Claim "${shown(unit.text)}" is not supported by its cited sources ${listNumbers(numbers)}: not contained verbatim and ${coverage} found; expected at least ${Math.round(context.support.minCoverage * 100)}%.`,
      };
    }
  }
  const citations: Citation[] = [];
  for (const n of numbers) {
    const located = narrowed?.get(n);
    if (located === undefined) {
      const passage = passages[n - 1]!;
      citations.push(citationOf(passage, n, 0, passage.text.length));
    } else for (const citation of located) citations.push(citation);
  }
  return { citations: dedupeCitations(citations) };
}

/** The look-alike numbers as a message lists them: a range's tail by its first number. */
function lookAlikeStarts(lookAlikes: readonly number[]): number[] {
  const starts: number[] = [];
  for (let i = 0; i < lookAlikes.length; i++) {
    const n = lookAlikes[i]!;
    if (n < 0) i++;
    starts.push(Math.abs(n));
  }
  return starts;
}

/**
 * The rejection of a unit that names an identifier the sources it cites (`numbers`) do not hold, or any identifier
 * when it cites none (null: an uncited claim, which no passage shown vouches for, however many hold the identifier);
 * and of one that holds part of a URL a tag's quoted value runs over its edge with. A part that starts inside a tag reads on from the tag's start: `src=//host/x>` after `<img` names a URL.
 */
function unknownIdentifier(
  unit: ClaimUnit,
  reading: PartReading,
  numbers: readonly number[] | null,
  context: CheckContext,
): Rejection | null {
  if (reading.cutLink !== null) {
    return {
      code: 'unknown_identifier',
      message: `Claim "${shown(unit.text)}" holds part of a tag's \`${shown(reading.cutLink)}\`, whose quoted value runs over the claim's edge into the claim next to it, where a page reads on; expected every URL a tag names within one claim.`,
    };
  }
  const folded = foldIdentifierText(reading.opened + identifierText(unit));
  for (const rule of context.rules) {
    for (const value of matchIdentifiers(folded, rule)) {
      if (numbers === null) {
        return {
          code: 'unknown_identifier',
          message: `Claim "${shown(unit.text)}" names ${rule.name} "${shown(value)}" but cites no source; expected every identifier to come from a cited passage.`,
        };
      }
      if (numbers.some((n) => index(context, n).identifiers(rule).has(value))) continue;
      return {
        code: 'unknown_identifier',
        message: `Claim "${shown(unit.text)}" names ${rule.name} "${shown(value)}", which does not occur in its cited sources ${listNumbers(numbers)}; expected every identifier to come from a cited passage.`,
      };
    }
  }
  return null;
}

/**
 * A lead-in's verdict, once read as a part: no claim (null), unless it shows a look-alike marker (`Aspirin cures cancer
 * ［1］:`, `[1][\n3] as follows:`) or reorders what follows (`<b\ndir=rtl>in short:`). A lead-in that shows a citation
 * is a claim a reader takes for cited: one of a source not shown is rejected as a claim's is, and any other is checked
 * as a claim without a marker (the verifier reads none), so that it never drops out of the verification unseen.
 */
export function checkLeadIn(unit: ClaimUnit, context: CheckContext, reading: PartReading): Outcome | null {
  const forged = forgedNumbers(reading.lookAlikes, [], context);
  if (forged.count > 0)
    return notShown(`Claim "${shown(unit.text)}" shows, written as text,`, forged, context);
  const cut = cutNumbers(reading, [], context);
  if (cut.count > 0) return notShown(cutSubject(unit), cut, context);
  if (reading.lookAlikes.length > 0 || reading.cut.length > 0 || startsInLinkTag(unit, context, reading))
    return checkUnit(unit, [], [], context, reading);
  if (reading.tag !== null) return reordered(`Claim "${shown(unit.text)}"`, reading.tag);
  // Bare punctuation shows no claim, but a bidi control in it reorders the line after it (a soft line break apart).
  const control = unit.hasContent ? null : firstBidiControl(unit.text);
  return control === null
    ? null
    : {
        code: 'unsupported',
        message: `"${shown(unit.text)}" holds U+${control.charCodeAt(0).toString(16).toUpperCase()}, a control that reorders what is shown after it; expected bidi controls only inside a claim whose cited passage writes them.`,
      };
}

/**
 * Whether a part starts inside a tag that names a URL in it, or holds part of a URL a tag's value runs over its edge
 * with (see {@link PartReading.cutLink}): a lead-in
 * does not read as one then (the splitter keeps a lead-in that holds an identifier, but reads it alone).
 */
function startsInLinkTag(unit: ClaimUnit, context: CheckContext, reading: PartReading): boolean {
  if (reading.cutLink !== null) return true;
  if (reading.opened === '') return false;
  const folded = foldIdentifierText(reading.opened + identifierText(unit));
  return context.rules.some((rule) => matchIdentifiers(folded, rule).length > 0);
}

/** What a part shows that spans parts, read in answer order whatever each verdict ({@link readPart}). */
export interface PartReading {
  /** Its text as a reader sees it, when the support check is on. */
  shown: Shown | null;
  /** The markup in it that reorders what is shown, else null. */
  tag: string | null;
  /** The numbers of look-alike markers it shows, in order, repeats kept, a range's tail as `-from, to` ({@link Ranges}). */
  lookAlikes: number[];
  /**
   * The numbers, as `lookAlikes` holds them, of a look-alike that a soft line break cuts between this part and the one
   * next to it (`[1][\n3]`: a page joins the lines and shows `[1][ 3]`), which both parts show; set on the part that
   * opens it by {@link cutAcross} once the next part is read.
   */
  cut: number[];
  /**
   * It shows nothing but what a marker may hold (a line `[]()`) inside a look-alike's bracket that the part before it
   * left open, which stays open past it: the part that opened it waits on for the one that closes it.
   */
  passes: boolean;
  /** The markers of the other part of that look-alike: what both parts cite, joined, as the one-line form does. */
  cutBy: readonly number[];
  /** The tag the part starts inside, as the part before left it open ({@link TagState}; '' none). */
  opened: TagState;
  /**
   * The attribute a page follows as a URL (`src`, `href`, …, see {@link followsAsLink}) whose quoted value runs from
   * this part into the next one or from the one before into this one, else null: neither part holds the whole URL.
   */
  cutLink: string | null;
}

/**
 * Reads a part for what spans parts: an element a page never shows, a tag and a bracket that a line break cuts. Every
 * part is read, in order, whatever its verdict.
 */
export function readPart(unit: ClaimUnit, context: CheckContext): PartReading {
  const cut: number[] = [];
  const opened = CODE_UNITS.has(unit) ? '' : context.tag;
  const shown = readShown(unit, context);
  const tag = readReordering(unit, context);
  const passes = { value: false };
  return {
    shown,
    tag,
    lookAlikes: lookAlikeNumbers(unit, context, cut, passes),
    cut,
    passes: passes.value,
    cutBy: [],
    opened,
    cutLink: linkValueOpen(opened) ?? linkValueOpen(context.tag),
  };
}

/** The attribute a tag left open at `state` ({@link TagState}) is in the quoted value of, if a page follows it as a URL. */
function linkValueOpen(state: TagState): string | null {
  const open = /^<(?<tag>[^ ]*) (?<name>[^ ]*)=["']$/.exec(state);
  if (open === null) return null;
  const { tag, name } = open.groups!;
  return followsAsLink(tag!, name!) ? name! : null;
}

/** Whether the last part read leaves a look-alike's bracket open: the next part read may close it ({@link cutAcross}). */
export const leavesBracketOpen = (context: CheckContext): boolean => context.bracket !== '';

/**
 * Shares a look-alike a soft line break cuts between the part that opens it (`opening`, read just before) and the next
 * one (`closing`, whose `cut` holds its numbers): each shows it beside the other's markers.
 */
export function cutAcross(
  opening: PartReading,
  openingNumbers: readonly number[],
  closing: PartReading,
  closingNumbers: readonly number[],
): void {
  if (closing.cut.length === 0) return;
  opening.cut = closing.cut;
  opening.cutBy = closingNumbers;
  closing.cutBy = openingNumbers;
}

/** The look-alike numbers a soft line break cuts (`reading.cut`) that no source shown, nor one cited by either part, shows. */
function cutNumbers(reading: PartReading, numbers: readonly number[], context: CheckContext): Counted {
  if (reading.cut.length === 0) return { first: [], safe: 0, count: 0 };
  return forgedNumbers(reading.cut, [...numbers, ...reading.cutBy], context);
}

const cutSubject = (unit: ClaimUnit): string =>
  `Claim "${shown(unit.text)}" shows, written as text in a bracket a line break cuts,`;

/**
 * The markup in a part that reorders what a page shows ({@link reorderingTag}), read whatever its verdict and in answer
 * order, from where the part before it left a tag open (a tag runs over a line break: `<span\ndir=rtl>`). A line of
 * code shows its tags as typed.
 */
function readReordering(unit: ClaimUnit, context: CheckContext): string | null {
  if (CODE_UNITS.has(unit)) {
    context.tag = '';
    return null;
  }
  const { tag, open } = reorderingTag(unit.text, HTML_BLOCK_UNITS.has(unit), context.tag);
  context.tag = open;
  return tag;
}

/** The rejection of a part (named by `subject`) that holds `tag`, markup that reorders what is shown. */
function reordered(subject: string, tag: string): Rejection {
  return {
    code: 'unsupported',
    message: `${subject} holds "${shown(tag)}", markup that can reorder what is shown as a bidi control does; expected no \`dir\` or \`style\` attribute and no \`bdo\`, \`style\` or \`link\` element in an answer.`,
  };
}

/** A part's text as a reader sees it: `shown` counts for a claim, `aside` against it ({@link shownText}). */
export type Shown = { shown: string; aside: string };

/**
 * What a part (a unit or a source-list entry) shows, read whatever its verdict and in answer order, when the support
 * check is on (else null): an element a page never shows that any part leaves open hides the parts after it, an
 * entry's `<b hidden>` too (a browser reopens a formatting element, attributes and all, in the next paragraph).
 */
function readShown(unit: ClaimUnit, context: CheckContext): Shown | null {
  if (context.support === null) return null;
  // A line of code shows its tags as typed: they open and close no element (inside one left open, it is hidden too).
  if (CODE_UNITS.has(unit)) {
    const text = unit.textWithoutMarkers;
    return context.hidden === null ? { shown: text, aside: '' } : { shown: '', aside: text };
  }
  // No strikethrough or phantom runs past its block: one a unit of an earlier block left open strikes nothing here.
  const block = BLOCK_OF.get(unit);
  if (block !== undefined && block !== context.block) {
    context.block = block;
    context.struck = false;
    context.phantom = 0;
  }
  const html = HTML_BLOCK_UNITS.has(unit);
  const { text, labels } = withoutLabels(unit, html);
  const read = shownText(text, context, html);
  return labels === '' ? read : { shown: read.shown, aside: `${read.aside} ${labels}`.trim() };
}

// A reference link's label after its text or a marker (`[see][label]`, `[1][label]`), and a footnote reference
// (`[^label]`): a page shows the link's text or a superscript number, never the label.
const LABEL_START = /\\.|\]\[|\[\^/g;
const LABEL = /\[(?:\\.|[^\\[\]\n\r])*\]/y;

/**
 * A unit's text without its markers and the labels a page never shows ({@link LABEL_START}), outside code, tags and
 * links' destinations (a line in an HTML block reads no markdown); and those labels, whose words count against the
 * claim as markup's do (a label with no definition shows as typed after all). Linear in the unit.
 */
function withoutLabels(unit: ClaimUnit, html: boolean): { text: string; labels: string } {
  const { text } = unit;
  if (html || !(text.includes('][') || text.includes('[^')))
    return { text: unit.textWithoutMarkers, labels: '' };
  const shift = unit.span.start;
  const starts = new Set(unit.markers.map((marker) => marker.start - shift));
  const { spans } = hiddenSpans(text, '', lineCodeSpans(text, false), false);
  const cut: Marker[] = unit.markers.map((m) => ({
    numbers: m.numbers,
    start: m.start - shift,
    end: m.end - shift,
  }));
  let labels = '';
  let k = 0;
  let end = 0;
  for (const found of text.matchAll(LABEL_START)) {
    if (found[0][0] === '\\') continue;
    const at = found[0] === '][' ? found.index + 1 : found.index;
    while (k < spans.length && spans[k + 1]! <= at) k += 2;
    if ((k < spans.length && spans[k]! <= at) || starts.has(at)) continue;
    LABEL.lastIndex = at;
    if (at < end || !LABEL.test(text)) continue;
    end = LABEL.lastIndex;
    cut.push({ numbers: [], start: at, end });
    labels += ` ${text.slice(at + 1, end - 1)}`;
  }
  if (labels === '') return { text: unit.textWithoutMarkers, labels: '' };
  cut.sort((a, b) => a.start - b.start);
  return { text: removeMarkers(text, 0, text.length, cut), labels: labels.trim() };
}

/**
 * A unit's text as a reader sees it, for the support check: what markup holds ({@link hiddenSpans}: HTML comments and
 * the like, tags, links' destinations and titles, images' alt texts) read as a space in `shown`, so that its words
 * cover no claim; and in `aside`, the words of it a page may show after all (a tag's attribute values but links',
 * alt texts, titles, comments), which count against the claim. Code spans are shown, and stay. What an element a page
 * never shows holds (`<style>`, `<span hidden>`: {@link afterTag}) goes to `aside` too, to the end of the unit and into
 * the units after it (`context.hidden`) while it stays open.
 */
function shownText(text: string, context: CheckContext, html: boolean): Shown {
  if (
    context.hidden === null &&
    !context.struck &&
    context.phantom === 0 &&
    !MAY_HIDE.test(text) &&
    !text.includes('](')
  )
    return { shown: text, aside: '' };
  // Read as its line was: a unit in an HTML block (or of a line that opens one) holds no code span, link or image.
  const code = lineCodeSpans(text, html);
  const { spans } = hiddenSpans(text, '', code, html);
  const struck = struckSpans(text, spans, context);
  let shown = '';
  let aside = '';
  let at = 0;
  let s = 0;
  // What a page shows of `text[from, to)`: struck and phantom stretches go aside.
  const show = (from: number, to: number): void => {
    while (s < struck.length && struck[s + 1]! <= from) s += 2;
    let next = from;
    for (let j = s; j < struck.length && struck[j]! < to; j += 2) {
      const start = Math.max(struck[j]!, next);
      shown += text.slice(next, start);
      next = Math.min(struck[j + 1]!, to);
      aside += ` ${text.slice(start, next)}`;
    }
    shown += `${text.slice(next, to)} `;
  };
  // A last round past the spans reads the text after them.
  for (let k = 0, c = 0; k <= spans.length; k += 2) {
    const from = spans[k] ?? text.length;
    const to = spans[k + 1] ?? text.length;
    while (c < code.length && code[c]! < from) c += 2;
    if (code[c] === from && code[c + 1] === to && k < spans.length) continue; // a code span, not one inside a comment
    if (context.hidden === null) show(at, from);
    else aside += ` ${text.slice(at, from)}`;
    const markup = text.slice(from, to);
    aside += ` ${markupWords(markup)}`;
    context.hidden = afterTag(markup, context.hidden);
    at = to;
  }
  return { shown, aside: aside.trim() };
}

const MAY_HIDE = /[<~\\]|!\[/;
// Where a strikethrough may open or close (GFM: one or two tildes), a TeX phantom opens (KaTeX and MathJax draw
// nothing of `\phantom{…}`, `\hphantom`, `\vphantom`), a TeX escape, and a brace.
const STRUCK = /~+|\\[hv]?phantom(?![A-Za-z])[ \t]*\{|\\.|[{}]/g;
const SPACE = /\s/;

/**
 * The stretches of a unit's text a page shows struck out (GFM's `~~…~~` and `~…~`, paired as a run of as many tildes
 * with text beside them on the inside; `~~` left open runs into the units after it, `~` is a tilde) or draws nothing of
 * (a TeX phantom's braces, into the units after it while they stay open), outside `spans` (code, tags, links'
 * destinations): start and end offsets, flat, in order. Their words are no support; a quotation or a marker in them is
 * still checked. `<del>`, `<s>` and `<strike>` are read as elements ({@link afterTag}). Linear in the text, but for
 * ordering the stretches.
 */
function struckSpans(text: string, spans: readonly number[], context: CheckContext): number[] {
  if (!context.struck && context.phantom === 0 && !/[~\\]/.test(text)) return [];
  const found: Array<[number, number]> = [];
  const open = [-1, -1, context.struck ? 0 : -1]; // by tilde count, where a strikethrough opened
  let depth = context.phantom;
  let phantom = 0;
  let k = 0;
  for (const { 0: run, index } of text.matchAll(STRUCK)) {
    while (k < spans.length && spans[k + 1]! <= index) k += 2;
    if (k < spans.length && spans[k]! <= index) continue;
    if (depth > 0) {
      if (run === '}' && --depth === 0) found.push([phantom, index + 1]);
      else if (run === '{') depth++;
      else if (run.endsWith('{') && run.length > 2) depth++;
    } else if (run.length > 2 && run.endsWith('{')) {
      phantom = index;
      depth = 1;
    } else if (run[0] === '~' && run.length <= 2) {
      const end = index + run.length;
      if (open[run.length]! !== -1 && index > 0 && !SPACE.test(text[index - 1]!)) {
        found.push([open[run.length]!, end]);
        open[run.length] = -1;
      } else if (open[run.length] === -1 && end < text.length && !SPACE.test(text[end]!))
        open[run.length] = index;
    }
  }
  if (depth > 0) found.push([phantom, text.length]);
  context.phantom = depth;
  context.struck = open[2]! !== -1;
  if (context.struck) found.push([open[2]!, text.length]);
  found.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [start, end] of found) {
    if (out.length > 0 && start <= out.at(-1)!) out[out.length - 1] = Math.max(out.at(-1)!, end);
    else out.push(start, end);
  }
  return out;
}

// Elements whose content a browser never shows (`rp` where it shows ruby; `audio`, `video`, `canvas`: fallbacks; `svg`:
// its text is drawn only inside `<text>`, read as hidden all the same for support, but as shown for look-alike markers:
// `[<svg><text>3</text></svg>]` draws a `3`), and elements with no content. Not `head`: a
// browser ignores a `<head>` tag in the body ("put it in the <head> element" hides nothing).
const NEVER_SHOWN =
  /^(?:audio|canvas|datalist|iframe|noembed|noframes|noscript|rp|script|style|svg|template|title|video)$/;
// And, for support only (a look-alike marker in them is read as shown): elements whose content is a fallback or drawn
// only in part (`progress`, `meter`, `object`; a `select` shows one option), MathML a browser draws nothing of
// (`mphantom`, a `semantics` element's annotations), and struck-out text (`del`, `s`, `strike`), which shows but
// asserts nothing.
const UNDRAWN = /^(?:annotation(?:-xml)?|del|meter|mphantom|object|progress|s|select|strike)$/;
// Elements that show their content only with an `open` attribute (a closed `details` shows its summary alone: the whole
// of it is read as hidden).
const CLOSED = /^(?:details|dialog)$/;
const VOID = /^(?:area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)$/;
// Elements whose content the browser reads as text up to their own closing tag (`plaintext`: to the end).
const RAW_TEXT = /^(?:iframe|noembed|noframes|noscript|plaintext|script|style|textarea|title|xmp)$/;
const TAG_HEAD = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/;
/**
 * A tag's `/`, name and attributes (up to `>`, a quote left open, or the end): a scan for the attributes of
 * `^<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)`, whose repeated group keeps a backtrack entry per
 * quoted value and overflows V8's stack on a long run of them (`<b ''''…`).
 */
function readTag(markup: string): [string, string, string, string] | null {
  const head = TAG_HEAD.exec(markup);
  if (head === null) return null;
  let end = head[0].length;
  for (let char = markup[end]; char !== undefined && char !== '>'; char = markup[end]) {
    if (char !== '"' && char !== "'") end++;
    else {
      const close = markup.indexOf(char, end + 1);
      if (close === -1) break;
      end = close + 1;
    }
  }
  return [markup.slice(0, end), head[1]!, head[2]!, markup.slice(head[0].length, end)];
}
/**
 * The element a page never shows that is open after `markup` (a tag, a comment or the like), given the one open
 * before it (null: none; changed in place). One opens at a tag of an element {@link NEVER_SHOWN}, a `details` or
 * `dialog` without `open`, or one whose attributes hide it ({@link hides}); it closes at its own closing tag once every
 * element opened in it has closed by name, which is never before a browser closes it (`<span hidden><div>x</span>`
 * leaves the span open) and may be after. With `svgShown` (reading look-alike markers), an `svg` shows what it draws.
 */
function afterTag(markup: string, hidden: Hidden | null, svgShown = false): Hidden | null {
  const tag = readTag(markup);
  if (tag === null) return hidden;
  const closing = tag[1] === '/';
  const name = tag[2]!.toLowerCase();
  if (hidden === null) {
    const never = svgShown
      ? NEVER_SHOWN.test(name) && name !== 'svg'
      : NEVER_SHOWN.test(name) || UNDRAWN.test(name);
    if (closing || VOID.test(name) || !(never || hides(name, tag[3]!, !svgShown))) return null;
    return { name, open: new StringMap(), total: 0, raw: RAW_TEXT.test(name) ? name : '' };
  }
  if (hidden.raw !== '') {
    if (!closing || name !== hidden.raw || name === 'plaintext') return hidden;
    if (name === hidden.name) return null;
    hidden.raw = '';
  } else if (closing) {
    const count = hidden.open.get(name) ?? 0;
    if (count > 0) {
      hidden.open.set(name, count - 1);
      hidden.total--;
    } else if (name === hidden.name && hidden.total === 0) return null;
  } else if (RAW_TEXT.test(name)) hidden.raw = name;
  else if (!VOID.test(name)) {
    hidden.open.set(name, (hidden.open.get(name) ?? 0) + 1);
    hidden.total++;
  }
  return hidden;
}

/**
 * Whether a tag's attributes (after its name) hide element `name`: `hidden`, or any `style`, or no `open` on a
 * `details` or `dialog` (`aria-hidden` hides nothing on screen). Any style, whatever it says: CSS hides
 * text a hundred ways (`display:none`, `font-size:0`, `opacity:0`, a clip, an off-screen position, a transparent
 * colour) in spellings a browser decodes (`display&colon;none`, `d\isplay:none`, a CSS comment between the words),
 * and no list of them is whole. An answer rarely styles its text, and what a reader may not see must never support a claim.
 * With `popover` (the support check; look-alike markers read them as shown), also `popover` (shown only once opened),
 * `color` (`<font color="white">`) and `class` (the page's own CSS: `class="hidden"`, `class="sr-only"`), which hide
 * as a style does.
 */
function hides(name: string, attributes: string, popover: boolean): boolean {
  let open = false;
  for (const [attribute] of attributesOf(attributes)) {
    const lower = attribute.toLowerCase();
    if (
      lower === 'hidden' ||
      lower === 'style' ||
      (popover && (lower === 'popover' || lower === 'color' || lower === 'class'))
    )
      return true;
    open ||= lower === 'open';
  }
  return CLOSED.test(name) && !open;
}

// A bracket escaped by a backslash (`\\[2023\\]`: markdown's way to write one that is no link or marker, read as
// none), or a character reference (`&#91;`, `&#xFF13;`, `&lsqb;`, `&sup3;`, `&nbsp;`), read with or without its `;`,
// as a browser reads a numeric or legacy one in raw HTML; any other name with its `;` (`&ZeroWidthSpace;`).
// What `/\\[[\]]|&(?:#[xX]([\da-fA-F]+);?|#(\d+);?|(lsqb|rsqb|lbrack|rbrack|sup[123]|nbsp|shy);?|([A-Za-z][A-Za-z\d]*);)/g`
// matches, its digits and names read to their end by searches (`replaceReferences`): a repeated class keeps a backtrack
// entry per character where V8 does not optimize it (in a process that has compiled many regular expressions), and a
// reference of millions of digits overflowed its stack.
const REFERENCE_START =
  /\\[[\]]|&(?:#[xX](?=[\da-fA-F])|#(?=\d)|(lsqb|rsqb|lbrack|rbrack|sup[123]|nbsp|shy);?|(?=[A-Za-z]))/g;
const PAST_HEX = /[^\da-fA-F]/g;
const PAST_DECIMAL = /\D/g;
const PAST_NAME = /[^A-Za-z\d]/g;
const endOf = (past: RegExp, text: string, from: number): number => {
  past.lastIndex = from;
  return past.exec(text)?.index ?? text.length;
};

/** `text` with each reference `REFERENCE_START` opens decoded (`decodeReference`). */
function replaceReferences(text: string): string {
  let out = '';
  let at = 0;
  REFERENCE_START.lastIndex = 0;
  for (let found = REFERENCE_START.exec(text); found !== null; found = REFERENCE_START.exec(text)) {
    const start = found.index;
    let end = start + found[0].length;
    let decoded: string;
    if (found[0][0] === '\\' || found[1] !== undefined)
      decoded = decodeReference(found[0], undefined, undefined, found[1]);
    else if (found[0].length === 3 || found[0] === '&#') {
      const hex = found[0].length === 3;
      const digitsEnd = endOf(hex ? PAST_HEX : PAST_DECIMAL, text, end);
      const digits = text.slice(end, digitsEnd);
      end = text[digitsEnd] === ';' ? digitsEnd + 1 : digitsEnd;
      decoded = hex
        ? decodeReference(text.slice(start, end), digits)
        : decodeReference(text.slice(start, end), undefined, digits);
    } else {
      const nameEnd = endOf(PAST_NAME, text, end);
      if (text[nameEnd] !== ';') {
        REFERENCE_START.lastIndex = start + 1;
        continue;
      }
      end = nameEnd + 1;
      decoded = decodeReference(
        text.slice(start, end),
        undefined,
        undefined,
        undefined,
        text.slice(start + 1, nameEnd),
      );
    }
    out += text.slice(at, start) + decoded;
    at = end;
    REFERENCE_START.lastIndex = end;
  }
  return out + text.slice(at);
}
// The other names that show a bracket, a digit or a separator a marker holds, each followed by what a page shows.
const NAMED = new Map(
  'lsqb[ lbrack[ LeftDoubleBracket[ lobrk[ lbrke[ lbrkslu[ lbrksld[ lceil\u2308 LeftCeiling\u2308 lfloor\u230a LeftFloor\u230a lang\u27e8 langle\u27e8 LeftAngleBracket\u27e8 Lang[ loang[ lbbrk[ langd[ lparlt[ lopar[ ulcorn[ dlcorn[ rsqb] rbrack] RightDoubleBracket] robrk] rbrke] rbrksld] rbrkslu] rceil\u2309 RightCeiling\u2309 rfloor\u230b RightFloor\u230b rang\u27e9 rangle\u27e9 RightAngleBracket\u27e9 Rang] roang] rbbrk] rangd] rpargt] ropar] urcorn] drcorn] sup11 sup22 sup33 comma, semi; ndash\u2013 hyphen\u2010 dash\u2010 minus\u2212'
    .split(' ')
    .map((entry) => [entry.slice(0, -1), entry.slice(-1)] as const),
);
// Names that show nothing (a zero-width space, a joiner, an invisible operator), then names that show a space (their
// shape, as the sentence scan reads them: `nbsp`, `emsp13`, `ThinSpace`, `NewLine`).
const NAMED_INVISIBLE =
  /^(?:Negative\w*Space|ZeroWidthSpace|shy|NoBreak|zwn?j|[lr]lm|af|ApplyFunction|it|InvisibleTimes|ic|InvisibleComma)$/;
const NAMED_SPACE = /sp(?:1[34])?$|Space$|^(?:NewLine|Tab)$/;
// Brackets, as a class: open and close punctuation (`[`, `【`, `⟬`, `❲`, `⦗`, `〔`, in any form NFKC keeps or makes),
// and the corners and bracket pieces that are symbols (`⌜`, `⎡`, `⎣`, `⎛`, `⎧`); but for parentheses and braces
// (`(3)` and `{3}` in prose are no citation, and `（３）`, `⁽³⁾` read as them), the quotation marks that are open or
// close punctuation (`„`, `‚`, `⹂`, `〝`, `〞`, `〟`), the brackets that quote or title text in Chinese and Japanese
// (`《1984》`, `「3」を選択`: 〈〉《》「」『』, with the half-width, vertical and presentation forms NFKC reads as them)
// and the math delimiters (`⌈3⌉`, `⌊2⌋`, `⟨3⟩`; `〈` NFKC reads as `〈`). Each is read as `[` or `]`, whichever pair
// it is of. The forms before NFKC are named too, for MAY_BRACKET.
const OPENING =
  /(?![({\u201a\u201e\u2e42\u301d\u3008\u300a\u300c\u300e\u2308\u230a\u27e8\u2329\uff62\ufe41\ufe43\ufe3d\ufe3f])[\p{Ps}\u231c\u231e\u239b\u239d\u23a1\u23a3\u23a7\u23a9]/gu;
const CLOSING =
  /(?![)}\u301e\u301f\u3009\u300b\u300d\u300f\u2309\u230b\u27e9\u232a\uff63\ufe42\ufe44\ufe3e\ufe40])[\p{Pe}\u231d\u231f\u239e\u23a0\u23a4\u23a6\u23ab\u23ad]/gu;
// What may make a bracket as a page shows it: one, a reference, or a form NFKC turns into one (none is other than
// open punctuation but those that show parentheses, `⑶`, or no digit, `🉁`).
const MAY_BRACKET = new RegExp(`&|${OPENING.source}`, 'u');
// A bracket left open at a part's end, and one closed at a part's start: a line break inside a paragraph joins them.
// Markup may stand between them, cut by the line break too (`[<span\nclass=a>3]`, `[<!--\n-->3]`): a page shows none.
const OPEN_BRACKET = /\[[\d\s,;\u2013-]*(<[^>]*)?$/;
const CLOSED_BRACKET = /^[\d\s,;\u2013-]*\]/;
const BRACKET_INSIDE = /^[\d\s,;\u2013-]*$/;
const EMPTY_BRACKETS = /\[\s*\]/g;
const CLOSED_MARKUP = /^[^>]*>/;
// The end of a comment, a processing instruction or a CDATA section the line break cut (`[<!--\n-->3]`).
const CLOSED_HIDDEN = /^[^>]*(?:--|\?|\]\])>|^\s*>/;

/**
 * The numbers of what a page shows as a marker in a unit but the verifier reads as text, its real markers aside: what
 * the marker parser reads once character references, compatibility forms, other citation brackets (`【3】`) and digits
 * (`[٣]`), emphasis, code spans without a bracket (`` [`3`] ``), marks and invisible characters are read as a page
 * shows them (`[1][&#51;]`, `[1]［３］`, `[1][<b>3</b>]`), outside code, comments, tags and links' destinations. Read
 * in answer order, whatever the verdict: a bracket left open goes on in the next part, unless a hard break ends the
 * paragraph there ({@link PARAGRAPH_STARTS}), and the numbers of one it closes (`[1][\n3]`, over a soft line break)
 * go to `cut`. A reader sees a citation of it, which nothing checks.
 */
function lookAlikeNumbers(
  unit: ClaimUnit,
  context: CheckContext,
  cut: number[],
  passes: { value: boolean },
): number[] {
  // A hard break (a blank line, a heading, a new block) ends the paragraph: a page shows the lines apart.
  const carried = PARAGRAPH_STARTS.has(unit) ? '' : context.bracket;
  context.bracket = '';
  const { text } = unit;
  if (CODE_UNITS.has(unit) || (carried === '' && !mayShowBracket(unit))) return [];
  const chars = text.split('');
  const blank = (from: number, to: number): void => {
    for (let i = from; i < to; i++) chars[i] = ' ';
  };
  for (const marker of unit.markers) blank(marker.start - unit.span.start, marker.end - unit.span.start);
  const html = HTML_BLOCK_UNITS.has(unit);
  const code = lineCodeSpans(text, html);
  const { spans } = hiddenSpans(text, '', code, html);
  // What an element a page never shows holds is no part of a bracket (`[3<span hidden>x</span>]` shows `[3]`).
  let hidden: Hidden | null = null;
  let at = 0;
  for (let k = 0, c = 0; k < spans.length; k += 2) {
    const from = spans[k]!;
    const to = spans[k + 1]!;
    while (c < code.length && code[c]! < from) c += 2;
    const codeSpan = code[c] === from && code[c + 1] === to;
    if (hidden !== null) blank(at, codeSpan ? to : from);
    // A code span shows what it holds as typed: its digits, but no reference or escape (and an index, `a[3]`, is code).
    if (!codeSpan || /[[\]]/.test(text.slice(from, to))) blank(from, to);
    else
      for (let i = from; i < to; i++)
        chars[i] = chars[i] === '`' ? ' ' : chars[i]!.replace(/[&\\]/, '\u00b7');
    if (!codeSpan) hidden = afterTag(text.slice(from, to), hidden, true);
    at = to;
  }
  if (hidden !== null) blank(at, text.length);
  // A backslash hard line break at the line's end shows as one (`[\` shows `[<br>`), as two spaces before it do.
  if (HARD_BREAK_ENDS.has(unit) && chars[chars.length - 1] === '\\') chars[chars.length - 1] = ' ';
  const read = readBrackets(chars.join(''));
  // Past the sources, a range is read by its ends (a tail): the work per marker is bounded by the passage count.
  const ranges = context.ranges && context.passages.length;
  const numbers = markerNumbers(read, ranges);
  // A vendor's own form of a citation (`【4:0†source】`, `[Source 4]`, `[4a]`) is one of a source past the passages too.
  for (const n of vendorNumbers(read)) if (context.unnumbered || !isShown(n, context)) numbers.push(n);
  // Past the last `>`, so each `[` is tried once: no bracket left open holds one.
  const open = OPEN_BRACKET.exec(read.slice(read.lastIndexOf('>') + 1));
  // A bracket left open inside markup is carried with a `<`: the next part's text up to its first `>` is that markup.
  context.bracket =
    open === null ? '' : open[1] === undefined ? open[0] : `${open[0].slice(0, -open[1].length)}<`;
  let rest = read;
  if (carried.endsWith('<') || (carried !== '' && CLOSED_HIDDEN.test(rest)))
    rest = rest.replace(CLOSED_MARKUP, '');
  const closed = carried === '' ? null : CLOSED_BRACKET.exec(rest);
  if (closed !== null) cut.push(...markerNumbers(`${carried.replace(/<$/, '')} ${closed[0]}`, ranges));
  // A part that shows nothing but what a marker may hold (a line `[]()`: an empty link, or empty brackets) leaves the
  // bracket open.
  else if (carried !== '' && !carried.endsWith('<') && open === null) {
    const more = rest.replace(EMPTY_BRACKETS, ' ').trim();
    if (BRACKET_INSIDE.test(more)) {
      context.bracket = more === '' ? carried : `${carried} ${more}`;
      passes.value = true;
    }
  }
  return numbers;
}

/**
 * Whether a unit's text outside its real markers holds what may make a bracket as a page shows it (`MAY_BRACKET`, one
 * character at a time): a cited claim without one shows no other marker, and its reading is skipped.
 */
function mayShowBracket(unit: ClaimUnit): boolean {
  const { text } = unit;
  let from = 0;
  for (const marker of unit.markers) {
    const start = marker.start - unit.span.start;
    // Markers come in text order; any other order is read the long way.
    if (start < from || MAY_BRACKET.test(text.slice(from, start))) return true;
    from = marker.end - unit.span.start;
  }
  return MAY_BRACKET.test(text.slice(from));
}

/** The numbers a passage shows in brackets, read as {@link lookAlikeNumbers} reads them (once each). */
function shownNumbers(context: CheckContext, n: number): Set<number> {
  context.bracketNumbers ??= new StringMap();
  const { text } = context.passages[n - 1]!;
  let shown = context.bracketNumbers.get(text);
  if (shown === undefined) {
    // As a claim is read: a code span's backticks and a line break show as spaces (`` [`3`] ``, `[\n3]`).
    const read = readBrackets(text.replace(/<[^<>\n]*>/g, ' ').replace(/[`\n\r]/g, ' '));
    shown = new Set([...markerNumbers(read, context.ranges), ...vendorNumbers(read)]);
    context.bracketNumbers.set(text, shown);
  }
  return shown;
}

// White space a page shows as a space (`&#10;`, `&#13;`, a form feed, a line separator: `[&#10;3]` shows `[ 3]`), and
// the other control characters (C0, DEL, C1), which a browser shows as nothing (`[\u00073]` shows `[3]`).
const SHOWN_SPACE = /[\t\n\f\r\u1680\u2028\u2029]/g;
const SHOWN_NOTHING = /[\0-\x08\v\x0e-\x1f\x7f-\x9f]/g;

/**
 * `text` as a page shows its brackets and digits: references decoded, forms and styles read as `[`, `]` and ASCII,
 * white space as a space and control characters as nothing, raw or referenced alike.
 */
function readBrackets(text: string): string {
  return stripInvisible(replaceReferences(text))
    .replace(SHOWN_SPACE, ' ')
    .replace(SHOWN_NOTHING, '')
    .normalize('NFKC')
    .replace(/\p{M}|[*_~\u2800]/gu, ' ') // a keycap or a line under a digit; emphasis; the Braille blank
    .replace(OPENING, '[')
    .replace(CLOSING, ']')
    .replace(/[^\P{Nd}\d]/gu, digitOf);
}

function decodeReference(
  whole: string,
  hex?: string,
  decimal?: string,
  legacy?: string,
  name?: string,
): string {
  if (whole[0] === '\\') return '  ';
  name ??= legacy;
  if (name) {
    if (NAMED_INVISIBLE.test(name)) return '';
    return NAMED.get(name) ?? (NAMED_SPACE.test(name) ? ' ' : whole);
  }
  return String.fromCodePoint(shownCodePoint(hex ? Number.parseInt(hex, 16) : Number(decimal)));
}

// Decimal digits come in runs of ten from zero: a digit's value is how far into its run it stands.
function digitOf(digit: string): string {
  let value = 0;
  for (let code = digit.codePointAt(0)! - 1; /\p{Nd}/u.test(String.fromCodePoint(code)); code--) value++;
  return String(value % 10);
}

/** The numbers of the markers the parser reads in `text`. */
const markerNumbers = (text: string, ranges: Ranges): number[] =>
  findCodeSpanMarkers(text, ranges, []).flatMap((marker) => marker.numbers);

// A tag's attribute and its value; a link's or an image's destination (what a page never shows as text).
const ATTRIBUTE = /([A-Za-z_:][\w.:-]*)[ \t]*=[ \t]*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)/g;
const TAG_NAME = /^<[A-Za-z][A-Za-z0-9-]*/;
const DESTINATION = /(?:^|\])\([ \t]*(?:<[^>\n]*>|\S*)/g;

/** The words of a stretch of markup a page may show: a tag's attributes (but its name, `href` and `src`), else all
 * but a link's destination. */
function markupWords(markup: string): string {
  if (!/^<[A-Za-z]/.test(markup)) return markup.replace(DESTINATION, ' ');
  return markup
    .replace(TAG_NAME, ' ')
    .replace(ATTRIBUTE, (all, name: string) => (/^(?:href|src)$/i.test(name) ? ' ' : all));
}

/** Adds what `part` gives the search budget, once it is checked ({@link CheckContext.walks}): answer order decides. */
const earn = (context: CheckContext, part: ClaimUnit): void => {
  context.walks.left += SEARCH_BUDGET * part.text.length;
};

/**
 * The citation of a quotation in the claim citing `numbers`: the first of its sources whose passage holds the
 * quotation's words, at their span; else `true` when the title of one does (the prompt shows it: `According to
 * "Annual Report 2020" [1]`), which has no span in the text to cite; else `'unsearched'` when the search budget was
 * spent before every source was searched ({@link CheckContext.walks}); else null. Each source is searched once per
 * quotation text, whichever claim asks; one the budget cut short is searched again when a later claim asks.
 */
function locateQuotation(
  quotation: Quotation,
  numbers: readonly number[],
  context: CheckContext,
): Citation | true | 'unsearched' | null {
  // The search depends on the text alone, and on how a page shows it: keyed by the quotation first, so that the
  // claims of one quotation build its text key once.
  let search = context.searchOf.get(quotation);
  const key =
    search === undefined ? `${quotation.literal ? 1 : 0}${quotation.html ? 1 : 0}${quotation.text}` : '';
  search ??= context.located.get(key);
  if (search === undefined) {
    search = searchOf(quotation.text);
    // Its markup read as a page shows it (`**modify**`, `mod&#105;fy`), when that differs: searched when the text as
    // typed is not found. One read inside a code span or on a line of code shows its markup as typed.
    const rendered = quotation.literal ? quotation.text : quotationAsRendered(quotation.text, quotation.html);
    if (rendered !== quotation.text) search.rendered = searchOf(rendered);
    context.located.set(key, search);
  }
  context.searchOf.set(quotation, search);
  const { found: searched } = search;
  let inTitle = false;
  let unsearched = false;
  for (const n of numbers) {
    let found = searched.get(n);
    if (found === undefined) {
      const span = spanIn(search, index(context, n), context.walks);
      const passage = context.passages[n - 1]!;
      if (span === undefined) {
        unsearched = true;
        continue;
      }
      if (span !== null) found = citationOf(passage, n, span.start, span.end);
      else if (passage.title) {
        context.titles[n - 1] ??= share(context, { ...passage, text: passage.title });
        const inOwnTitle = spanIn(search, context.titles[n - 1]!, context.walks);
        if (inOwnTitle === undefined) {
          unsearched = true;
          continue;
        }
        found = inOwnTitle !== null;
      } else found = false;
      searched.set(n, found);
    }
    // A copy: claims that quote the same text share the search, never a citation object.
    if (typeof found === 'object') return { ...found };
    inTitle ||= found;
  }
  return inTitle ? true : unsearched ? 'unsearched' : null;
}

/** A quotation's text read for searching ({@link QuotationSearch}). */
function searchOf(text: string): QuotationSearch {
  const { items, start, end } = tagEdges(text, wordSequence(text));
  const words = trimSeparators(items);
  // A quotation of punctuation alone is one separator.
  const first = words.length > 0 && items[0]!.startsWith(SEPARATOR) ? 1 : 0;
  const pattern = words.length > 0 ? words : items;
  const search: QuotationSearch = {
    pattern,
    // A separator whose white space holds a line break stays as written (a dash at a line's start is a bullet).
    spaced: foldDashItems(
      pattern,
      (k) => holdsLineBreak(text, start[k + first]!, end[k + first]!),
      (k) => holdsEmDash(text, start[k + first]!, end[k + first]!),
    ),
    lead: [],
    trail: [],
    found: new Map(),
    spans: new Map(),
  };
  if (words.length > 0) {
    search.lead = signsBeside(text, start[first]!, -1).signs;
    search.trail = signsBeside(text, end[first + words.length - 1]!, 1).signs;
  }
  return search;
}

/**
 * Where a quotation searched for is in a passage's text, as typed or else as rendered: searched once per text,
 * however many sources share it. Undefined, and not kept, when `walks` (the budget the passage's index charges) is
 * spent before or while it is searched and it was not found: not searched, which is not absent.
 */
function spanIn(search: QuotationSearch, passage: PassageIndex, walks: WalkBudget): Span | null | undefined {
  let span = search.spans.get(passage.text);
  if (span === undefined) {
    if (walks.left <= 0) return undefined;
    // As written, then with the white space beside a dash between two parts no part of it (see foldDashItems).
    span = passage.locateQuotation(search.pattern, search.lead, search.trail, search.spaced);
    const { rendered } = search;
    if (span === null && rendered !== undefined)
      span = passage.locateQuotation(rendered.pattern, rendered.lead, rendered.trail, rendered.spaced);
    if (span === null && walks.left < 0) return undefined;
    search.spans.set(passage.text, span);
  }
  return span;
}

/** The citation of `passage.text[start, end)` as source `source`. */
function citationOf(passage: Passage, source: number, start: number, end: number): Citation {
  const { documentId, chunkId, text } = passage;
  const offset = passage.start;
  return {
    source,
    documentId,
    chunkId,
    start: offset + start,
    end: offset + end,
    text: text.slice(start, end),
  };
}

/** Whether `n`, a number a marker names (a whole number, or Infinity past the float range), is a source shown. */
const isShown = (n: number, context: CheckContext): boolean => n >= 1 && n <= context.passages.length;

/** The rejection of numbers that name no source shown, for a message that starts with `subject`. */
function notShown(subject: string, numbers: readonly number[] | Counted, context: CheckContext): Rejection {
  const count = context.passages.length;
  const listed = 'count' in numbers ? numbers : counted(numbers);
  if (context.unnumbered)
    return {
      code: 'marker_out_of_range',
      message: `${subject} ${listNumbers(listed).replace(/[[\]]/g, '')} in brackets, which no citation places and no cited source shows; expected markers only where the provider's citations place them.`,
    };
  return {
    code: 'marker_out_of_range',
    message: `${subject} ${listNumbers(listed)}, which ${listed.count === 1 ? 'is' : 'are'} not a source shown; expected numbers${range(count)}.`,
  };
}

/** Numbers as a message lists them: the first five safe integers, how many are safe, and how many in all. */
interface Counted {
  first: number[];
  safe: number;
  count: number;
}

function counted(numbers: readonly number[]): Counted {
  const safe = numbers.filter((n) => Number.isSafeInteger(n)); // parsed from digits: never negative
  return { first: safe.slice(0, 5), safe: safe.length, count: numbers.length };
}

/**
 * The look-alike numbers (read as {@link lookAlikeNumbers} writes them) that are no source shown, nor shown in
 * brackets by a source shown among `numbers` (its own `&#91;2&#93;`, copied, is its text), counted with repeats as a
 * message lists them. A tail is counted by its ends, less the numbers in it the cited passages show (found by binary
 * search): the work per tail is logarithmic, not its length.
 */
function forgedNumbers(
  lookAlikes: readonly number[],
  numbers: readonly number[],
  context: CheckContext,
): Counted {
  const result: Counted = { first: [], safe: 0, count: 0 };
  let excused: number[] | null = null;
  const excusedOf = (): number[] => {
    if (excused === null) {
      const union = new Set<number>();
      for (const m of numbers)
        if (isShown(m, context)) for (const k of shownNumbers(context, m)) union.add(k);
      excused = [...union].filter((k) => context.unnumbered || !isShown(k, context)).sort((a, b) => a - b);
    }
    return excused;
  };
  const forged = (n: number): boolean =>
    (context.unnumbered || !isShown(n, context)) && !holds(excusedOf(), n);
  for (let i = 0; i < lookAlikes.length; i++) {
    const n = lookAlikes[i]!;
    if (n >= 0) {
      if (!forged(n)) continue;
      result.count++;
      if (!Number.isSafeInteger(n)) continue;
      result.safe++;
      if (result.first.length < 5) result.first.push(n);
      continue;
    }
    // A tail: every number in it is past the sources, and safe.
    const to = lookAlikes[++i]!;
    const list = excusedOf();
    const tail = to + n + 1 - (countBelow(list, to + 1) - countBelow(list, -n));
    result.count += tail;
    result.safe += tail;
    for (let m = -n; m <= to && result.first.length < 5; m++) if (forged(m)) result.first.push(m);
  }
  return result;
}

const holds = (list: readonly number[], n: number): boolean => list[countBelow(list, n)] === n;

function index(context: CheckContext, n: number): PassageIndex {
  context.indexes[n - 1] ??= share(context, context.passages[n - 1]!);
  return context.indexes[n - 1]!;
}

/**
 * The index of `passage`, one per text and names (title, uri, document id) per answer: one of a text another passage
 * has shares all it reads from the text with that one (the same document cited under many numbers is read once).
 */
function share(context: CheckContext, passage: Passage): PassageIndex {
  // Texts and names are keyed in StringMaps: strings past 16,383 units of one length all collide in a Map.
  let byNames = context.shared.get(passage.text);
  if (byNames === undefined) {
    byNames = new StringMap();
    context.shared.set(passage.text, byNames);
  }
  const names = JSON.stringify([passage.title, passage.uri, passage.documentId]);
  let found = byNames.get(names);
  if (found === undefined) {
    // Under '' (no JSON text), the text's first index, whose reading of the text later ones share.
    found = new PassageIndex(passage, byNames.get(''), context.walks);
    byNames.set(names, found);
    if (!byNames.has('')) byNames.set('', found);
  }
  return found;
}

/** The sources `numbers` (in range), one per text: what the checks of their text alone read. */
function oneIndexPerText(context: CheckContext, numbers: readonly number[]): PassageIndex[] {
  const byText = new Map<object, PassageIndex>();
  for (const n of numbers) {
    const found = index(context, n);
    if (!byText.has(found.text)) byText.set(found.text, found);
  }
  return [...byText.values()];
}

/** Deduplicates citations by (source, start, end), keeping first-mention order. */
export function dedupeCitations(citations: readonly Citation[]): Citation[] {
  if (citations.length <= 16) {
    const out: Citation[] = [];
    for (const c of citations) {
      if (!out.some((o) => o.source === c.source && o.start === c.start && o.end === c.end)) out.push(c);
    }
    return out;
  }
  const seen = new Set<string>();
  const out: Citation[] = [];
  for (const citation of citations) {
    const key = `${citation.source}:${citation.start}:${citation.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(citation);
  }
  return out;
}

/**
 * A claim, quotation or identifier in a message: whitespace runs as one space (over the first 320 characters, so
 * a long text costs no more than a short one), then at most 80 characters, never half a surrogate pair.
 */
function shown(text: string): string {
  return cut(cut(text, 320).replace(/\s+/g, ' '), 80);
}

/** `text` if it has at most `length` characters, else its first `length` (not ending in a high surrogate) and `…`. */
function cut(text: string, length: number): string {
  if (text.length <= length) return text;
  const code = text.charCodeAt(length - 1);
  return `${text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length)}…`;
}

/**
 * The numbers a claim cites, for a message: `[1], [2] and [3]`, past five `[1], ..., [5] and 2 more`, and a
 * number past 2^53 named in words (its digits were not kept exactly).
 */
function listNumbers(numbers: readonly number[] | Counted): string {
  const { first, safe, count } = 'count' in numbers ? numbers : counted(numbers);
  const huge = count - safe;
  const items = first.map((n) => `[${n}]`);
  if (safe > 5) items.push(`${safe - 5} more`);
  if (huge > 0) items.push(huge === 1 ? 'a number past 2^53' : `${huge} numbers past 2^53`);
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items.join('');
}

function range(count: number): string {
  return count === 0 ? ' (but no sources were shown)' : ` in 1..${count}`;
}
