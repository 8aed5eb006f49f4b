/** How a character writes a number, as {@link numeralKind} tells; kinds from {@link ALONE} up never join. */
export type NumeralKind = 0 | 1 | 2 | 3 | 4 | 5;

/** No numeral: a letter, a sign, a numeral that reads as itself (`❶`). */
export const NOT_NUMERAL = 0;
/** A decimal digit of any script or style (`5`, `５`, `٥`, `𝟓`): they write one number together. */
const DECIMAL = 1;
const SUPERSCRIPT = 2;
const SUBSCRIPT = 3;
const ROMAN = 4;
/** A numeral that is a number by itself: circled, parenthesised, with a full stop, a fraction (`①`, `⑴`, `⒈`, `½`). */
const ALONE = 5;

const NUMBER = /[\p{Nd}\p{No}\p{Nl}]/u;
const DECIMAL_DIGIT = /\p{Nd}/u;
const SUPERSCRIPT_DIGIT = /[\u00b2\u00b3\u00b9\u2070\u2074-\u2079]/;
const SUBSCRIPT_DIGIT = /[\u2080-\u2089]/;
// The Roman numerals that decompose to Latin letters (`Ⅻ` is `XII`); they write one number together (`ⅩⅢ`).
const ROMAN_NUMERAL = /[\u2160-\u217f]/;

/**
 * How the character `char` (code point `code`) writes a number. Normalisation reads a superscript, subscript,
 * circled or Roman numeral as plain digits or letters, so two numerals side by side would read as one number whatever
 * their forms (`①500` as `1500`, `⑩²` as `102`, `Ⅱ50` as `II50`): {@link numeralsApart} tells where they must not.
 */
export function numeralKind(code: number, char: string): NumeralKind {
  if (code < 0x80) return code >= 0x30 && code <= 0x39 ? DECIMAL : NOT_NUMERAL;
  if (!NUMBER.test(char)) return NOT_NUMERAL;
  if (DECIMAL_DIGIT.test(char)) return DECIMAL;
  if (SUPERSCRIPT_DIGIT.test(char)) return SUPERSCRIPT;
  if (SUBSCRIPT_DIGIT.test(char)) return SUBSCRIPT;
  if (ROMAN_NUMERAL.test(char)) return ROMAN;
  // A numeral without a compatibility form reads as itself, and joins no digit into another number (`❶`, `፲`).
  return char.normalize('NFKD') === char ? NOT_NUMERAL : ALONE;
}

/**
 * Whether numerals of kinds `before` and `after`, side by side, are two numbers: digits of different forms (`①500`,
 * `10₂`, `¹500`, `Ⅱ50`), or two that are each a number (`①②`). Digits of one form write one number (`1500`, `x₁₂`,
 * `ⅩⅢ`).
 */
export const numeralsApart = (before: NumeralKind, after: NumeralKind): boolean =>
  before !== NOT_NUMERAL && after !== NOT_NUMERAL && (before !== after || after === ALONE);
