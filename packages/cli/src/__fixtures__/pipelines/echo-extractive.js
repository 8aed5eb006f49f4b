// The demo's synthesis step as a pipeline module for `gk echo`: the extractive model, drop-claims, support check.
import { extractiveModel, synthesize } from '@gk/synthesis';

export const pipeline = ({ question, passages }) =>
  synthesize({
    model: extractiveModel(),
    question,
    passages,
    policy: 'drop-claims',
    verify: { support: {} },
  });
