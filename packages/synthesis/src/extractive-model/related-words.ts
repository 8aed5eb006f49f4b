import { stem } from './match-terms.js';

/**
 * Everyday English words that mean nearly the same thing, so that a question that says "keep", "make money" or
 * "am I allowed" meets a source that says "retain", "fee" or "permitted". Any word of a group finds the others
 * at a fraction of its own weight. Deliberately small and general: no domain's vocabulary belongs here.
 *
 * The first groups are everyday near-synonyms. The rest pair the plain word a person asks with (`break the
 * rules`, `fix it`, `get a copy`, `who is responsible`) with the formal word that contracts, policies, terms of
 * service and statutes write in its place (`breach`, `cure`, `obtain`, `liable`): the substitutions that
 * plain-language drafting guides list, read in the other direction.
 */
const GROUPS: readonly string[] = [
  'allow allowed allows permit permits permitted permission let lets authorize authorized entitled',
  'require required requires requirement obligation obliged condition conditions mandatory',
  'forbid forbids forbidden prohibit prohibits prohibited restrict restricted restriction',
  'money fee fees charge charges price pay paid payment cost',
  'sell sells sold sale commercial commercially profit money',
  'tell tells inform informs notify notifies notice notification',
  'keep keeps retain retains preserve preserves maintain',
  'change changes changed modify modified modification alter altered edit edited adapt adapted amend amended',
  'give gives grant grants granted',
  'end ends terminate terminates terminated termination cease expire expires stop stops',
  'sue sues lawsuit litigation',
  'buy buys purchase',
  'begin begins start starts commence',
  // Plain words and the formal words written in their place.
  'promise promises warrant warrants guarantee guarantees assure assures',
  'responsible responsibility liable liability accountable',
  'extra additional further',
  'break breaks broke breach breaches violate violates violation',
  'fix fixes cure cures remedy remedies',
  'get gets obtain obtains receive receives',
  'remove removes delete deletes',
  'copy copies reproduce reproduces reproduction',
  'share shares distribute distributes distribution convey conveys',
  'explain explains describe describes document documents',
  'win wins prevail prevails precedence',
  'conflict conflicts disagree disagrees inconsistent inconsistency divergence',
  'ask asks request requests',
  'show shows display displays',
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
