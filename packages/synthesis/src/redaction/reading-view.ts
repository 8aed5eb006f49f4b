import { INVISIBLE_CLASS } from '@gk/internal';

/**
 * A text as a model reads it: without the characters that render as nothing (white space aside), with full-width and small-form ASCII
 * signs as their ASCII characters, and with `@` and `+` written encoded (`%40`, `&#64;`, `\\u0040`; `%2B`, `\\u002B`) as
 * themselves. A model
 * reads `ada\u200b@example.org`, `ａｄａ＠ｅｘａｍｐｌｅ．ｏｒｇ`, `ada%40example.org` and `ada\\u0040example.org` as the address, so the patterns
 * run on this reading; each code unit of it knows the slice of the original it comes from, so a token still
 * replaces (and restores to) the original characters.
 */
export interface ReadingView {
  text: string;
  /** Where in the original the slice read as `text[i]` starts. */
  starts: Int32Array;
  /** Where in the original the slice read as `text[i]` ends. */
  ends: Int32Array;
}

// What reads otherwise than it is written: a character that renders as nothing (an invisible one, as isBlank counts
// them: a control but white space, U+2800 BRAILLE PATTERN BLANK, the interlinear and hieroglyph format controls, the
// Khitan filler), a full-width or small-form sign, an encoded `@` or `+` (percent-encoded in a URL, a character
// reference in HTML, an escape in a JSON or JavaScript string: `\u0040`, `\x40`, `\u{40}`; .NET's JSON writer
// escapes `+` as `\u002B`). White space keeps words apart, so it is read as written.
const at = '%40|&#0{0,8}64;|&#[xX]0{0,8}40;|&commat;|\\\\u0040|\\\\x40|\\\\u\\{0{0,4}40\\}';
const plus = '%2[bB]|&#0{0,8}43;|&#[xX]0{0,8}2[bB];|&plus;|\\\\u002[bB]|\\\\x2[bB]|\\\\u\\{0{0,4}2[bB]\\}';
const blank =
  '[\\u0000-\\u0008\\u000e-\\u001f\\u007f-\\u009f\\u2800\\ufff9-\\ufffb\\u{13430}-\\u{1343f}\\u{16fe4}]';
const spelled = `${INVISIBLE_CLASS}|${blank}|[\\ufe50-\\ufe6f\\uff01-\\uff5e]|${at}|${plus}`;
const encodedAt = new RegExp(`^(?:${at})$`);
const encodedPlus = new RegExp(`^(?:${plus})$`);
const spelledOne = new RegExp(spelled, 'u');
const spelledAll = new RegExp(spelled, 'gu');

/** How `text` reads, or undefined when it reads as it is written (the common case, which costs one search). */
export function readingView(text: string): ReadingView | undefined {
  if (!spelledOne.test(text)) return undefined;
  const starts = new Int32Array(text.length);
  const ends = new Int32Array(text.length);
  const pieces: string[] = [];
  let length = 0;
  // Text in between reads as written, one code unit for one (a surrogate pair's halves each map to themselves).
  const copy = (from: number, to: number): void => {
    pieces.push(text.slice(from, to));
    for (let i = from; i < to; i++, length++) {
      starts[length] = i;
      ends[length] = i + 1;
    }
  };
  let cursor = 0;
  for (const match of text.matchAll(spelledAll)) {
    copy(cursor, match.index);
    const written = match[0];
    cursor = match.index + written.length;
    // An invisible character reads as nothing: the slices on either side meet.
    const encoded = encodedAt.test(written) ? '@' : encodedPlus.test(written) ? '+' : '';
    if (!(encoded !== '' || /^[\ufe50-\ufe6f\uff01-\uff5e]$/.test(written))) continue;
    const folded = encoded || written.normalize('NFKC');
    pieces.push(folded.length === 1 && folded.charCodeAt(0) < 0x80 ? folded : written);
    starts[length] = match.index;
    ends[length] = cursor;
    length += 1;
  }
  copy(cursor, text.length);
  const read = pieces.join('');
  return { text: read, starts, ends };
}

/** The slice of the original that `view.text.slice(from, to)` (not empty) reads from. */
export function originOf(view: ReadingView, from: number, to: number): { start: number; end: number } {
  return { start: view.starts[from] as number, end: view.ends[to - 1] as number };
}
