import { hashLabelSet, type LabelItem, LabelSet } from '@gk/eval-schema';
import { faithfulnessRubric } from '../faithfulness/default-judge-prompt.js';

/** Options for {@link createLabelSet}. */
export interface CreateLabelSetOptions {
  /** Human-readable name of the set. */
  name: string;
  /** Human-labelled items; ids must be unique and every item needs at least one passage. */
  items: readonly LabelItem[];
  /** The rubric the labellers followed; defaults to the one the default judge prompt gives the judge. */
  rubric?: string;
  /** When the set was frozen; defaults to now. */
  createdAt?: Date;
}

/**
 * Freezes human labels into a `LabelSet` with its own content hash; invalid items (duplicate ids, no passages,
 * unknown keys) throw the schema's `ZodError`.
 */
export async function createLabelSet(options: CreateLabelSetOptions): Promise<LabelSet> {
  const unhashed = {
    schemaVersion: 1 as const,
    name: options.name,
    createdAt: (options.createdAt ?? new Date()).toISOString(),
    rubric: options.rubric ?? faithfulnessRubric,
    items: [...options.items],
  };
  return LabelSet.parse({ ...unhashed, hash: await hashLabelSet(unhashed) });
}
