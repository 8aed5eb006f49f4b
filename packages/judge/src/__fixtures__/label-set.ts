import { type LabelSet, parseLabelSet } from '@gk/eval-schema';
import { createLabelSet } from '../calibration/create-label-set.js';
import raw from './licence-label-set.json' with { type: 'json' };

/**
 * Twenty answers over short real excerpts of MIT, Apache-2.0, GPL-3.0-only, BSD-3-Clause and MPL-2.0 (text and
 * offsets as shipped by spdx-license-list), labelled by hand for this project against `faithfulnessRubric`:
 * 16 faithful, 4 unfaithful (an invented CHANGELOG duty, an invented damages clause, binary-only GPL
 * distribution, endorsement allowed by the wrong clause).
 */
export const licenceLabelSet: LabelSet = parseLabelSet(raw);

/** A deep copy, for tests that tamper with the set. */
export function copyLabelSet(): LabelSet {
  return structuredClone(licenceLabelSet);
}

/**
 * The licence set with each item repeated `times` times as a distinct item (ids `<id>~<copy>`, the question followed
 * by ` (<copy + 1>)`, so no two items share question, answer and passages), for tests that need enough distinct labels
 * of each class to gate: 8 rounds hold 128 faithful and 32 unfaithful items. They keep their answer, so a scripted
 * judge gives each the verdict of its original.
 */
export async function scaledLabelSet(
  times = 8,
  keep: (item: LabelSet['items'][number]) => boolean = () => true,
): Promise<LabelSet> {
  const items = Array.from({ length: times }, (_, copy) =>
    licenceLabelSet.items
      .filter(keep)
      .map((item) => ({ ...item, id: `${item.id}~${copy}`, question: `${item.question} (${copy + 1})` })),
  ).flat();
  return createLabelSet({
    name: `licence x${times}`,
    items,
    createdAt: new Date('2026-11-29T00:00:00.000Z'),
  });
}
