/**
 * A class of characters read by searches alone: where a run of it starts (`first`) and where it ends (`past`, the
 * first character outside it).
 */
export interface RunClass {
  readonly first: RegExp;
  readonly past: RegExp;
}

/**
 * The {@link RunClass} of the characters `[set]` matches (`set` as written between the brackets: `\\s`, `a-z`,
 * `\\p{L}` with the `u` flag, `^\\S\\n` for a negated class).
 *
 * Why searches: once V8 compiles regular expressions without optimizations (a process that has compiled many), a
 * repeated class such as `[\s]+` keeps a backtrack entry for each character it reads, and a run of about four million
 * overflows its stack (`RangeError`). A search for one character keeps none, however far it goes.
 */
export function runClass(set: string, flags = ''): RunClass {
  const complement = set.startsWith('^') ? set.slice(1) : `^${set}`;
  return { first: new RegExp(`[${set}]`, `g${flags}`), past: new RegExp(`[${complement}]`, `g${flags}`) };
}

/** Where each run of `runs` in `text` starts and ends (end-exclusive), flat and in order: what `[set]+` matches. */
export function findRuns(text: string, runs: RunClass): number[] {
  const found: number[] = [];
  for (let from = 0; ; ) {
    runs.first.lastIndex = from;
    const start = runs.first.exec(text)?.index;
    if (start === undefined) return found;
    runs.past.lastIndex = start;
    const end = runs.past.exec(text)?.index ?? text.length;
    found.push(start, end);
    from = end;
  }
}

/**
 * `text` with every run of `runs` replaced by `by` (or what it returns for the run and where it starts): what
 * `text.replace(/[set]+/g, by)` returns, by searches.
 */
export function replaceRuns(
  text: string,
  runs: RunClass,
  by: string | ((run: string, start: number) => string),
): string {
  const found = findRuns(text, runs);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (let k = 0; k < found.length; k += 2) {
    const start = found[k]!;
    out += text.slice(at, start) + (typeof by === 'string' ? by : by(text.slice(start, found[k + 1]), start));
    at = found[k + 1]!;
  }
  return out + text.slice(at);
}

/**
 * `text` with every run of `runs` longer than `2 * keep` characters cut to its first and last `keep`: for patterns
 * whose bounded parts count at most `keep` characters and whose repeated ones read a run whole, the same verdict, and
 * no run long enough to overflow a backtrack stack. Characters of a run must be single code units (a BMP class).
 */
export function shortenRuns(text: string, runs: RunClass, keep: number): string {
  const found = findRuns(text, runs);
  let out = '';
  let at = 0;
  for (let k = 0; k < found.length; k += 2) {
    const start = found[k]!;
    const end = found[k + 1]!;
    if (end - start <= 2 * keep) continue;
    out += text.slice(at, start + keep);
    at = end - keep;
  }
  return at === 0 ? text : out + text.slice(at);
}
