import { replaceRuns, runClass } from '@gk/internal';

// Read by searches: a repeated class keeps a backtrack entry per character where V8 does not optimize it (in a process
// that has compiled many regular expressions), and an answer of millions of signs overflowed its stack.
const NOT_SQUASHED = /[^0-9a-z]/;
const NOT_ASCII = /[^\u0000-\u007f]/;
/** What NFKD parts from a letter: diacritics (combining marks) and the rest of the non-ASCII. */
const NOT_ASCII_ALNUM = runClass('^0-9a-z');

/** The text NFKC-normalised, lowercased and reduced to ASCII letters and digits, in one linear pass each. */
export function squash(text: string): string {
  // Keys such as `text` or `delta` are squashed already: skip the three passes.
  if (!NOT_SQUASHED.test(text)) return text;
  return replaceRuns(text.normalize('NFKC').toLowerCase(), NOT_ASCII_ALNUM, '');
}

const SMALL_CAPITALS = 'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ';
const SMALL_CAPITAL_LETTERS = 'abcdefghijklmnoprstuvwyz';
/**
 * Letters and digits that fancy-text generators write and NFKD leaves as symbols: negative squared and negative
 * circled capitals (🅰, 🅐), regional indicators (🇦), small capitals (ᴀ), and the digits of the circled series
 * NFKD does not read (❶, ➀, ➊, ⓵, ⓿).
 */
// Built from `SMALL_CAPITALS`, so a bundle holds the small capitals once (written twice, they cost 118 B gzipped).
const STYLED = /* @__PURE__ */ new RegExp(
  `[\\u{1F170}-\\u{1F189}\\u{1F150}-\\u{1F169}\\u{1F1E6}-\\u{1F1FF}\\u2776-\\u2793\\u24F5-\\u24FF\\u{1F10B}\\u{1F10C}${SMALL_CAPITALS}]`,
  'gu',
);

function unstyle(char: string): string {
  const code = char.codePointAt(0)!;
  for (const first of [0x1f170, 0x1f150, 0x1f1e6]) {
    if (code >= first && code < first + 26) return String.fromCharCode(0x61 + code - first);
  }
  // ❶ ➀ ➊: three series of 1 to 10 in a row.
  if (code >= 0x2776 && code <= 0x2793) return String(((code - 0x2776) % 10) + 1);
  if (code >= 0x24f5 && code <= 0x24fe) return String(code - 0x24f5 + 1);
  if (code === 0x24ff || code === 0x1f10b || code === 0x1f10c) return '0';
  return SMALL_CAPITAL_LETTERS[SMALL_CAPITALS.indexOf(char)] ?? char;
}

/**
 * The text as `squash` reads it but NFKD-normalised and with the letter styles of fancy-text generators read as
 * the letters and digits they stand for (`STYLED`), so a letter with a diacritic reads as the bare letter (`á` and
 * `a` + U+0301 as `a`, as `0` + U+0301 reads as `0` in both) where `squash` drops it; null for ASCII text, which
 * reads the same both ways. Searched beside `squash`, never instead: there an accented letter between two pieces of
 * a marker is dropped, here it is a letter between them.
 */
export function squashLetterForms(text: string): string | null {
  if (!NOT_ASCII.test(text)) return null;
  return replaceRuns(text.normalize('NFKD').replace(STYLED, unstyle).toLowerCase(), NOT_ASCII_ALNUM, '');
}
