import { runClass, shortenRuns } from '@gk/internal';
import { matchRuns, runStartBefore } from '../match-runs.js';

/** What kind of sentence answers a question, read from the question's wording (English). */
export type QuestionForm = 'permission' | 'obligation' | 'consequence' | 'time' | 'definition' | 'open';

/** What a source sentence does, read from its wording (English). */
export interface SentenceCues {
  /** It permits, obliges or forbids: `may`, `must`, `shall`, `is granted`, `may not`, `provided that`. */
  normative: boolean;
  /**
   * It obliges or forbids (`must`, `shall`, `is required`, `may not`, `provided that`), rather than only permitting:
   * what a `must I` question asks for.
   */
  binding: boolean;
  /** It states what something is designed, intended or meant to do: an aim, not the rule (`This policy is designed to ...`). */
  purpose: boolean;
  /** It tells the reader what they may or must do: `you may`, `you must not`, `you are required`. */
  addressed: boolean;
  /** It states a condition or its consequence: `if`, `unless`, `in the event`, `terminates`. */
  conditional: boolean;
  /** It speaks of time: dates, periods, `within`, `after`, `until`. */
  temporal: boolean;
  /** It defines a term: `"X" means ...`, `X refers to ...`. */
  definition: boolean;
  /** It is a title or a heading: short, with no verb of its own, unpunctuated or in title case (`Termination of Rights`). */
  heading: boolean;
  /** It introduces a list (ends with a colon): the answer is in the items, not here. */
  leadIn: boolean;
  /**
   * It grants or requires something on a condition it states itself (`provided that you document how it differs`,
   * `as long as`): a lead-in that does so is an answer of its own, not only an announcement of its items.
   */
  proviso: boolean;
  /** It gives an example (`For example, ...`): an illustration, not the rule itself. */
  example: boolean;
}

const FORM_PATTERNS: ReadonlyArray<readonly [QuestionForm, RegExp]> = [
  ['definition', /^(?:what|which)\s+(?:is|are|does)\b.*\b(?:mean|meaning|definition|defined)\b|^define\b/],
  // `When is it returned?`, not `When I ship it, must I ...?` (a condition, then the question).
  [
    'time',
    /^(?:when\s+(?:is|are|was|were|do|does|did|will|would|can|could|must|should|shall|may|might|has|have|had)|how\s+(?:long|soon)|until\s+when|by\s+when)\b/,
  ],
  ['consequence', /\bwhat\s+(?:happens|if)\b|\bwhat\s+(?:do|does|will)\s+\S+\s+(?:lose|owe)\b/],
  [
    'obligation',
    /\b(?:must|should|shall)\s+(?:i|we|you|they|one|my|our)\b|\b(?:have|has|need|needs)\s+to\b|\brequire[sd]?\b|\bobliged\b|\bowe\b|\bmandatory\b/,
  ],
  [
    'permission',
    /\b(?:can|may|could)\s+(?:i|we|you|they|one|my|our|anyone|someone)\b|\b(?:allowed|permitted|allow|allows|let|lets|permit|permits)\b|\b(?:free|right)\s+to\b|\b(?:give|gives|grant|grants)\b/,
  ],
];

/**
 * Words that, in a `may I` / `must I` question, say what kind of answer is wanted rather than what it is about
 * (`does it require me to ...`, `am I allowed to ...`): the form carries them.
 */
export const FORM_WORDS: ReadonlySet<string> = new Set(
  'require requires required need needs obliged mandatory allowed permitted allow allows let lets permit permits'.split(
    ' ',
  ),
);

/** The form of an English question; `open` when none of the cues is there. */
export function questionForm(question: string): QuestionForm {
  // A `Topic: question` label says what the question is about, not what it asks.
  const text = question
    .toLowerCase()
    .replace(/^[^:?]{1,80}:\s+/, '')
    .trim();
  for (const [form, pattern] of FORM_PATTERNS) if (pattern.test(text)) return form;
  return 'open';
}

const NORMATIVE =
  /\b(?:may|must|shall|can(?:not)?|requir\w*|permi(?:t|ts|tted|ssion)|allow(?:s|ed)?|grant(?:s|ed)?|entitled|prohibit\w*|forbid\w*|oblig\w*|agrees?\s+to|provided\s+that|on\s+condition|subject\s+to|need\s+not|free\s+to|right\s+to)\b/;
const BINDING =
  /\b(?:must|shall|requir\w*|oblig\w*|need\s+not|have\s+to|has\s+to|needs?\s+to|agrees?\s+to|provided\s+that|on\s+condition|subject\s+to|prohibit\w*|forbid\w*|(?:may|can|could)\s+not|cannot|not\s+(?:be\s+)?(?:permitted|allowed))\b/;
// `is designed to`, `are intended for`, `the purpose of`, and `in order to` in a sentence that obliges no one. `Not
// designed or intended for use in ...` is no aim but a restriction.
const PURPOSE =
  /\b(?:designed|intended|meant)\s+(?:to|for)\b|\bthe\s+(?:purpose|intent|intention|aim|goal)\s+of\b|\b(?:aims?|seeks?)\s+to\b/;
const NOT_PURPOSE = /\bnot\b[^.;:]{0,40}\b(?:designed|intended|meant)\b/;
const IN_ORDER_TO = /\bin\s+order\s+to\b/;
// The sentence tells the reader what they may or must do: the closest thing to an answer to `may I` / `must I`.
const ADDRESSED =
  /\byou\s+(?:may|must|can(?:not)?|shall|will|need|have\s+to|are(?:\s+not)?\s+(?:allowed|permitted|required|free|entitled))\b/;
const PROVISO = /\b(?:provided\s+that|on\s+(?:the\s+)?condition\s+that|as\s+long\s+as|so\s+long\s+as)\b/g;
// A proviso that only points at the list (`provided that you also do one of the following:`) says nothing itself.
const LIST_PROVISO =
  /^\s+(?:you\s+|the\s+following\s+conditions\s+are\s+met)?(?:also\s+)?(?:do\s+|meet\s+|comply\s+with\s+)?(?:at\s+least\s+)?(?:(?:one|all|each|any|both)\s+of\s+)?(?:the\s+following\b|:)/;
const CONDITIONAL =
  /\b(?:if|unless|provided|in\s+the\s+event|in\s+case|upon|terminate[sd]?|termination|cease[sd]?|void|revoked?)\b/;
const TEMPORAL =
  /\b(?:date|days?|weeks?|months?|years?|anniversary|effective|until|after|before|within|period|deadline|expir\w*)\b|\b[12][0-9]{3}\b/;
// `"Larger Work" means ...`, `A contributor's "essential patent claims" are all ...`, `X refers to ...`.
const DEFINITION =
  /^\W{0,3}[^.;:]{1,80}?\W{0,3}\s+(?:means|shall\s+mean|refers\s+to|is\s+defined\s+as)\b|^[^.;:"“”]{0,40}["“][^"“”]{1,60}["”]\s+(?:is|are|means|includes?|shall\s+(?:mean|include))\b/;
// A finite verb or an auxiliary: a sentence without one, and short, is a title.
const VERB =
  /\b(?:is|are|was|were|be|been|being|am|has|have|had|do|does|did|may|must|shall|will|can|cannot|could|should|would|might|means|grants?|applies|requires?|includes?|permits?|provides?|gives?|makes?|says?|states?)\b/;

/** No closing full stop, or most longer words after the first capitalised (`Offering the Program as a Service.`). */
function titleLike(sentence: string): boolean {
  // `/[.!?;]["'”’)]*\s*$/u`, read from the end by a loop (see `match-runs.ts`).
  const closed = runStartBefore(sentence, sentence.trimEnd().length, CLOSER);
  if (closed === 0 || !'.!?;'.includes(sentence[closed - 1]!)) return true;
  const longer = matchRuns(sentence, LETTERS)
    .map((run) => run.text)
    .filter((word) => word.length >= 8 || [...word].length >= 4)
    .slice(1);
  return longer.length > 0 && longer.filter((word) => /^\p{Lu}/u.test(word)).length / longer.length >= 0.6;
}

const CLOSER = /["'”’)]/uy;
const LETTERS = /\p{L}{1,65536}/gu;
const WORD = /[\p{L}\p{N}]{1,65536}/gu;
const NON_WORD = /\W/uy;

/** `/:\W*$/u`: a ':' in the run of signs that ends `text`, read from the end by a loop. */
function leadIn(text: string): boolean {
  return text.slice(runStartBefore(text, text.length, NON_WORD)).includes(':');
}

// The cues read whitespace as `\s`, each run whole (`\s+`) or a few characters of it (`\W{0,3}`, `[^.;:]{1,80}?`):
// a run longer than 256 reads the same cut to its first and last 128 characters. Cut, no run is long enough to overflow
// V8's backtrack stack where it does not optimize a repeated class (in a process that has compiled many regular
// expressions, millions of spaces after `Pets;` did).
const WHITESPACE = runClass('\\s');

/** The cues of a source sentence. */
export function sentenceCues(sentence: string): SentenceCues {
  const lower = shortenRuns(sentence.toLowerCase(), WHITESPACE, 128);
  const words = matchRuns(lower, WORD).map((run) => run.text);
  const letters = sentence.replace(/[^\p{L}]/gu, '');
  const shouting = letters.length > 0 && letters === letters.toUpperCase() && /\p{Lu}/u.test(letters);
  const addressed = ADDRESSED.test(lower);
  const binding = BINDING.test(lower);
  return {
    normative: NORMATIVE.test(lower),
    binding,
    purpose:
      (PURPOSE.test(lower) && !NOT_PURPOSE.test(lower)) ||
      (!addressed && !binding && IN_ORDER_TO.test(lower)),
    addressed,
    conditional: CONDITIONAL.test(lower),
    temporal: TEMPORAL.test(lower),
    definition: DEFINITION.test(lower),
    heading:
      (words.length <= 12 && !VERB.test(lower) && (words.length <= 2 || titleLike(sentence))) ||
      (shouting && words.length <= 8),
    leadIn: leadIn(sentence.trim()),
    proviso: [...lower.matchAll(PROVISO)].some(
      (match) => !LIST_PROVISO.test(lower.slice(match.index + match[0].length)),
    ),
    example: /^\W*(?:for\s+(?:example|instance)|e\.\s?g\.)/.test(lower),
  };
}

/**
 * How much more (or less) likely a sentence with these cues answers a question of this form: a `can I` /
 * `must I` question wants a sentence that permits, obliges or forbids; `what happens if` a condition or its
 * consequence; `when` a time; `what does X mean` a definition. Titles, list lead-ins and definitions given to
 * questions that do not ask for one are discounted.
 */
export function cueWeight(form: QuestionForm, cues: SentenceCues): number {
  let weight = 1;
  if (cues.heading) weight *= 0.15;
  if (cues.leadIn && !cues.proviso) weight *= 0.6;
  if (cues.example) weight *= 0.7;
  if (form === 'definition') return cues.definition ? weight * 1.5 : weight;
  if (cues.definition) weight *= 0.6;
  // An aim (`designed to let you ...`) tells what the rule is for; the question asks what the rule is.
  if (cues.purpose && form !== 'open') weight *= 0.6;
  // `must I` is answered by what obliges or forbids; a sentence that only permits answers it less.
  if (form === 'obligation' && cues.normative && !cues.binding) weight *= cues.addressed ? 1.3 : 1.15;
  else if ((form === 'permission' || form === 'obligation') && cues.normative)
    weight *= cues.addressed ? 1.8 : 1.5;
  if (form === 'consequence' && cues.conditional) weight *= 1.5;
  if (form === 'time' && cues.temporal) weight *= 1.5;
  return weight;
}
