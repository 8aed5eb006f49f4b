import { type LabelSet, parseLabelSet } from '@gk/eval-schema';
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
