import { replaceRuns, runClass, stripInvisible, StringMap } from '@gk/internal';
import type { z } from 'zod';

// Internal helpers shared by the cross-field refinements; not part of the public API.

type Context = z.RefinementCtx;
type Path = Array<string | number>;

/** Adds an issue when a stored count disagrees with the count recomputed from rows. */
export function expectCount(ctx: Context, path: Path, stored: number, counted: number, what: string): void {
  if (stored !== counted) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: `count disagrees with its rows: expected ${counted} (${what}), received ${stored}`,
    });
  }
}

/**
 * Whitespace (`\p{White_Space}`, a stable set, all in the BMP) and U+2800 BRAILLE PATTERN BLANK, read in runs by
 * searches (`replaceRuns`): where V8 does not optimize a repeated class (under the `u` flag in a text that is not
 * Latin-1, or in a process that has compiled many regular expressions) it keeps a backtrack entry per character, and
 * an id of millions of U+3000 overflowed its stack (a bare RangeError).
 */
const BLANKS = runClass('\\t-\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\u2800');

/**
 * An id as a reader sees it: without invisible (`stripInvisible`), format (`\p{Cf}`) and control characters that are
 * no whitespace, every run of whitespace one space, trimmed, in NFC (canonically equivalent text renders the same),
 * as `@gk/judge` reads an item's visible text. Two ids with one shown form cannot be told apart in a table.
 */
export function shownId(id: string): string {
  return replaceRuns(stripInvisible(id).replace(/\p{Cf}|[^\P{Cc}\p{White_Space}]/gu, ''), BLANKS, ' ')
    .trim()
    .normalize('NFC');
}

const quoted = (id: string): string => JSON.stringify(id).slice(0, 80);
const ASIDE = '(invisible and control characters, whitespace and the Unicode normal form aside)';

/**
 * Adds an issue for every id that occurs more than once, at the later occurrence, also when the two are only equal as
 * shown (`shownId`: `q1` and `q1` + ZWSP, `café` composed and decomposed): a reader could not tell the rows apart, and a
 * question listed twice is counted twice.
 */
export function expectUniqueIds(ctx: Context, ids: readonly string[], path: (index: number) => Path): void {
  const seen = new StringMap<string>();
  ids.forEach((id, index) => {
    const shown = shownId(id);
    const first = seen.get(shown);
    if (first === undefined) {
      seen.set(shown, id);
      return;
    }
    ctx.addIssue({
      code: 'custom',
      path: path(index),
      message:
        first === id
          ? `duplicate id ${quoted(id)}`
          : `duplicate id ${quoted(id)}: reads as ${quoted(first)} ${ASIDE}`,
    });
  });
}

/**
 * Adds an issue for a name (a category, a document or chunk id) spelled differently from an earlier one it reads as
 * (`shownId`), at the later one: the same name may repeat, but two spellings of it would be counted as two.
 */
export function expectOneSpelling(
  ctx: Context,
  seen: StringMap<string>,
  name: string,
  path: Path,
  what: string,
): void {
  const shown = shownId(name);
  const first = seen.get(shown);
  if (first === undefined) seen.set(shown, name);
  else if (first !== name) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: `${what} ${quoted(name)} reads as ${quoted(first)} ${ASIDE}; spell one name one way`,
    });
  }
}

/** Adds an issue when a stored rate is not the rate recomputed from its rows (tolerance 1e-9). */
export function expectRate(
  ctx: Context,
  path: Path,
  stored: number | null,
  computed: number | null,
  what: string,
): void {
  const same =
    stored === null || computed === null ? stored === computed : Math.abs(stored - computed) <= 1e-9;
  if (!same) {
    ctx.addIssue({
      code: 'custom',
      path,
      message: `rate disagrees with its rows: expected ${computed === null ? 'null' : computed} (${what}), received ${stored === null ? 'null' : stored}`,
    });
  }
}

/** The digits of an ISO date-time's fraction past the millisecond (`Date.parse` drops them), trailing zeros dropped. */
function subMillisecond(time: string): string {
  return (/\.\d{3}(\d*)/.exec(time)?.[1] ?? '').replace(/0+$/, '');
}

/**
 * Whether the ISO date-time `time` is before `other`, to the last digit written: `Date.parse` keeps milliseconds
 * only, so within one millisecond the digits past it decide (an offset is whole minutes, so they are the instant's).
 */
export function isBefore(time: string, other: string): boolean {
  const difference = Date.parse(time) - Date.parse(other);
  if (difference !== 0) return difference < 0;
  const [mine, theirs] = [subMillisecond(time), subMillisecond(other)];
  const length = Math.max(mine.length, theirs.length);
  return mine.padEnd(length, '0') < theirs.padEnd(length, '0');
}

/** Adds an issue when the date-time `later` (if given) is before `earlier`, named `what`. */
export function expectNotBefore(
  ctx: Context,
  path: Path,
  later: string | undefined,
  earlier: string,
  what: string,
): void {
  if (later !== undefined && isBefore(later, earlier)) {
    ctx.addIssue({ code: 'custom', path, message: `expected a time not before ${what} (${earlier})` });
  }
}

/**
 * Options for a `superRefine` that recomputes totals from the rows: it runs only once every field parsed, so a
 * recomputation never reads a malformed row (and never throws on one: the field's own issue is the failure).
 */
export const WHEN_FIELDS_PARSED = {
  when: (payload: { issues: readonly unknown[] }): boolean => payload.issues.length === 0,
};
