/**
 * What a licence question asks about, and the wording of the clause that answers it. People ask in everyday words
 * ("make money", "sue", "SaaS", "DRM", "credit the author"); licences answer in their own ("commercial",
 * "liable", "remote network interaction", "Effective Technological Measures", "attribution notices"). Each intent
 * pairs the everyday cues with the licence wording of the clause kind that answers it. This is general vocabulary
 * of licences, the demo's domain knowledge, not a list of the questions it is tested on; it belongs to the demo, not
 * to any package.
 */
export interface LicenceIntent {
  name: IntentName;
  /** Everyday words and phrases of a question that ask about it (matched on the lower-cased question). */
  cue: RegExp;
  /**
   * The licence wording of the clause kind that answers it: searched for by retrieval and read by the offline model
   * as part of the question. None of it is a word that changes the question's form (`may I`, `must I`, `grant`).
   */
  wording: string;
  /**
   * A sentence of the clause kind that answers it, when one kind does (matched on the lower-cased sentence): for `can I hold them
   * responsible`, the limitation of liability (`in no event ... be liable`), not an indemnity that also says
   * `liability`; for `is there a warranty`, the disclaimer.
   */
  clause?: RegExp;
}

export type IntentName =
  | 'commercial'
  | 'warranty'
  | 'liability'
  | 'patent'
  | 'patent-retaliation'
  | 'trademark'
  | 'network'
  | 'linking'
  | 'compatibility'
  | 'sublicensing'
  | 'termination'
  | 'reinstatement'
  | 'notice'
  | 'change-notice'
  | 'copyleft'
  | 'own-terms'
  | 'grant-scope'
  | 'added-restrictions'
  | 'licence-copy'
  | 'modification'
  | 'object-form'
  | 'technological-measures'
  | 'circumvention'
  | 'governing-law'
  | 'later-version';

export const LICENCE_INTENTS: readonly LicenceIntent[] = [
  {
    name: 'commercial',
    cue: /\b(?:sell\w*|sold|sales?|money|profits?|profitable|commercial\w*|business\w*|monetis\w*|monetiz\w*|paid|paying|charg(?:e|es|ed|ing)|fees?|prices?|revenue|for-profit|resell\w*)\b/,
    wording: 'commercial sell fee price charge',
    // What the licence lets one do for money, not what it defines as commercial.
    clause:
      /\b(?:for (?:any )?(?:non-?commercial|commercial) purposes?|for any purpose|(?:non-?)?commercial(?:ly)?,? (?:or|and) (?:non-?)?commercial(?:ly)?|commercial (?:use|applications?|products?|distributors?)|sell\w*|sold|charge|fees?|prices?|gratis)\b/,
  },
  {
    name: 'warranty',
    cue: /\b(?:warrant\w*|guarantee\w*|promis\w*|as[- ]is|bugs?|defects?|merchantab\w*)\b/,
    wording: 'warranty warranties disclaimed merchantability',
    clause:
      /\b(?:without (?:any )?warrant\w*|no warrant\w*|disclaim\w*|as is|makes no (?:representations|warranties)|warrants that)\b/,
  },
  {
    name: 'liability',
    cue: /\b(?:liab\w*|sue|suing|sued|responsible|responsibility|accountable|damages?|harm|compensat\w*|indemn\w*|to court)\b/,
    wording: 'liable liability damages',
    clause: /\bbe liable\b|\bno liability\b|\bin no event\b|\bnot (?:be )?responsible\b/,
  },
  {
    name: 'patent',
    cue: /\bpatent/,
    wording: 'patent license',
    clause:
      /\bpatent licen[cs]e\b|\blicen[cs]e under (?:its|their|the|any)\b[^.]{0,30}\bpatent|\bpatent (?:claims|rights)\b/,
  },
  {
    name: 'patent-retaliation',
    cue: /\bpatent[^.?]*\b(?:sue|suing|sued|lawsuits?|litigation|claims?|assert\w*|infring\w*)\b|\b(?:sue|suing|sued|lawsuits?|litigation|to court|infring\w*)\b[^.?]*\bpatent/,
    wording: 'litigation infringement terminate',
    clause:
      /\b(?:litigation|institut\w*|initiat\w*|brings? a patent|patent claim)\b[^.]*\b(?:terminat\w*|ends?|cease)\b/,
  },
  {
    name: 'trademark',
    cue: /\b(?:trade ?marks?|logos?|brand\w*|trade names?|service marks?)\b|\bnames?\b[^.?]*\b(?:promot\w*|endors\w*|advertis\w*|ads?|market\w*)\b|\b(?:promot\w*|endors\w*|advertis\w*|ads?|market\w*)\b[^.?]*\bnames?\b/,
    wording: 'trademarks trade names',
    clause: /\b(?:trade ?marks?|trade names?|service marks?|logos?|endorse|promote)\b/,
  },
  {
    name: 'network',
    cue: /\b(?:network\w*|saas|hosted|hosting|host|server\w*|web ?sites?|web ?apps?|web services?|online|cloud|remote\w*|internet|as a service|managed service|over the web)\b/,
    wording: 'network remote interacting hosted service',
    clause:
      /\b(?:network|remote\w*|interact\w*|hosted|managed service|as a service|external deployment|essential functionalities)\b/,
  },
  {
    name: 'linking',
    cue: /\b(?:link\w*|statically|dynamically|plug-?ins?|call\w* (?:the|a|its) library|uses? the library|against the library|(?:combin\w*|mix\w*|bundl\w*|together) (?:\w+ ){0,4}with)\b/,
    wording: 'link linked combined work uses the library',
    clause: /\b(?:link\w*|combined work|work that uses the library|larger work|aggregat\w*)\b/,
  },
  {
    name: 'compatibility',
    cue: /\bcompatib\w*|\brelicens\w*|\bdual[- ]licens\w*/,
    wording: 'compatible secondary license',
    clause:
      /\b(?:compatib\w*|secondary licen[cs]es?|gnu general public licen[cs]e|relicens\w*|terms of (?:your|its) choice|different terms|another licen[cs]e)\b/,
  },
  {
    name: 'sublicensing',
    cue: /\bsub-?licen[cs]\w*/,
    wording: 'sublicense',
    clause: /\bsub-?licen[cs]\w*/,
  },
  {
    name: 'termination',
    cue: /\b(?:violat\w*|break\w*|broke|breach\w*|terminat\w*|revok\w*|revocation|lose|loses|losing|lost|ends?|ended|(?:stop|fail\w* to|(?:\w+n['\u2019]t|not|never)) (?:comply\w*|respect\w*|follow\w*|obey\w*|abid\w* by|honou?r\w*|keep to|stick to|meet)|non-?complian\w*)\b/,
    wording: 'terminate termination automatically',
    clause: /\b(?:terminat\w*|void|ceases?|ends? (?:automatically|immediately)|revok\w*)\b/,
  },
  {
    name: 'reinstatement',
    cue: /\b(?:reinstat\w*|restor\w*|regain\w*|cure\w*|remed\w*)\b|\b(?:get|have|come|comes)\b[^.?]*\bback\b|\b(?:fix|correct)\w* (?:it|that|this|the (?:violation|breach|problem))\b|\bchance to (?:fix|cure|comply)/,
    wording: 'reinstated cure',
    clause: /\b(?:reinstat\w*|cure[sd]?|comply within|keep your licen[cs]e)\b/,
  },
  {
    name: 'notice',
    cue: /\b(?:credit\w*|attribut\w*|acknowledg\w*|notices?|copyright (?:notice|line|statement)|mention\w*|author'?s? name|tell\w*|inform\w*|notify\w*)\b|\b(?:say|state|indicate|show|name)\w* (?:\w+ ){0,2}(?:which|what) licen[cs]e\b/,
    wording: 'notice attribution acknowledgment',
    clause: /\b(?:notices?|attribution|acknowledg\w*|credit|identification of the creator)\b/,
  },
  {
    // Whether the licence's own text must go with the copies (`do I have to include the licence?`).
    name: 'licence-copy',
    cue: /\b(?:include|ship|bundle|give|hand|provide|keep|add|attach|pass)\w*\b(?:\s+[\w'-]+){0,4}?\s+(?:the|its|this|a copy of the) licen[cs]e\b(?!\s+to\b)|\blicen[cs]e (?:text|file)\b|\bcopy of the licen[cs]e\b/,
    wording: 'copy text this license included',
    clause:
      /\b(?:copy|copies|text) of (?:this|the) licen[cs]e\b|\bthis licen[cs]e\b[^.]{0,80}\b(?:included|accompan\w*|reproduced)\b|\b(?:include|accompan\w*)\b[^.]{0,40}\bthis licen[cs]e\b/,
  },
  {
    name: 'modification',
    cue: /\b(?:modif\w*|chang\w*|edit\w*|alter\w*|adapt\w*|fork\w*|derivative\w*|remix\w*|translat\w*|tweak\w*)\b/,
    wording: 'modified modifications derivative adapted',
    // Nearly every clause of a licence speaks of modified versions: no kind of sentence stands out as the answer.
  },
  {
    name: 'change-notice',
    cue: /\b(?:explain\w*|describ\w*|document\w*|list\w*|stat(?:e|es|ing)|mark\w*|note|label\w*|summari[sz]\w*|say|flag\w*) (?:\w+ ){0,3}(?:chang\w*|modif\w*|alter\w*|edit\w*)|\bchange ?logs?\b/,
    wording: 'prominent notices stating changed',
    clause:
      /\b(?:stating that you changed|prominent notices?|document(?:ing)? how|describ\w* (?:the |your )?(?:changes|modifications)|plainly marked|summary of the changes|date of any change|indicate (?:if )?you modified)\b/,
  },
  {
    name: 'copyleft',
    cue: /\b(?:same licen[cs]e|same terms|stay under|remain under|keep (?:it|them|the code) under|copyleft|share[- ]?alike|reciprocal|viral)\b/,
    wording: 'same terms govern',
    clause:
      /\b(?:same licen[cs]e|same (?:license )?elements|under the terms of this licen[cs]e|only under (?:the terms of )?this licen[cs]e|licen[cs]e (?:will|shall) govern|governed by (?:the terms of )?this licen[cs]e)\b/,
  },
  {
    name: 'own-terms',
    cue: /\b(?:any terms|terms i (?:like|want|choose)|my own (?:terms|licen[cs]e)|licen[cs]e of my (?:own )?choos\w*|whatever licen[cs]e|different (?:terms|licen[cs]e)|other terms|proprietary licen[cs]e|own licen[cs]e|closed[- ]source)\b/,
    wording: 'terms of your choice different',
    clause:
      /\b(?:terms of (?:your|its|their) choice|licen[cs]e of your choice|under (?:different|other|its own|your own) (?:terms|licen[cs]e)|different terms|own license agreement|license different than)\b/,
  },
  {
    name: 'grant-scope',
    cue: /\bwhat (?:exactly )?(?:does|do|can|may|am)\b[^.?]*\b(?:let|lets|allow\w*|permit\w*|do with)\b|\bwhat (?:can|may) (?:i|we|you) do\b/,
    wording: 'permission',
    clause:
      /\b(?:permission is hereby granted|hereby grants?|is (?:hereby )?permitted|are permitted|you (?:may|can)(?!\s+not\b)|do what(?:ever)? you want|free to|for any purpose|without restriction)\b/,
  },
  {
    name: 'added-restrictions',
    cue: /\b(?:i|we)\b (?:\w+ ){0,2}(?:add|impose|put|attach)\w* (?:\w+ ){0,3}(?:restrictions?|conditions?|terms?|limits?)\b|\b(?:extra|further|additional|more) (?:restrictions|conditions|terms)\b/,
    wording: 'further restrictions impose',
    clause:
      /\b(?:may not impose|not impose any|no further restrictions|any further restrictions|additional restrictions)\b/,
  },
  {
    name: 'object-form',
    cue: /\b(?:binar(?:y|ies)|compiled|executables?|object code|machine code|bytecode|jar files?)\b/,
    wording: 'executable object form compiled',
    clause: /\b(?:executable|object (?:code|form)|binary form|compiled)\b/,
  },
  {
    // Putting DRM on copies (`may I apply technological measures?`): the clause that forbids or allows applying them.
    name: 'technological-measures',
    cue: /\b(?:drm|copy[- ]protection|(?:technological|technical) (?:protection )?measures?|digital rights management|lock\w* down)\b/,
    wording: 'effective technological measures apply',
    // The GNU FDL and CAL say `technical measures`, the PDDL `technical protection measures`.
    clause: /\b(?:technological|technical) (?:protection )?measures?\b|\bdigital rights management\b/,
  },
  {
    // Getting round someone else's DRM: the waiver of anti-circumvention rights, not the rule on applying measures.
    name: 'circumvention',
    cue: /\b(?:anti-?circumvention|circumvent\w*|bypass\w*|crack\w*|break\w* (?:the |its )?(?:drm|copy[- ]protection|protection))\b/,
    wording: 'circumvent circumvention',
    clause: /\bcircumvent\w*/,
  },
  {
    // Whether a newer version of the licence may be used (`or any later version`, MPL's `New Versions`).
    name: 'later-version',
    cue: /\b(?:newer|later|future|new|subsequent|updated|revised|latest) versions? of (?:the|this|that|its) licen[cs]e\b|\b(?:any|a) later version\b/,
    wording: 'later version subsequent published',
    clause:
      /\b(?:any later|later|subsequent|newer|revised|new) versions?\b|\bversions?\b[^.]{0,60}\bpublished by\b/,
  },
  {
    name: 'governing-law',
    // `Take them to court` is a lawsuit, not a question of which court.
    cue: /\b(?:laws?|jurisdiction\w*|(?<!\bto )courts?|governed|governs|governing|legal system)\b/,
    wording: 'governed law jurisdiction',
    clause: /\b(?:governed by|laws? of|jurisdiction)\b/,
  },
];

/** An intent found in a question, and the words of the question that ask it. */
export interface QuestionIntent {
  intent: LicenceIntent;
  /** The question's text the cue matched (`make money`, `sue`, `SaaS`). */
  cueText: string;
}

// Questions longer than this are read for intents only up to here: the cues are phrases of a sentence or two.
const MAX_INTENT_TEXT = 2000;

/** The intents of a question, in the order of `LICENCE_INTENTS`, each with the words that ask it. */
export function questionIntents(question: string): QuestionIntent[] {
  const text = question.slice(0, MAX_INTENT_TEXT).toLowerCase();
  const found: QuestionIntent[] = [];
  for (const intent of LICENCE_INTENTS) {
    const match = intent.cue.exec(text);
    if (match !== null) found.push({ intent, cueText: match[0] });
  }
  return found;
}
