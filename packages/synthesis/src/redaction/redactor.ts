import { checkArgument, InvalidArgumentError, isObject, readArgument } from '@gk/internal';
import { coverAsRead, type ReadingUnits, readingUnits, snapToUnits } from './cover-as-read.js';
import type { TokenSpan } from './cover-revealed-matches.js';
import { originOf, readingView } from './reading-view.js';
import { LONG_VALUE, valueFinder } from './find-values.js';
import { type Splice, spliceJoined } from './splice-joined.js';

/** A named pattern whose matches are replaced by `[<NAME>_<n>]` tokens. */
export interface RedactionPattern {
  /** Letters, digits and `_`, starting with a letter; uppercased in the token. */
  name: string;
  pattern: RegExp;
}

/** A pattern ready to run: its name, its token label and a global copy of its regex. */
export interface CompiledPattern {
  name: string;
  label: string;
  pattern: RegExp;
}

/** One pattern's match: where it is, the pattern's place in the list and its label. */
type Match = { start: number; end: number; order: number; label: string };

/** How long a value must be to be looked for again wherever it stands (see `Redactor.repeats`). */
const MIN_REPEAT = 3;
/** The signs that end a sentence or a clause, which a rule may read as the end of a value. */
const SENTENCE_END = new Set(['.', ',', ';', ':', '!', '?', ')']);

/** `value` without the signs that end a sentence at its end, in one pass from the end. */
function withoutSentenceEnd(value: string): string {
  let end = value.length;
  while (end > 0 && SENTENCE_END.has(value[end - 1] as string)) end -= 1;
  return value.slice(0, end);
}

/**
 * Whether `value` is looked for again wherever it stands: it holds a letter or digit, and a digit or a sign, a capital
 * after a small letter, or 16 or more characters. A word a rule read as a value (`the`, `admin`, `required`) is hidden
 * only where its key names it, not in every honest sentence that uses it.
 */
function distinctive(value: string): boolean {
  return (
    /[\p{L}\p{N}]/u.test(value) &&
    (/[^\p{L}\p{M}\s]/u.test(value) || capitalAfterSmall(value) || value.length >= DISTINCT_LENGTH)
  );
}

/**
 * `/\p{Ll}\p{M}*\p{Lu}/u.test(value)` by a loop: V8 overflows its stack on that pattern over millions of marks.
 */
function capitalAfterSmall(value: string): boolean {
  let small = false;
  for (let at = 0; at < value.length; ) {
    ONE.lastIndex = at;
    const match = ONE.exec(value);
    if (match === null) return false;
    if (small && match[2] !== undefined) return true;
    if (match[1] !== undefined) small = true;
    else if (match[3] === undefined) small = false;
    at = ONE.lastIndex;
  }
  return false;
}
// One code point: a small letter, a capital, a mark, or any other.
const ONE = /(\p{Ll})|(\p{Lu})|(\p{M})|[\s\S]/uy;

/** How long a value of letters in one case must be to be looked for again (a passphrase, not a word). */
const DISTINCT_LENGTH = 16;

/** `text` read as the inside of a JSON string, or `undefined` when it is not one or reads as itself. */
function jsonUnescaped(text: string): string | undefined {
  try {
    const read: unknown = JSON.parse(`"${text}"`);
    return typeof read === 'string' && read !== text ? read : undefined;
  } catch {
    return undefined;
  }
}

/** Anything shaped like a redaction token; a letter inside keeps it from ever parsing as a citation marker. */
export const TOKEN_SHAPE = /\[[A-Z][A-Z0-9_]*_[0-9]+\]/g;
const NAME_SHAPE = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

/** Validates the patterns and gives each a global, non-sticky copy, so callers' regexes are never mutated. */
export function compilePatterns(patterns: readonly RedactionPattern[]): CompiledPattern[] {
  return patterns.map((entry, index) => {
    // Each entry read once; a getter or a proxy that throws is refused with a code.
    const { name, pattern } = readArgument(`patterns[${index}]`, () => {
      checkArgument(isObject(entry), `patterns[${index}]`, 'a { name, pattern } entry', entry);
      const { name, pattern } = entry;
      return { name, pattern };
    });
    if (typeof name !== 'string' || !NAME_SHAPE.test(name)) {
      throw new InvalidArgumentError({
        parameter: 'patterns[].name',
        expected: `a string matching ${String(NAME_SHAPE)}`,
        received: name,
      });
    }
    if (!(pattern instanceof RegExp)) {
      throw new InvalidArgumentError({
        parameter: `patterns.${name}.pattern`,
        expected: 'a RegExp',
        received: pattern,
      });
    }
    const { source, flags } = readArgument(`patterns.${name}.pattern`, () => ({
      source: pattern.source,
      flags: pattern.flags.replace('y', ''),
    }));
    return {
      name,
      label: name.toUpperCase(),
      pattern: readArgument(
        `patterns.${name}.pattern`,
        () => new RegExp(source, flags.includes('g') ? flags : `${flags}g`),
      ),
    };
  });
}

/**
 * One call's mapping between sensitive values and tokens. Create one per model call and drop it afterwards:
 * a token means something only inside the call that produced it.
 */
export class Redactor {
  private readonly patterns: readonly CompiledPattern[];
  private readonly reserved: Set<string>;
  private readonly valueToToken = new Map<string, string>();
  private readonly tokenToValue = new Map<string, string>();
  private readonly counters = new Map<string, number>();
  /** Every value a token was issued for, with the token's label, in the order issued. */
  private readonly issued: Array<{ label: string; value: string }> = [];
  /** Every match that stood inside an earlier, wider match, with its label: given a token where it stands alone. */
  private readonly inner: Array<{ label: string; value: string }> = [];
  /** Every proper prefix of every issued token (`[`, `[E`, … `[EMAIL_1`): a held-back tail is looked up once. */
  private readonly prefixes = new Set<string>();
  /** Length of the longest token issued so far. */
  longestToken = 0;

  /** `inputs` are all texts of the call: token-shaped text already in them is never issued as a token. */
  constructor(patterns: readonly CompiledPattern[], inputs: readonly string[]) {
    this.patterns = patterns;
    // Also what reads as a token (`[EMAIL\u200b_1]`, `［EMAIL_1］`): a model may write it back as the token.
    this.reserved = new Set(
      inputs.flatMap((text) => [
        ...(text.match(TOKEN_SHAPE) ?? []),
        ...(readingView(text)?.text.match(TOKEN_SHAPE) ?? []),
      ]),
    );
  }

  /** Number of distinct values replaced so far. */
  get size(): number {
    return this.tokenToValue.size;
  }

  /** Replaces every match with its token (see `redactions`). */
  redact(text: string): string {
    return spliceJoined([text], (joined) => this.redactions(joined))[0] ?? text;
  }

  /**
   * The tokens that replace matches in `text`, in order. Where matches overlap, the earliest (then the longest)
   * keeps its whole token, and the part of a later match that runs past the text already taken becomes a token of
   * that match's own kind: no matched character is left out, and each token stands for one contiguous slice of the
   * text. Text that reads as a match only once a neighbour is a token (`a@b.org_c@d.org` would show
   * `[EMAIL_1]_c@d.org`) becomes a token too, until no pattern matches the output outside tokens as the model reads
   * it (invisible characters dropped, full-width signs and an encoded `@` folded).
   */
  redactions(text: string): Splice[] {
    const { matches, units } = this.matchesAsRead(text);
    if (matches.length === 0) return [];
    const spans: TokenSpan[] = [];
    let cursor = 0;
    for (const { start, end, label } of matches) {
      // A value inside a wider match (a password inside an address-shaped match) is a value too: `repeats` hides its
      // bare copies elsewhere in the call, which the wider token does not cover.
      if (start < cursor) this.inner.push({ label, value: text.slice(start, end) });
      if (end <= cursor) continue; // wholly inside text already taken
      // A match that starts inside taken text still hides the rest of itself; the earlier token stays as it is
      // elsewhere in the call, and the two restore to exactly the text they replaced.
      const from = Math.max(start, cursor);
      spans.push({ start: from, end, token: this.tokenFor(label, text.slice(from, end)) });
      cursor = end;
    }
    return coverAsRead(text, units, spans, this.patterns, (label, value) => this.tokenFor(label, value)).map(
      ({ start, end, token }) => ({ start, end, text: token }),
    );
  }

  /**
   * The token for `value` when one match in `text`, as `redactions` finds them, covers all of `text.slice(start, end)`,
   * where `value` is written (JSON-escaped after its key): the token stands for `value`, so it restores to it.
   */
  wholeToken(text: string, start: number, end: number, value: string): string | undefined {
    if (start >= end) return undefined;
    const match = this.matchesAsRead(text).matches.find((found) => found.start <= start && found.end >= end);
    return match === undefined ? undefined : this.tokenFor(match.label, value);
  }

  /** Every match in `text`, earliest (then longest) first, found in it as written and as the model reads it. */
  private matchesAsRead(text: string): { matches: Match[]; units: ReadingUnits | undefined } {
    // The text as the model reads it too (invisible characters dropped, full-width signs and an encoded `@` folded), so
    // a value spelled with them is found; its match covers the original characters it reads from. A match on the text
    // as written takes the whole of any `%40` or `&#64;` it ends or starts inside.
    const view = readingView(text);
    const units = view === undefined ? undefined : readingUnits(view, text.length);
    const matches = this.matches(text);
    if (units !== undefined) {
      for (const match of matches) Object.assign(match, snapToUnits(units, match.start, match.end));
      for (const match of this.matches(units.view.text))
        matches.push({ ...match, ...originOf(units.view, match.start, match.end) });
    }
    matches.sort((a, b) => a.start - b.start || b.end - a.end || a.order - b.order);
    return { matches, units };
  }

  /**
   * Every non-empty match of every pattern in `text`, with the pattern's place in the list. A pattern that throws on
   * the text (V8 overflows its backtrack stack on a caller's repeated class over millions of characters, sooner in a
   * process that has compiled many regular expressions) is refused with a code: nothing is sent unread.
   */
  private matches(text: string): Match[] {
    const matches: Match[] = [];
    this.patterns.forEach(({ name, label, pattern }, order) => {
      try {
        for (const match of text.matchAll(pattern)) {
          if (match[0].length > 0)
            matches.push({ start: match.index, end: match.index + match[0].length, order, label });
        }
      } catch (cause) {
        throw new InvalidArgumentError({
          parameter: `patterns.${name}.pattern`,
          expected: 'a pattern that runs over the text (it threw)',
          received: pattern,
          cause,
        });
      }
    });
    return matches;
  }

  /**
   * Puts back the values of tokens issued by this redactor, each passed through `encode` (JSON escaping for a
   * tool call's input); any other bracketed text is left as it is.
   */
  restore(text: string, encode: (value: string) => string = (value) => value): string {
    if (this.tokenToValue.size === 0) return text;
    return text.replace(TOKEN_SHAPE, (token) => {
      const value = this.tokenToValue.get(token);
      return value === undefined ? token : encode(value);
    });
  }

  /** The tokens issued by this redactor in `text`, each to be replaced by its value. */
  restorations(text: string): Splice[] {
    const splices: Splice[] = [];
    if (this.tokenToValue.size === 0) return splices;
    for (const match of text.matchAll(TOKEN_SHAPE)) {
      const value = this.tokenToValue.get(match[0]);
      if (value !== undefined)
        splices.push({ start: match.index, end: match.index + match[0].length, text: value });
    }
    return splices;
  }

  /**
   * Finds, in a text, every place where a value this redactor has issued a token for stands again, and gives the
   * splices that put its token there (see {@link valueFinder}: a value of fewer than {@link LONG_VALUE} characters
   * only where it is a whole word, a longer one inside a longer word too). A value a rule read with the sign that ends
   * a sentence (`hunter2x9Q.` after `password: `) is found without it as well, under a token of its own that restores
   * to what it replaced, and so is its other JSON form (escaped, where it holds `"` or `\`; unescaped, where it holds
   * escapes such as `\"`), each under a token of its own. Values of fewer than {@link MIN_REPEAT} characters, or not
   * distinctive (see `distinctive`: `admin`, `the`), are not looked for: they would take honest words and signs. Issued
   * tokens in the text are left as they are. The values are those issued when this is called; a token issued for a part of two overlapping values goes on being issued.
   */
  repeats(): (text: string) => Splice[] {
    const labels: string[] = [];
    const values: string[] = [];
    const seen = new Set<string>();
    const add = (label: string, value: string): void => {
      if (value.length < MIN_REPEAT || !distinctive(value) || seen.has(value)) return;
      seen.add(value);
      labels.push(label);
      values.push(value);
    };
    for (const { label, value } of this.issued) add(label, value);
    for (const { label, value } of this.inner) add(label, value);
    for (const { label, value } of [...this.issued, ...this.inner]) {
      const plain = withoutSentenceEnd(value);
      add(label, plain);
      // The other way JSON writes it: escaped where it holds a quote or a backslash, unescaped where it holds escapes.
      for (const form of [value, plain]) {
        if (!/["\\]/.test(form)) continue;
        add(label, JSON.stringify(form).slice(1, -1));
        const unescaped = jsonUnescaped(form);
        if (unescaped !== undefined) add(label, unescaped);
      }
    }
    const find = valueFinder(values);
    return (text) => {
      if (values.length === 0) return [];
      const splices: Splice[] = [];
      // Between issued tokens only: a value never takes part of one.
      let from = 0;
      const scan = (to: number): void => {
        const part = text.slice(from, to);
        for (const { start, end, index } of find(part)) {
          const token = this.tokenFor(labels[index] as string, part.slice(start, end));
          splices.push({ start: from + start, end: from + end, text: token });
        }
      };
      for (const match of text.matchAll(TOKEN_SHAPE)) {
        if (!this.tokenToValue.has(match[0])) continue;
        scan(match.index);
        from = match.index + match[0].length;
      }
      scan(text.length);
      return splices;
    };
  }

  /** Whether `text` is a token issued by this redactor. */
  isToken(text: string): boolean {
    return this.tokenToValue.has(text);
  }

  /** Whether `suffix` could still grow into a token issued by this redactor. */
  couldStartToken(suffix: string): boolean {
    return suffix.length < this.longestToken && this.prefixes.has(suffix);
  }

  private tokenFor(label: string, value: string): string {
    const known = this.valueToToken.get(value);
    if (known !== undefined) return known;
    let n = this.counters.get(label) ?? 0;
    let token: string;
    do {
      n += 1;
      token = `[${label}_${n}]`;
    } while (this.reserved.has(token));
    this.counters.set(label, n);
    this.valueToToken.set(value, token);
    this.tokenToValue.set(token, value);
    this.issued.push({ label, value });
    this.longestToken = Math.max(this.longestToken, token.length);
    for (let end = 1; end < token.length; end++) this.prefixes.add(token.slice(0, end));
    return token;
  }
}
