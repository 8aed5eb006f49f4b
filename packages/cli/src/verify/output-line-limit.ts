/**
 * The longest line `gk verify` writes, and so the longest `gk report` reads: 64 MiB, eight times the default
 * `--max-line-bytes`, room for a long line written with `--with-input` and several copies of a passage it cites.
 */
export const MAX_OUTPUT_LINE_BYTES = 64 * 1024 * 1024;
// Every citation carries the text it cites, so a record holds a cited passage once per claim that cites it: an answer
// of k claims citing one passage of the line's length grows with the square of the line. A record may be this many
// times its line, plus ALLOWANCE for short lines, which is what keeps the output (and each batch in memory) linear.
const PER_INPUT_BYTE = 32;
const ALLOWANCE = 64 * 1024;

/** Input bytes past which {@link outputLineLimit} no longer grows (2 MiB): counting further would change nothing. */
export const MAX_COUNTED_INPUT_BYTES = MAX_OUTPUT_LINE_BYTES / PER_INPUT_BYTE;

/**
 * The longest output line `gk verify` writes for a log line of `lineBytes` bytes (with `--documents`, plus the texts
 * its ids resolve to); a longer one is `output_too_long`.
 */
export function outputLineLimit(lineBytes: number): number {
  return Math.min(PER_INPUT_BYTE * lineBytes + ALLOWANCE, MAX_OUTPUT_LINE_BYTES);
}
