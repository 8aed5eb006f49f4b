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

/** Adds an issue for every id that occurs more than once, at the later occurrence. */
export function expectUniqueIds(ctx: Context, ids: readonly string[], path: (index: number) => Path): void {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) {
      ctx.addIssue({
        code: 'custom',
        path: path(index),
        message: `duplicate id ${JSON.stringify(id).slice(0, 80)}`,
      });
    }
    seen.add(id);
  });
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

/** Adds an issue when the date-time `later` (if given) is before `earlier`, named `what`. */
export function expectNotBefore(
  ctx: Context,
  path: Path,
  later: string | undefined,
  earlier: string,
  what: string,
): void {
  if (later !== undefined && Date.parse(later) < Date.parse(earlier)) {
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
