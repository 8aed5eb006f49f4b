/** One word, number or `+` of a licence name or a question, normalised for matching. */
export interface NameToken {
  /** Lower-cased word, a version with trailing `.0`s removed (`2.0` → `2`, `1.3c`), a number word as digits, or `+`. */
  norm: string;
  kind: 'word' | 'number' | 'plus';
  /** Words that may appear in or around a licence name without changing which licence it is. */
  filler: boolean;
  /** Where the token sits in the text (UTF-16 offsets, end-exclusive). */
  start: number;
  end: number;
  /** The characters as written. */
  raw: string;
}

// `the GNU General Public License, version 2 of ...`: none of these words tells two licences apart.
const FILLERS: ReadonlySet<string> = new Set([
  'the',
  'of',
  'gnu',
  'license',
  'licence',
  'licenses',
  'licences',
  'licensed',
  'agreement',
  'version',
  'ver',
  'v',
]);

const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'].map(
    (word, value) => [word, String(value)],
  ),
);

// Letters, marks and digits, with dots joining digits (`2.0`, `v1.0.1`); or a lone `+` (`GPL-2.0+`).
const CHUNK = /[\p{L}\p{M}\p{N}]+(?:\.(?=[0-9])[\p{L}\p{M}\p{N}]+)*|\+/gu;
// Inside a chunk: a version (one trailing letter allowed, as in `1.3c`, but not a word: `4.3TAHOE`), or a run
// of anything else. `GPLv2` is `GPLv` + `2`, `0BSD` is `0` + `BSD`.
const PIECE = /[0-9]+(?:\.[0-9]+)*(?:[a-zA-Z](?![a-zA-Z]))?|[^0-9]+/gu;

// A lower-case letter followed by a capitalised word inside a word: `ShareAlike`, `NonCommercial`, `PolyForm`.
const COMPOUND = /(?<=\p{Ll})(?=\p{Lu}\p{Ll})/u;

/** Options for {@link licenceNameTokens}. */
export interface NameTokenOptions {
  /**
   * Split words written as one with capitals inside (`ShareAlike` → `share alike`, `NonCommercial` → `non
   * commercial`), so they meet the same name written in two words (default false).
   */
  splitCompounds?: boolean;
}

/**
 * Splits text into the tokens licence names are matched on: `GPLv2`, `GPL-2.0` and `GNU GPL version two` all give
 * `gpl 2`; `3-clause BSD` gives `3 clause bsd`. Linear in the text; anything that is not a letter, digit or `+`
 * separates tokens.
 */
export function licenceNameTokens(text: string, options: NameTokenOptions = {}): NameToken[] {
  const tokens: NameToken[] = [];
  for (const whole of text.matchAll(CHUNK)) {
    if (options.splitCompounds !== true || whole[0] === '+') {
      addChunk(whole[0], whole.index, tokens);
      continue;
    }
    let offset = whole.index;
    for (const part of whole[0].split(COMPOUND)) {
      addChunk(part, offset, tokens);
      offset += part.length;
    }
  }
  return tokens;
}

/** Whether `text` has a word written as one with a capital inside (`ShareAlike`), which `splitCompounds` splits. */
export function hasCompoundWord(text: string): boolean {
  return COMPOUND.test(text);
}

/** Adds the tokens of one chunk (a run of letters and digits, or a `+`) that starts at `index`. */
function addChunk(chunk: string, index: number, tokens: NameToken[]): void {
  if (chunk === '+') {
    tokens.push(token('+', 'plus', index, index + 1, '+'));
    return;
  }
  const pieces = [...chunk.matchAll(PIECE)];
  pieces.forEach((piece, i) => {
    const start = index + piece.index;
    let raw = piece[0];
    if (/^[0-9]/.test(raw)) {
      tokens.push(token(normaliseVersion(raw.toLowerCase()), 'number', start, start + raw.length, raw));
      return;
    }
    // `GPLv2`, `LGPLv2.1`: a `v` glued to the version it introduces is not part of the name.
    if (raw.length > 1 && /[vV]$/.test(raw) && pieces[i + 1] !== undefined) raw = raw.slice(0, -1);
    const lower = raw.toLowerCase();
    const number = NUMBER_WORDS.get(lower);
    if (number !== undefined) tokens.push(token(number, 'number', start, start + raw.length, raw));
    else tokens.push(token(lower, 'word', start, start + raw.length, raw));
  });
}

/** Whether a word names the document kind (`license`, `licence`, `licensed` ...). */
export function isLicenceWord(token: NameToken | undefined): boolean {
  return token !== undefined && token.kind === 'word' && /^licen[cs]/.test(token.norm);
}

function token(norm: string, kind: NameToken['kind'], start: number, end: number, raw: string): NameToken {
  return { norm, kind, filler: kind === 'word' && FILLERS.has(norm), start, end, raw };
}

/** `2.0` → `2`, `1.0.0` → `1`, `2.1` and `1.3c` unchanged. */
function normaliseVersion(version: string): string {
  let result = version;
  while (/\.0+$/.test(result)) result = result.replace(/\.0+$/, '');
  return result;
}
