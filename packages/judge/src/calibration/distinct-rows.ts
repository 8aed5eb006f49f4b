import type { CalibrationReport, LabelSet } from '@gk/eval-schema';
import type { PromptTemplate } from '@gk/model-kit';
import { StringMap } from '@gk/internal';
import { distinctItems } from './distinct-items.js';

/** One row per distinct item: its first id, its label, and the one verdict it counts with. */
export interface DistinctRow {
  itemId: string;
  human: boolean;
  /** The verdict every copy got; the wrong one when copies got different verdicts; `null` when any copy had none. */
  judge: boolean | null;
}

/** The report's rows counted once per distinct item, and how many distinct items had copies judged both ways. */
export interface DistinctRows {
  rows: DistinctRow[];
  /** Distinct items whose copies got different verdicts (each counted as wrong). */
  split: number;
}

/**
 * The report's rows with each distinct item of the label set (per class, by what the judge is shown of it, as
 * {@link distinctItems} keys it) counted once. An item counts as right only when the judge agreed on every copy of it:
 * copies judged both ways count as wrong (the verdict that lowers every metric, so a judge inconsistent on one input
 * never gains by it), and a copy without a verdict leaves the item none. `undefined` when an item has no row.
 */
export function distinctRows(
  report: Pick<CalibrationReport, 'rows'>,
  labelSet: Pick<LabelSet, 'items'>,
  prompt: PromptTemplate,
): DistinctRows | undefined {
  const judged = new StringMap(report.rows.map((row) => [row.itemId, row.judge]));
  const rows: DistinctRow[] = [];
  let split = 0;
  for (const human of [true, false]) {
    const groups = distinctItems(
      labelSet.items.filter((item) => item.faithful === human),
      prompt,
    );
    for (const ids of groups) {
      let right = 0;
      let wrong = 0;
      let none = 0;
      for (const id of ids) {
        if (!judged.has(id)) return undefined;
        const verdict = judged.get(id);
        if (verdict === null || verdict === undefined) none += 1;
        else if (verdict === human) right += 1;
        else wrong += 1;
      }
      if (none === 0 && right > 0 && wrong > 0) split += 1;
      rows.push({ itemId: ids[0]!, human, judge: none > 0 ? null : wrong > 0 ? !human : human });
    }
  }
  return { rows, split };
}
