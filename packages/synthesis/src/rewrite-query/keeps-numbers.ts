import { stripInvisible } from '@gk/internal';

// A minus written as `-` before digits where a word starts (not `2019-05-25`, `COVID-19`, `f(x)-1` or `50%-off`: the
// signs before an excluded term), or as a look-alike read the same: a hyphen or dash of a minus's width (U+2010 to
// U+2013), the minus sign, the heavy and the modifier minus; after NFKC, which folds small and full-width hyphen-minus
// to `-` and superscript and subscript minus to the minus sign.
const MINUS_LOOK_ALIKES = /[\u2010-\u2013\u2212\u2796\u02d7]/gu;
const SIGN = '(?<sign>(?<![\\p{L}\\p{M}\\p{N}_.)\\]}%-])-)?';
// One to three digits then groups of exactly three after plain spaces (`10 000`, `1 000 000,5`): one number, or in the
// query the several numbers it may list (`Windows 10 365`).
const SPACED = '(?<!\\p{Nd})\\p{Nd}{1,3}(?: \\p{Nd}{3}(?!\\p{Nd}))+(?:[.,]\\p{Nd}+)?';
// Runs of digits joined by `.` or `,` (a decimal, a version, an address, a grouped number, a list such as `8,10,12`),
// by an apostrophe or a thin, narrow or no-break space before a group of exactly three digits (`1'000`, `1 000`),
// which write nothing else between digits (`5'10` is two numbers), or by a fraction slash (`½` is `1⁄2`, `1½` is
// `1+1⁄2`). A dash, a slash, a colon or any other space parts numbers.
const PLAIN =
  "\\p{Nd}+(?:[.,]\\p{Nd}+|['\\u2019]\\p{Nd}{3}(?!\\p{Nd})|\\u2044\\p{Nd}+|\\+\\p{Nd}+\\u2044\\p{Nd}+)*";
// What a number holds after its digits: an exponent (`10²` is `10^2`, as `10^2` is), a subscript (`101₂` is
// `101_2`), a percent, per-mille or per-ten-thousand sign, with a space before it or not (`5 %` is `5%`).
const TAIL = '(?<tail>(?:\\^[+-]?\\p{Nd}+)?(?:_\\p{Nd}+)?(?: ?[%\\u2030\\u2031\\u066a\\u0609\\u060a])?)';
const NUMBER = new RegExp(`${SIGN}(?:(?<spaced>${SPACED})|(?<plain>${PLAIN}))${TAIL}`, 'gu');
// A number written with group separators: one to three digits, then groups of exactly three after one and the same
// separator, then perhaps a decimal part after another (`1,000,000`, `1.000.000`, `1'234.5`, `1.234,56`, `1,500`); not
// `1.100.0`, `10.0.0.1` or `2019.200`, nor `1.500` or `3.141`, which are as often decimals: those are compared as
// written, so `1.500` is neither `1500` nor `1,500`.
const GROUPED =
  /^(?!\p{Nd}{1,3}\.\p{Nd}{3}$)\p{Nd}{1,3}([.,'\u2019 ])\p{Nd}{3}(?:\1\p{Nd}{3})*(?:(?!\1)[.,]\p{Nd}+)?$/u;
// A comma that lists numbers: before other than exactly three digits (`8,10,12`, `15,16`, and so also `2,5`).
const LISTING_COMMA = /,(?!\p{Nd}{3}(?!\p{Nd}))/u;
// Superscript digits (and their signs), subscript digits, vulgar fractions: NFKC writes them as plain digits, which
// run into the digits beside them (`10²` would be `102`, `1½` would be `11⁄2`). Each may follow a digit and be followed
// by one.
const SCRIPTED =
  /(\p{Nd})?(?:([\u2070\u00b9\u00b2\u00b3\u2074-\u207b]+)|([\u2080-\u208b]+)|([\u00bc-\u00be\u2150-\u215e\u2189]))(\p{Nd})?/gu;
// A fraction written with a slash (`1/2`, `1 1/2`), which a slash alone does not join: in the rewrite, it writes the
// query's vulgar fraction (`½`, `1½`) too.
const SLASHED = /(?<![\p{Nd}/])(?:(\p{Nd}+) )?(\p{Nd}+)\/(\p{Nd}+)(?![\p{Nd}/])/gu;
// The English words for a percent sign after a number (`5 percent`, `5 per cent`), read as the sign.
const PERCENT_WORD = /(?<=\p{Nd}) ?per ?cent(?![\p{L}\p{M}\p{N}])/giu;

/** A number of the text as compared (see `numbers`): as one, and perhaps as the several it may list instead. */
interface NumberRead {
  whole: string;
  parts?: string[];
}

/** `number` without its group separators where it is written with them (see `GROUPED`), else as written. */
function ungrouped(number: string): string {
  const grouped = GROUPED.exec(number);
  return grouped ? number.replaceAll(grouped[1]!, '') : number;
}

/**
 * A superscript, subscript or fraction (see `SCRIPTED`) after a digit written as the part of that number it is (`^2`,
 * `_2`, `+1⁄2`), and parted by a `/` from a digit after it, so that NFKC runs it into no other number; after a letter
 * it is left to NFKC (`m²` is `m2`, `CO₂` is `CO2`).
 */
function scripted(
  _: string,
  before: string | undefined,
  superscript: string | undefined,
  subscript: string | undefined,
  fraction: string | undefined,
  after: string | undefined,
): string {
  const written = (superscript ?? subscript ?? fraction)!;
  const mark = superscript !== undefined ? '^' : subscript !== undefined ? '_' : '+';
  const marked = before === undefined ? written : `${before}${mark}${written}`;
  return after === undefined ? marked : `${marked}/${after}`;
}

/**
 * `text` as its numbers are read: invisible characters out, superscripts, subscripts and fractions marked (see
 * `scripted`), the spaces that group digits made apostrophes before NFKC (which makes them plain spaces), minus
 * look-alikes and percent words read as the signs.
 */
function prepared(text: string): string {
  return stripInvisible(text)
    .replace(SCRIPTED, scripted)
    .replace(/[\u00a0\u2009\u202f](?=\p{Nd})/gu, "'")
    .normalize('NFKC')
    .replace(MINUS_LOOK_ALIKES, '-')
    .replace(PERCENT_WORD, '%');
}

/** The fractions `text` (prepared) writes with a slash, as a vulgar fraction reads (`1/2` is `1⁄2`, `1 1/2` `1+1⁄2`). */
function slashedFractions(text: string): string[] {
  return Array.from(text.matchAll(SLASHED), ([, whole, numerator, denominator]) => {
    const fraction = `${numerator}\u2044${denominator}`;
    return whole === undefined ? fraction : `${whole}+${fraction}`;
  });
}

/**
 * The numbers of `text` (prepared, see `NUMBER`), each with its sign and what follows its digits (see `TAIL`), and
 * without its group separators where it is written with them (see `GROUPED`): `€1,000,000`, `€1000000`, `1.000.000` and
 * `1 000 000` are one number, while `2.5` and `5.2`, `18.20.4` and `4.18.20`, `1,000` and `1,000,000`, `-40` and `40`,
 * `5%` and `5` are not. A decimal separator stays, so `1.5` is not `15` or `1,5`. A number that may list several
 * (`8,10,12`, `15,16`, `10 365`) has them as its parts too, the first with its sign and the last with its tail.
 */
function numbers(text: string): NumberRead[] {
  return Array.from(text.matchAll(NUMBER), (match): NumberRead => {
    const { sign = '', spaced, plain = '', tail = '' } = match.groups!;
    const core = spaced ?? plain;
    const end = tail.replace(' ', '');
    const whole = sign + ungrouped(core) + end;
    const listed = ungrouped(core) === core && LISTING_COMMA.test(core);
    const parts = spaced?.split(' ') ?? (listed ? core.split(LISTING_COMMA).map(ungrouped) : undefined);
    if (parts === undefined) return { whole };
    parts[0] = sign + parts[0]!;
    parts[parts.length - 1] += end;
    return { whole, parts };
  });
}

/** How many times each of `values` comes. */
function counted(values: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * Whether each number of the query is one of the rewrite's, as a whole (`2.5` is not kept by `5.2`, `2 5` or `25`), or
 * one that may list several (`15,16`, `10 365`) by each of them written apart, as often as it lists it (`15 vs 16`,
 * `10 and 365`; `5,5` is not kept by `5`). A number said twice may be written once, as a rewrite that joins two
 * questions about it does. The rewrite's numbers count whole only: its lists (`5,2`) and its groupings by plain
 * spaces, which read as one number as well as several, so that a rewrite changing a number in either reading is
 * refused (`1 000 000` is not kept by `1 000` or `1 000 000 000`, nor `1` and `500` by `1 500`). A fraction the
 * rewrite writes with a slash keeps the query's vulgar one (`½` by `1/2`). Linear in both.
 */
export function keepsNumbers(query: string, rewritten: string): boolean {
  const rewrite = prepared(rewritten);
  const written = counted([...numbers(rewrite).map(({ whole }) => whole), ...slashedFractions(rewrite)]);
  return numbers(prepared(query)).every(
    ({ whole, parts }) =>
      written.has(whole) ||
      (parts !== undefined &&
        [...counted(parts)].every(([part, times]) => (written.get(part) ?? 0) >= times)),
  );
}
