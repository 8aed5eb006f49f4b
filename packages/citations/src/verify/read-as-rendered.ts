import { shownCodePoint } from '../text/shown-code-point.js';
import { autolinkSpans } from './autolink-spans.js';

// Markdown an identifier may hide behind and still render as itself: a backslash escape (`mayor\@evil.example`), a
// character reference (`ECLI&#58;NL:…`, `&commat;`) and emphasis around or inside it (`*mayor*@evil.example`,
// `**ECLI**:NL:…`). Identifiers are read on the text as it renders, in claims and passages alike.

// Named references to the ASCII punctuation identifiers are written with, each name followed by its character (HTML's
// names; case matters: `&Colon;` is ∷), a name before any longer one it starts (`comma` before `commat`).
const NAMED =
  ' amp& colon: sol/ period. comma, commat@ num# percnt% quest? equals= plus+ lowbar_ ast* excl! semi;';
// A backslash before ASCII punctuation, or a decimal, hexadecimal or named character reference (as CommonMark reads
// them), in one left-to-right pass: `\&#64;` is the text `&#64;`, and `&amp;#64;` is too.
const ESCAPE_OR_REFERENCE = /\\([!-/:-@[-`{-~])|&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([a-zA-Z]{2,8}));/g;
// What a reference or an escape stays as it is written for: link syntax (a `\(` or `&lpar;` is no link's parenthesis,
// `&quot;` no title's quote, so decoding them would read prose as a link or a definition as prose), spaces, controls
// (a target with `&#32;` inside is still one target) and U+FFFD, which a reference to no character shows (`&#0;`).
const KEPT = /[\s\p{Cc}"'()<>[\]\\`\ufffd]/u;
const MARKUP = /[\\&*_~]/;

/**
 * `text` as markdown renders it, for reading identifiers: escapes of ASCII punctuation and character references to
 * anything but link syntax, spaces and controls decoded; `*` and `~` runs (emphasis, strikethrough) removed, and `_`
 * runs too unless they stand between two letters, digits or parentheses (where identifiers write them,
 * `first_last@x.org`, `wiki/Python_(language)`, and where they close no emphasis opened before). A delimiter that
 * renders as itself is removed as well: the same text in a claim and a passage reads the same, and the result is only
 * ever compared.
 */
export function readAsRendered(text: string): string {
  if (!MARKUP.test(text)) return text;
  const decoded = text.replace(
    ESCAPE_OR_REFERENCE,
    (whole, escaped?: string, decimal?: string, hex?: string, name?: string) => {
      const char =
        escaped ??
        (name
          ? named(name)
          : String.fromCodePoint(shownCodePoint(decimal ? +decimal : Number.parseInt(hex!, 16))));
      return char === undefined || KEPT.test(char) ? whole : char;
    },
  );
  return replaceDelimiterRuns(decoded, keepsDelimiter());
}

// A delimiter, and what ends a run of `*` and `~` or of `_`: the runs `/[*~]+|_+/g` matches, each read to its end by a
// search (a repeated class keeps a backtrack entry per character where V8 does not optimize it, in a process that has
// compiled many regular expressions, and millions of `*` overflowed its stack).
const DELIMITER = /[*~_]/g;
const PAST_STARS = /[^*~]/g;
const PAST_UNDERSCORES = /[^_]/g;

/** `text` with each delimiter run replaced by what `replace` returns for it, as `text.replace(/[*~]+|_+/g, replace)`. */
function replaceDelimiterRuns(
  text: string,
  replace: (run: string, at: number, all: string) => string,
): string {
  let out = '';
  let at = 0;
  DELIMITER.lastIndex = 0;
  for (let found = DELIMITER.exec(text); found !== null; found = DELIMITER.exec(text)) {
    const start = found.index;
    const past = found[0] === '_' ? PAST_UNDERSCORES : PAST_STARS;
    past.lastIndex = start;
    const end = past.exec(text)?.index ?? text.length;
    out += text.slice(at, start) + replace(text.slice(start, end), start, text);
    at = end;
    DELIMITER.lastIndex = end;
  }
  return out + text.slice(at);
}

/**
 * What decides, run by run from the start of one text, whether a delimiter run stays: `_` between two letters, digits
 * or parentheses, and any run inside a path (after a `/` in the same word: `/~alice/`, `setup_.exe`, `down*load`),
 * where markdown reads no emphasis, unless only closing punctuation and delimiters follow it in the word
 * (`**https://a.org/x**.` is bold). Each character is looked at a bounded number of times.
 */
function keepsDelimiter(): (run: string, at: number, all: string) => string {
  let scanned = 0; // where the look for a `/` in the current word has reached
  let slash = false; // a `/` since the last whitespace, up to `scanned`
  let closedTo = -1; // the end of the last look past a run, and what it found
  let closes = false;
  let wordEnd = -1; // the end of the last word a `_` run was found in
  let paired: Set<number> | null = null; // if that word holds an `@`, where its `_` runs that pair as emphasis start
  let wordStart = 0; // where the current word starts, up to `scanned`
  let autolinks: number[] | null = null; // where the autolinks are, found with the first run
  let k = 0;
  return (run, at, all) => {
    // Markdown reads no emphasis inside an autolink: `<*@example.org>` links `mailto:*@example.org`.
    autolinks ??= autolinkSpans(all);
    while (k < autolinks.length && autolinks[k + 1]! <= at) k += 2;
    if (k < autolinks.length && autolinks[k]! < at) return run;
    for (; scanned < at; scanned++) {
      const char = all[scanned]!;
      if (char === '/') slash = true;
      else if (SPACE.test(char)) {
        slash = false;
        wordStart = scanned + 1;
      }
    }
    const after = at + run.length;
    if (run[0] === '_' && at >= wordEnd) {
      // A word with an `@` is an address's, and an address takes `_` (`_x@evil.example`, `a_@evil.example`, as GFM
      // links them): there a `_` run is emphasis only when it pairs with another in the word (`_mayor_@x.org`,
      // `_x@evil.example_`); read as nothing otherwise, `_x@evil.example` would be `x@evil.example`.
      let end = at;
      while (end < all.length && !SPACE.test(all[end]!)) end++;
      const word = all.slice(wordStart, end);
      wordEnd = end;
      paired = word.includes('@') ? pairedUnderscores(word, wordStart) : null;
    }
    if (run[0] === '_' && paired !== null) return paired.has(at) ? '' : run;
    if (run[0] === '_' && WORD.test(all[at - 1] ?? '') && WORD.test(all[after] ?? '')) return run;
    if (!slash) return '';
    // Whether only closing punctuation and delimiters stand between the run and the word's end (a later run inside
    // the same stretch finds what the earlier look found).
    if (after > closedTo) {
      closedTo = after;
      while (closedTo < all.length && CLOSING.test(all[closedTo]!)) closedTo++;
      closes = closedTo === all.length || SPACE.test(all[closedTo]!);
    }
    return closes ? '' : run;
  };
}

/**
 * Where the `_` runs of `word` (which starts at `offset`) that pair as emphasis start: as CommonMark pairs them within
 * one word, a run that may close (after a character that is no space, and unless it may open too, before punctuation
 * or the word's end) closing the last run left open that may open (before a character that is no space, after
 * punctuation or the word's start), when the two are of one length. Runs CommonMark would pair otherwise (of two
 * lengths, or past a run of another length) stay: an address read with a `_` too many names no passage's, so the
 * error refuses. Linear in the word.
 */
function pairedUnderscores(word: string, offset: number): Set<number> {
  const out = new Set<number>();
  const open: Array<{ at: number; length: number }> = [];
  for (let at = word.indexOf('_'); at !== -1; ) {
    let end = at;
    while (word[end] === '_') end++;
    const before = at === 0 ? ' ' : word[at - 1]!;
    const next = end === word.length ? ' ' : word[end]!;
    const left = next !== ' ' && (!PUNCTUATION.test(next) || before === ' ' || PUNCTUATION.test(before));
    const right = before !== ' ' && (!PUNCTUATION.test(before) || next === ' ' || PUNCTUATION.test(next));
    const mayOpen = left && (!right || PUNCTUATION.test(before));
    const mayClose = right && (!left || PUNCTUATION.test(next));
    const last = open.at(-1);
    if (mayClose && last !== undefined && last.length === end - at) {
      out.add(last.at + offset).add(at + offset);
      open.pop();
    } else if (mayOpen) open.push({ at, length: end - at });
    at = word.indexOf('_', end);
  }
  return out;
}
const PUNCTUATION = /[\p{P}\p{S}]/u;

/** The character a named reference stands for, if NAMED holds the name (` col` is no name, ` colon:` is). */
function named(name: string): string | undefined {
  const at = NAMED.indexOf(` ${name}`);
  const char = NAMED[at + name.length + 1];
  return at < 0 || /[a-z]/i.test(char!) ? undefined : char;
}

const SPACE = /\s/;
// What may close a word after a link: delimiters, brackets, quotes, a backtick and sentence punctuation.
const CLOSING = /[*_~)\]>"'`.,;:!?]/;
// Beside `_` on both sides, what keeps it: `first_last`, `Python_(language)`.
const WORD = /^[\p{L}\p{N}()]$/u;
