import { tokenizeTerms } from './tokenize-terms.js';

/**
 * Words that licence texts and the people asking about them use for the same thing: a question says "keep the
 * notice", "make money" or "tell users"; a licence says "retain", "commercial", "give notice". Each line is
 * one group; any word of a group also finds the others, at half weight. This is the demo's domain knowledge
 * (lexical retrieval has no other way to meet paraphrase), not part of any package.
 */
const GROUPS: readonly string[] = [
  'allow allowed allows permit permits permitted permission let lets authorize authorized entitled',
  'require required requires requirement requirements obligation obligations obliged condition conditions mandatory',
  'forbid forbids forbidden prohibit prohibits prohibited prohibiting restrict restriction restrictions',
  'money fee fees charge charges price paid pay payment cost royalty royalties',
  'sell sells sold sale commercial commercially profit money price',
  'tell inform notify notice notices notification acknowledge acknowledgment acknowledgement',
  'keep retain retained preserve maintain intact',
  'change changes changed modify modified modification modifications alter altered adapt adapted',
  'give gives grant grants granted',
  'share distribute distributes distributed distribution redistribute redistribution convey',
  'end ends terminate terminates terminated termination cease revoke lose',
  'sue sues lawsuit litigation',
  'network server service hosted hosting remote remotely',
  'warranty warranties guarantee',
  'liable liability damages',
  'trademark trademarks logo logos brand',
  'endorse endorsement promote promotion advertise advertising advertisement ads',
  'link linked linking combine combined combination',
  'code software program programs',
  'user users customer customers recipient recipients',
  'binary binaries executable executables compiled object',
  'derive derived derivative derivatives',
  'charity charities charitable nonprofit',
  'school schools university universities educational academic',
  'convert converts converted conversion change changes',
  'paper papers article articles publication publications',
  'staff employee employees worker workers personnel',
];

// Each stemmed term → the other stemmed terms of its groups.
const RELATED: ReadonlyMap<string, readonly string[]> = (() => {
  const related = new Map<string, Set<string>>();
  for (const group of GROUPS) {
    const terms = [...new Set(group.split(' ').flatMap((word) => tokenizeTerms(word)))];
    for (const term of terms) {
      const set = related.get(term) ?? new Set<string>();
      for (const other of terms) if (other !== term) set.add(other);
      related.set(term, set);
    }
  }
  return new Map([...related].map(([term, set]) => [term, [...set]]));
})();

/** The terms related to `terms` (stemmed, as `tokenizeTerms` gives them) that are not among them. */
export function expandTerms(terms: readonly string[]): string[] {
  const have = new Set(terms);
  const out = new Set<string>();
  for (const term of terms) for (const other of RELATED.get(term) ?? []) if (!have.has(other)) out.add(other);
  return [...out];
}
