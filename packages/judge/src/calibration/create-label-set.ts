import { hashLabelSet, type LabelItem, type LabelSet, parseLabelSet } from '@gk/eval-schema';
import {
  checkArgument,
  checkOptionalDate,
  isObject,
  isOptional,
  readOptions,
  readArgument,
} from '@gk/internal';
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
 * unknown keys) throw `@gk/eval-schema`'s coded `ReportParseError`.
 */
export async function createLabelSet(options: CreateLabelSetOptions): Promise<LabelSet> {
  readArgument('options', () => checkArgument(isObject(options), 'options', 'an options object', options));
  // A misspelt `rubric` or `createdAt` would record the default in the hashed set, silently.
  const { name, items, rubric, createdAt } = readOptions(options, ['name', 'items', 'rubric', 'createdAt']);
  checkArgument(typeof name === 'string', 'options.name', 'a string', name);
  checkArgument(Array.isArray(items), 'options.items', 'an array of label items', items);
  checkArgument(isOptional(rubric, 'string'), 'options.rubric', 'a string', rubric);
  checkOptionalDate(createdAt, 'options.createdAt');
  // Every option is read once, and the items once, by the schema: the parsed copy is what is hashed and returned, so no
  // getter can show the hash one item and the set another. The placeholder hash is replaced before it is returned.
  const parsed = parseLabelSet({
    schemaVersion: 1 as const,
    name,
    createdAt: (createdAt ?? new Date()).toISOString(),
    rubric: rubric ?? faithfulnessRubric,
    items: [...items],
    hash: '0'.repeat(64),
  });
  return { ...parsed, hash: await hashLabelSet(parsed) };
}
