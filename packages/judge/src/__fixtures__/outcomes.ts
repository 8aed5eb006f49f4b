import type { CalibrationOutcome } from '../calibration/build-calibration-report.js';

/**
 * A judge's outcomes over labelled items: each item's own label as the verdict, or the opposite label for an id
 * `wrong` names, with an unsupported claim whenever the verdict is unfaithful (as a verdict must have).
 */
export function outcomesFor(
  items: ReadonlyArray<{ id: string; faithful: boolean }>,
  wrong: (id: string) => boolean = () => false,
): CalibrationOutcome[] {
  return items.map((item) => {
    const faithful = wrong(item.id) ? !item.faithful : item.faithful;
    return {
      itemId: item.id,
      verdict: { faithful, unsupportedClaims: faithful ? [] : ['c'], reasoning: 'r' },
    };
  });
}
