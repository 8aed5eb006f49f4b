import { stripInvisible, wholeRun } from '@gk/internal';

// A minus written as `-` before digits, or before one currency sign and digits (`-$40` is `$-40`), where a word starts
// (not `2019-05-25`, `COVID-19`, `f(x)-1` or `50%-off`: the signs before an excluded term), or as a look-alike read the
// same: a hyphen or dash of a minus's width (U+2010 to U+2013), the minus sign, the heavy and the modifier minus; after
// NFKC, which folds small and full-width hyphen-minus to `-` and superscript and subscript minus to the minus sign.
const MINUS_LOOK_ALIKES = /[\u2010-\u2013\u2212\u2796\u02d7]/gu;
const SIGN = '(?:(?<sign>(?<![\\p{L}\\p{M}\\p{N}_.)\\]}%-])-)\\p{Sc}?)?';
// A percent sign before digits where a word starts (`%5`, as Turkish writes it): the number's percent sign.
const LEAD = '(?<lead>(?<![\\p{L}\\p{M}\\p{N}_%])%)?';
// One to three digits then groups of exactly three after plain spaces (`10 000`, `1 000 000,5`): one number, or in the
// query the several numbers it may list (`Windows 10 365`). Its groups, as the parts below, are read in a loop (see
// `digitsEnd`): V8 keeps a backtrack entry per repeat of a quantified group, which overflows its stack on a long run.
// Each run of digits (or superscripts, subscripts, white space) is read whole (see `wholeRun`), as `+` reads it:
// nothing after it starts with one of its characters.
const digitRun = (): string => wholeRun('\\p{Nd}');
const SPACED_HEAD = /(?<!\p{Nd})\p{Nd}{1,3}(?= \p{Nd}{3}(?!\p{Nd}))/uy;
const SPACED_GROUP = / \p{Nd}{3}(?!\p{Nd})/uy;
const DECIMAL_PART = new RegExp(`[.,]${digitRun()}`, 'uy');
// Runs of digits joined by `.` or `,` (a decimal, a version, an address, a grouped number, a list such as `8,10,12`),
// by an apostrophe or a thin, narrow or no-break space before a group of exactly three digits (`1'000`, `1 000`),
// which write nothing else between digits (`5'10` is two numbers), or by a fraction slash (`½` is `1⁄2`, `1½` is
// `1+1⁄2`). A dash, a slash, a colon or any other space parts numbers: plain digits, then parts.
const DIGITS = new RegExp(digitRun(), 'uy');
const PLAIN_PART = new RegExp(
  `[.,]${digitRun()}|['\\u2019]\\p{Nd}{3}(?!\\p{Nd})|\\u2044${digitRun()}|\\+${digitRun()}\\u2044${digitRun()}`,
  'uy',
);
// What a number holds after its digits: a scientific exponent (`1e-3`, `1E-3`; `1e+3` is `1e3`), an exponent (`10²` is
// `10^2`, as `10^2` is; a power of ten reads as scientific notation, see `scientific`), a subscript (`101₂` is
// `101_2`), a percent, per-mille or per-ten-thousand sign, with a space before it or not (`5 %` is `5%`), though a
// spaced one before digits is theirs (`5 %6`).
const PERCENT = '[%\\u2030\\u2031\\u066a\\u0609\\u060a]';
const TAIL = new RegExp(
  `(?:[eE](?<exponent>[+-]?${digitRun()}))?(?:\\^(?<power>[+-]?${digitRun()}))?(?<rest>(?:_${digitRun()})?(?:${PERCENT}| ${PERCENT}(?!\\p{Nd}))?)`,
  'uy',
);
// Where a number starts: its sign and leading percent sign, before a digit.
const NUMBER_START = new RegExp(`${SIGN}${LEAD}(?=\\p{Nd})`, 'gu');
// A number written with group separators: one to three digits, then groups of exactly three after one and the same
// separator, then perhaps a decimal part after another (`1,000,000`, `1.000.000`, `1'234.5`, `1.234,56`, `1,500`); not
// `1.100.0`, `10.0.0.1` or `2019.200`, nor `1.500` or `3.141`, which are as often decimals: those are compared as
// written, so `1.500` is neither `1500` nor `1,500`. Its groups are read in a loop too (see `groupSeparator`).
const GROUPED_HEAD = /^\p{Nd}{1,3}([.,'\u2019 ])/u;
const THREE_DIGITS = /\p{Nd}{3}/uy;
const FRACTION_DIGITS = new RegExp(`${digitRun()}$`, 'uy');
const DECIMAL_LOOKALIKE = /^\p{Nd}{1,3}\.\p{Nd}{3}$/u;
// A comma that lists numbers: before other than exactly three digits (`8,10,12`, `15,16`, and so also `2,5`).
const LISTING_COMMA = /,(?!\p{Nd}{3}(?!\p{Nd}))/u;
// Superscript digits (and their signs), subscript digits, vulgar fractions: NFKC writes them as plain digits, which
// run into the digits beside them (`10²` would be `102`, `1½` would be `11⁄2`). Each may follow a digit and be followed
// by one.
const SCRIPTED = new RegExp(
  `(?<before>\\p{Nd})?(?:(?<superscript>${wholeRun('[\\u2070\\u00b9\\u00b2\\u00b3\\u2074-\\u207b]')})|` +
    `(?<subscript>${wholeRun('[\\u2080-\\u208b]')})|(?<fraction>[\\u00bc-\\u00be\\u2150-\\u215e\\u2189]))(?<after>\\p{Nd})?`,
  'gu',
);
// A fraction written with a slash (`1/2`, `1 1/2`), which a slash alone does not join: in the rewrite, it writes the
// query's vulgar fraction (`½`, `1½`) too, and in the query, the rewrite's vulgar fraction keeps its numbers.
const SLASHED = new RegExp(
  `(?<![\\p{Nd}/])(?:(?<whole>${digitRun()}) )?(?<numerator>${digitRun()})\\/(?<denominator>${digitRun()})(?![\\p{Nd}/])`,
  'gu',
);
// The common words for a percent sign after a number, read as the sign: `5 percent`, `5 per cent`, `5 pct`, `5 pour
// cent`, `5 Prozent`, `5 por ciento`, `5 por cento`, `5 per cento`, `5 procent` (`procento`, `procenta`), `5 prosent`,
// `5 процент` (and its forms).
const PERCENT_WORD =
  /(?<=\p{Nd}) ?(?:p(?:er|our) ?cento?|pct|por ci?ento|prozent|procent[oa]?|prosent|процент(?:а|ов|ы|у|ом|ам|ами|ах|е)?)(?![\p{L}\p{M}\p{N}])/giu;

// A mantissa times a power of ten (`1×10^-3`, `1 x 10^-3`, `1·10^-3`, `2.5*10^3`; superscripts are `^` by then), read as
// written with an `e` (`1e-3`), the mantissa not part of a longer number (`1,5×10^-3` and `1.2.3×10^4` stay as written).
const TIMES_TEN = new RegExp(
  `(?<![\\p{Nd}.,'])(?<mantissa>${digitRun()}(?:\\.${digitRun()})?) ?[×xX·⋅∙*] ?10\\^(?=[+-]?\\p{Nd})`,
  'gu',
);
// White space between two digits, one plain space each run (`1\t500` and `1  500` are `1 500`, see `SPACED_HEAD`).
const SPACE_BETWEEN_DIGITS = new RegExp(`(?<=\\p{Nd})${wholeRun('\\s')}(?=\\p{Nd})`, 'gu');
// A plain decimal mantissa and a signed exponent of at most 15 digits, which scientific notation is compared by.
const DECIMAL = new RegExp(`^(?<whole>${wholeRun('[0-9]')})(?:\\.(?<fraction>${wholeRun('[0-9]')}))?$`, 'u');
const EXPONENT = /^([+-]?)0*([0-9]{1,15})$/u;

/** A number of the text as compared (see `numbers`): as one, and perhaps as the several it may list instead. */
interface NumberRead {
  whole: string;
  parts?: string[];
  /** Where it starts and ends in the text. */
  start: number;
  end: number;
  /** The number without its minus, where the minus may be a range dash (`2019 -2020`, see `mayBeDash`). */
  unsigned?: NumberRead;
}

/** A fraction written with a slash (see `SLASHED`), as a vulgar fraction reads, and where it is in the text. */
interface SlashedFraction {
  fraction: string;
  start: number;
  end: number;
}

/**
 * `mantissa` times ten to `exponent` as one exact decimal, written `<digits>e<exponent>` without leading or trailing
 * zeros in the digits (`1e-3`, `1.0e-3` and `0.001e0` are `1e-3`, `2.50e3` is `25e2`), where the mantissa is a plain
 * decimal and the exponent a whole number of at most 15 digits; else undefined, so the number is compared as written.
 * Digits are compared as strings, never as floats. Linear in the mantissa.
 */
function scientific(mantissa: string, exponent: string): string | undefined {
  const decimal = DECIMAL.exec(mantissa);
  const power = EXPONENT.exec(exponent);
  if (decimal === null || power === null) return undefined;
  const { whole, fraction = '' } = decimal.groups!;
  let digits = whole! + fraction;
  let shift = -fraction.length;
  let first = 0;
  while (first < digits.length && digits[first] === '0') first += 1;
  let last = digits.length;
  while (last > first && digits[last - 1] === '0') last -= 1;
  if (first === last) return '0e0';
  shift += digits.length - last;
  digits = digits.slice(first, last);
  return `${digits}e${Number(`${power[1]}${power[2]}`) + shift}`;
}

/** Where a match of `pattern` (sticky) from `at` in `text` ends, or -1 where it does not match there. */
function matchEnd(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

/**
 * The separator `number` is written with between groups of three digits (see `GROUPED_HEAD`), or undefined where it is
 * not so written. Linear in the number.
 */
function groupSeparator(number: string): string | undefined {
  const head = GROUPED_HEAD.exec(number);
  if (head === null || DECIMAL_LOOKALIKE.test(number)) return undefined;
  const separator = head[1]!;
  let end = matchEnd(THREE_DIGITS, number, head[0].length);
  while (end !== -1 && number[end] === separator) end = matchEnd(THREE_DIGITS, number, end + 1);
  if (end === -1 || end === number.length) return end === -1 ? undefined : separator;
  const decimal = number[end] !== separator && (number[end] === '.' || number[end] === ',');
  return decimal && matchEnd(FRACTION_DIGITS, number, end + 1) !== -1 ? separator : undefined;
}

/** `number` without its group separators where it is written with them (see `GROUPED_HEAD`), else as written. */
function ungrouped(number: string): string {
  const separator = groupSeparator(number);
  return separator === undefined ? number : number.replaceAll(separator, '');
}

/** Where the digits from `at` in `text` end, read as spaced groups (see `SPACED_HEAD`) where they are written so. */
function digitsEnd(text: string, at: number): { end: number; spaced: boolean } {
  const head = matchEnd(SPACED_HEAD, text, at);
  const [first, part] = head === -1 ? [matchEnd(DIGITS, text, at), PLAIN_PART] : [head, SPACED_GROUP];
  let end = first;
  for (let next = matchEnd(part, text, end); next !== -1; next = matchEnd(part, text, end)) end = next;
  if (head === -1) return { end, spaced: false };
  const decimal = matchEnd(DECIMAL_PART, text, end);
  return { end: decimal === -1 ? end : decimal, spaced: true };
}

/** A number as written in `text`: where it starts and ends, its sign, digits and what follows them (see `TAIL`). */
interface NumberMatch {
  index: number;
  end: number;
  sign?: string;
  lead?: string;
  spaced?: string;
  plain?: string;
  exponent?: string;
  power?: string;
  rest: string;
}

/** The numbers written in `text`, left to right, none inside another. Linear in the text. */
function numberMatches(text: string): NumberMatch[] {
  const found: NumberMatch[] = [];
  NUMBER_START.lastIndex = 0;
  for (let start = NUMBER_START.exec(text); start !== null; start = NUMBER_START.exec(text)) {
    const { sign, lead } = start.groups!;
    const digitsStart = start.index + start[0].length;
    const { end: digits, spaced } = digitsEnd(text, digitsStart);
    TAIL.lastIndex = digits;
    const { exponent, power, rest = '' } = TAIL.exec(text)!.groups!;
    const core = text.slice(digitsStart, digits);
    found.push({
      index: start.index,
      end: TAIL.lastIndex,
      sign,
      lead,
      ...(spaced ? { spaced: core } : { plain: core }),
      exponent,
      power,
      rest,
    });
    NUMBER_START.lastIndex = TAIL.lastIndex;
  }
  return found;
}

/**
 * A superscript, subscript or fraction (see `SCRIPTED`) after a digit written as the part of that number it is (`^2`,
 * `_2`, `+1⁄2`), and parted by a `/` from a digit after it, so that NFKC runs it into no other number; after a letter
 * it is left to NFKC (`m²` is `m2`, `CO₂` is `CO2`).
 */
function scripted(...match: unknown[]): string {
  // A replacer's last argument is the match's named groups.
  const { before, superscript, subscript, fraction, after } = match.at(-1) as Record<
    string,
    string | undefined
  >;
  const written = (superscript ?? subscript ?? fraction)!;
  const mark = superscript !== undefined ? '^' : subscript !== undefined ? '_' : '+';
  const marked = before === undefined ? written : `${before}${mark}${written}`;
  return after === undefined ? marked : `${marked}/${after}`;
}

/**
 * `text` as its numbers are read: invisible characters out, superscripts, subscripts and fractions marked (see
 * `scripted`), a thin, narrow or no-break space alone between digits made an apostrophe before NFKC (which makes it a
 * plain space), any other white space between digits one plain space, minus look-alikes and percent words read as the
 * signs, and a mantissa times a power of ten written with an `e` (see `TIMES_TEN`).
 */
function prepared(text: string): string {
  return stripInvisible(text)
    .replace(SCRIPTED, scripted)
    .replace(/(?<!\s)[\u00a0\u2009\u202f](?=\p{Nd})/gu, "'")
    .normalize('NFKC')
    .replace(SPACE_BETWEEN_DIGITS, ' ')
    .replace(MINUS_LOOK_ALIKES, '-')
    .replace(PERCENT_WORD, '%')
    .replace(TIMES_TEN, '$<mantissa>e');
}

/** The fractions `text` (prepared) writes with a slash, as a vulgar fraction reads (`1/2` is `1⁄2`, `1 1/2` `1+1⁄2`). */
function slashedFractions(text: string): SlashedFraction[] {
  return Array.from(text.matchAll(SLASHED), ({ 0: written, groups, index }) => {
    const { whole, numerator, denominator } = groups!;
    const fraction = `${numerator}\u2044${denominator}`;
    return {
      fraction: whole === undefined ? fraction : `${whole}+${fraction}`,
      start: index,
      end: index + written.length,
    };
  });
}

/**
 * Whether the minus at `at` in `text` follows a number and white space (`2019 -2020`, `10 -20`, `1990s -2000s`), where
 * it may be a sign or a range dash. Linear over all minus signs: each looks back over its own run of white space.
 */
function mayBeDash(text: string, at: number): boolean {
  let i = at;
  while (i > 0 && /\s/u.test(text[i - 1]!)) i -= 1;
  if (i === at) return false;
  if (i > 0 && (text[i - 1] === 's' || text[i - 1] === 'S')) i -= 1;
  return i > 0 && /\p{Nd}/u.test(text[i - 1]!);
}

/**
 * The numbers of `text` (prepared, see `numberMatches`), each with its sign and what follows its digits (see `TAIL`),
 * and without its group separators where it is written with them (see `GROUPED_HEAD`): `€1,000,000`, `€1000000`,
 * `1.000.000` and `1 000 000` are one number, while `2.5` and `5.2`, `18.20.4` and `4.18.20`, `1,000` and `1,000,000`,
 * `-40` and `40`, `5%` and `5` are not. A decimal separator stays, so `1.5` is not `15` or `1,5`. Scientific notation
 * and a power of ten are read by their exact value (see `scientific`): `1e-3`, `1.0×10⁻³` and `10^-3` are one number,
 * `1e-3` and `1e-4` are not. A number that may list several (`8,10,12`, `15,16`, `10 365`) has them as its parts too,
 * the first with its sign and the last with its tail.
 */
function numbers(text: string): NumberRead[] {
  return numberMatches(text).map((match): NumberRead => {
    const { sign, lead, spaced, plain = '', exponent, power, rest } = match;
    const core = spaced ?? plain;
    const valued =
      exponent !== undefined && power === undefined
        ? scientific(ungrouped(core), exponent)
        : power !== undefined && exponent === undefined && core === '10'
          ? scientific('1', power)
          : undefined;
    const written =
      (exponent === undefined ? '' : `e${exponent.replace(/^\+/u, '')}`) +
      (power === undefined ? '' : `^${power}`);
    const end = (valued === undefined ? written : '') + rest.replace(' ', '') + (lead ?? '');
    const listed = ungrouped(core) === core && LISTING_COMMA.test(core);
    const read = (minus: string): NumberRead => {
      const whole = minus + (valued ?? ungrouped(core)) + end;
      const at = { start: match.index, end: match.end };
      const parts = spaced?.split(' ') ?? (listed ? core.split(LISTING_COMMA).map(ungrouped) : undefined);
      if (parts === undefined) return { whole, ...at };
      parts[0] = minus + parts[0]!;
      parts[parts.length - 1] += end;
      return { whole, parts, ...at };
    };
    const number = read(sign ?? '');
    if (sign !== undefined && mayBeDash(text, match.index)) number.unsigned = read('');
    return number;
  });
}

/** How many times each of `values` comes. */
function counted(values: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** Whether `values` has each of `needed` as often as it is needed. */
function holds(values: Map<string, number>, needed: Map<string, number>): boolean {
  return [...needed].every(([value, times]) => (values.get(value) ?? 0) >= times);
}

/**
 * Whether each number of the query is one of the rewrite's, as a whole (`2.5` is not kept by `5.2`, `2 5` or `25`), or
 * one that may list several (`15,16`, `10 365`) by each of them written apart, as often as it lists it (`15 vs 16`,
 * `10 and 365`; `5,5` is not kept by `5`). A number said twice may be written once, as a rewrite that joins two
 * questions about it does. The rewrite's numbers count whole only: its lists (`5,2`) and its groupings, by white space
 * or a group separator before three digits, which a reader may take for one number (`1 500` for 1500), so that two of
 * the query's numbers the rewrite writes side by side are refused (`1 tablet of 500 mg` as `1 500 mg`, `1,500 mg` or
 * `1'500 mg`), while a query that wrote them so keeps them so (`Windows 10 365`). A fraction written with a slash keeps
 * the vulgar one, and the vulgar one the numbers of a slashed one (`½` and `1/2`). Scientific notation is compared by
 * its exact value (`1e-3` is kept by `1×10⁻³`, `1 x 10^-3` and `10^-3`, not by `1×10⁻⁴` or `0.001`). A minus after a
 * number and white space (`2019 -2020`) is kept with or without it. Linear in both.
 */
export function keepsNumbers(query: string, rewritten: string): boolean {
  const rewrite = prepared(rewritten);
  const asked = prepared(query);
  const queryNumbers = numbers(asked);
  const rewriteNumbers = numbers(rewrite);
  const written = counted([
    ...rewriteNumbers.map(({ whole }) => whole),
    ...slashedFractions(rewrite).map(({ fraction }) => fraction),
  ]);
  const keeps = ({ whole, parts }: NumberRead): boolean =>
    written.has(whole) || (parts !== undefined && holds(written, counted(parts)));
  // The query's slashed fractions the rewrite writes (as `½` or `1/2`), in order, to walk beside its numbers.
  const fractions = slashedFractions(asked).filter(({ fraction }) => written.has(fraction));
  let next = 0;
  return queryNumbers.every((number) => {
    while (next < fractions.length && fractions[next]!.end <= number.start) next += 1;
    const fraction = fractions[next];
    const inFraction = fraction !== undefined && fraction.start <= number.start && number.end <= fraction.end;
    return inFraction || keeps(number) || (number.unsigned !== undefined && keeps(number.unsigned));
  });
}
