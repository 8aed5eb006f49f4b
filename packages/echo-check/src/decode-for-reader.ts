import { toAsciiDigits } from './ascii-digits.js';

const REFERENCE = /&#(?:(\d{1,7})|[xX]([0-9a-fA-F]{1,6}));?|%([0-9a-fA-F]{2})/g;
const MAY_CHANGE = /&#|%[0-9a-fA-F]{2}|(?![0-9])\p{Nd}|[\u{E0020}-\u{E007E}]/u;
const TAG = /[\u{E0020}-\u{E007E}]/gu;

/**
 * `text` as a page or a link shows it: numeric HTML character references (`&#48;`, `&#x61;`, with or without their
 * `;`) and percent-escapes (`%61`) decoded, decimal digits of other scripts (`٠`, `०`) written as ASCII digits,
 * and tag characters (U+E0020–U+E007E, invisible, but read by programs and models) as the ASCII they stand for.
 * Null when there is nothing to decode. A leak is searched in this reading as well as in the text as written, since
 * decoding can also join or part characters that the written text shows in a row.
 */
export function decodeForReader(text: string): string | null {
  if (!MAY_CHANGE.test(text)) return null;
  return toAsciiDigits(text.replace(REFERENCE, decodeReference)).replace(TAG, (tag) =>
    String.fromCharCode(tag.codePointAt(0)! - 0xe0000),
  );
}

function decodeReference(reference: string, decimal?: string, hex?: string, percent?: string): string {
  const code = Number.parseInt(decimal ?? hex ?? percent!, decimal === undefined ? 16 : 10);
  // A reference to no character (past U+10FFFF, or a surrogate) shows as U+FFFD; keep it as written instead.
  return code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : reference;
}
