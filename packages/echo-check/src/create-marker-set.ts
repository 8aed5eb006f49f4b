import { ECHO_MARKER_PREFIX } from './generate-marker.js';
import { squash } from './squash.js';

/**
 * The shortest run of a marker's hex digits that counts as the marker: half of its 32 digits, 64 of its 128 random
 * bits. A run this long of a fresh marker does not occur by chance in any text a pipeline could return, so a
 * pipeline that writes it has seen the marker.
 */
export const PARTIAL_MARKER_DIGITS = 16;

/** Finds markers, whole or in part, in text already passed through `squash`. */
export interface MarkerMatcher<Label> {
  /** The longest run that counts as a marker: text searched piece by piece keeps this much minus one. */
  window: number;
  /** The label of a marker of which `squashed` holds a run that counts as the marker, or undefined. */
  find(squashed: string): Label | undefined;
  /** Like `find`, for a run that starts in `before` and ends in `after` (both squashed), in constant time. */
  findAcross(before: string, after: string): Label | undefined;
}

/** Labelled markers searched together: any number of them cost one pass over the text, not one pass each. */
export interface MarkerSet<Label> {
  add(marker: string, label: Label): void;
  /** A matcher for the markers added so far, except the runs of `allowed` (markers the text may hold). */
  except(allowed: readonly string[]): MarkerMatcher<Label>;
}

/** An empty set of markers (each with or without its prefix); a later marker's label wins on a shared run. */
export function createMarkerSet<Label>(): MarkerSet<Label> {
  const labels = new Map<string, Label>();
  const sizes = new Set<number>();
  // The markers' characters by code (squashed text is ASCII): looked up once per character of the text searched.
  const characters = new Uint8Array(128);
  const isMarkerCharacter = (text: string, at: number): boolean => characters[text.charCodeAt(at)] === 1;
  return {
    add(marker, label) {
      for (const run of runsOf(marker)) {
        labels.set(run, label);
        sizes.add(run.length);
        for (let at = 0; at < run.length; at++)
          if (run.charCodeAt(at) < 128) characters[run.charCodeAt(at)] = 1;
      }
    },
    except(allowed) {
      const skipped = new Set(allowed.flatMap(runsOf));
      const lengths = [...sizes].sort((a, b) => a - b);
      const shortest = lengths[0] ?? 0;
      const window = lengths[lengths.length - 1] ?? 0;
      const matcher: MarkerMatcher<Label> = {
        window,
        // A run across the join holds the characters on both sides of it; most joins have none of them.
        findAcross: (before, after) =>
          isMarkerCharacter(before, before.length - 1) && isMarkerCharacter(after, 0)
            ? matcher.find(before.slice(1 - window) + after.slice(0, window - 1))
            : undefined,
        find(squashed) {
          if (shortest === 0 || squashed.length < shortest) return undefined;
          // Only stretches of the markers' own characters can hold a run. They are found by a loop, not a regular
          // expression: `[…]{16,}` backtracks one stack entry per character, and a run of millions of digits (a
          // dump of numbers) overflowed the stack (RangeError) well under the 64 Mi characters the walk accepts.
          let from = 0;
          for (let at = 0; at <= squashed.length; at++) {
            if (at < squashed.length && isMarkerCharacter(squashed, at)) continue;
            // Each position is looked up once per run length (one length for generated markers): linear.
            for (const length of lengths) {
              for (let start = from; start + length <= at; start++) {
                const run = squashed.slice(start, start + length);
                if (labels.has(run) && !skipped.has(run)) return labels.get(run);
              }
            }
            from = at + 1;
          }
          return undefined;
        },
      };
      return matcher;
    },
  };
}

/** The runs of a marker that count as it: every 16 consecutive characters, or the whole of a shorter marker. */
function runsOf(marker: string): string[] {
  const needle = squash(
    marker.startsWith(ECHO_MARKER_PREFIX) ? marker.slice(ECHO_MARKER_PREFIX.length) : marker,
  );
  const length = Math.min(needle.length, PARTIAL_MARKER_DIGITS);
  const runs: string[] = [];
  for (let start = 0; length > 0 && start + length <= needle.length; start++) {
    runs.push(needle.slice(start, start + length));
  }
  return runs;
}
