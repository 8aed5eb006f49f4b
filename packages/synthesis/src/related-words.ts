import { stem } from './match-terms.js';

/**
 * Everyday English words that mean nearly the same thing, so that a question that says "keep", "make money" or
 * "am I allowed" meets a source that says "retain", "fee" or "permitted". Any word of a group finds the others
 * at a fraction of its own weight. Deliberately small and general: no domain's vocabulary belongs here.
 */
const GROUPS: readonly string[] = [
  'allow allowed allows permit permits permitted permission let lets authorize authorized entitled',
  'require required requires requirement obligation obliged condition conditions mandatory',
  'forbid forbids forbidden prohibit prohibits prohibited restrict restricted restriction',
  'money fee fees charge charges price pay paid payment cost',
  'sell sells sold sale commercial commercially profit money',
  'tell tells inform informs notify notifies notice notification',
  'keep keeps retain retains preserve preserves maintain',
  'change changes changed modify modified modification alter altered',
  'give gives grant grants granted',
  'end ends terminate terminates terminated termination cease expire expires',
  'sue sues lawsuit litigation',
  'buy buys purchase',
  'begin begins start starts commence',
];

const RELATED: ReadonlyMap<string, readonly string[]> = (() => {
  const related = new Map<string, Set<string>>();
  for (const group of GROUPS) {
    const terms = [...new Set(group.split(' ').map(stem))];
    for (const term of terms) {
      const set = related.get(term) ?? new Set<string>();
      for (const other of terms) if (other !== term) set.add(other);
      related.set(term, set);
    }
  }
  return new Map([...related].map(([term, set]) => [term, [...set]]));
})();

/** The stemmed terms related to a stemmed term (empty when it has none). */
export function relatedTerms(term: string): readonly string[] {
  return RELATED.get(term) ?? [];
}
