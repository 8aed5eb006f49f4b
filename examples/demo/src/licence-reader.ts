import { extractiveModel } from '@gk/synthesis';
import { type LanguageModel, wrapLanguageModel } from 'ai';
import type { LicenceNames } from './build-licence-names.js';
import { LICENCE_INTENTS, type LicenceIntent } from './question-intents.js';
import { readLicenceQuestion } from './read-licence-question.js';

type ModelObject = Exclude<LanguageModel, string>;
type V3Model = Extract<LanguageModel, { specificationVersion: 'v3' }>;

// The line of the synthesis prompt that holds the question (`DEFAULT_PROMPT`: `Question: {{question}}`).
const QUESTION_LABEL = 'Question:';
// What starts the line of licence wording after the question.
const WORDING_LINE = '\n; ';

// A sentence of the clause kind the question's intent calls for (the disclaimer for a warranty question) counts this
// much more, twice over for two intents (a patent grant that ends on litigation), never more.
const KIND_BOOST = 3;
// `Which licence says ...`, `What font licence lets ...`, `Is there a licence that ...` (at the start of the question;
// `do I have to say which licence it is under?` asks about the licence): the word asks for a licence,
// as every source is one; it is not what the answer says (it would favour the sentences that happen to say
// `licenses`). A question about the licence itself (`do copies have to include the licence?`) keeps it.
const LICENCE_ASKED_FOR =
  /^(\s*)((?:which|what|is there (?:a|an|any)|are there any)\s+(?:[\p{L}-]+\s+){0,2}?)licen[cs]es?\b\s*/iu;
// A sentence about copying the licence's own text (`Everyone is permitted to copy and distribute verbatim copies of
// this license document, but changing it is not allowed`) answers only a question about that text.
// `Can I ...`, `am I allowed to ...`, `is it OK to ...`: a question whether something may be done.
const ASKS_PERMISSION =
  /\b(?:can|may|could)\s+(?:i|we)\b|\b(?:allowed|permitted)\b|\bis\s+it\s+(?:ok|okay|fine|legal|alright)\s+(?:for\s+\S+\s+)?to\b|\b(?:am|are)\s+(?:i|we)\s+able\s+to\b/;
const GRANT = LICENCE_INTENTS.find((intent) => intent.name === 'grant-scope')!;
const LICENCE_TEXT_SENTENCE = /\blicen[cs]e document\b/;
// A sentence that defines a term, quoted or in capitals: `"Adapted Material" means`, `The term "External
// Deployment" means`, `1.3. "Contribution" means`, `shall mean`.
const DEFINITION =
  /^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:[Tt]he(?: term)?\s+)?(?:["\u201c][^"\u201d]{1,40}["\u201d]|\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,4}),?\s+(?:means|shall mean)\b/u;
// `What is a ...`, `what does ... mean`, `what counts as`, `is X considered`, `definition`.
const ASKS_DEFINITION =
  /\bwhat (?:is|are|exactly is)\b|\bmean(?:s|ing)?\b|\bcounts? as\b|\bdefin\w*|\bconsidered\b|\bwho is\b/;
// A question that asks only what something is: `what is a work that uses the library?`, `what does X mean?`, `what
// counts as X?`, `does X count as Y?`, `how does it define X?`.
const ASKS_WHAT_IT_IS =
  /^(?:[^:?]{1,80}:\s+)?[Ww]hat (?:is|are) (?:(?:a|an|the)\s|["\u201c]|\p{Lu})[^?,;]*\??\s*$|\b[Ww]hat (?:does|do) [^?]+ mean\b|\b[Ww]hat is meant by\b|\bcounts? as\b|\b[Hh]ow (?:does|do) [^?]+ define\b/u;
// A sentence that says what something is or counts as: a definition, `... is called a "work that uses the Library"`,
// `For purposes of this Public License, the exchange ... is NonCommercial`, `"Modified Works" shall not include ...`.
const DEFINES =
  /\bis called (?:a |an |the )?["\u201c]|^\W*(?:[a-z0-9]{1,3}[.)]\s+)?for (?:the )?purposes? of this (?:public )?licen[cs]e\b|["\u201d]\s+(?:includes?|does not include|shall (?:not )?include)\b|\b(?:shall|does|do) not include\b/i;
const ASKS_ABOUT_LICENCE_TEXT =
  /\blicen[cs]e(?:['\u2019]s)?\s+(?:text|document|itself|wording)\b|\b(?:text|wording) of the licen[cs]e\b/;

/** Options for {@link licenceReader}. */
export interface LicenceReaderOptions {
  /** Most sentences in one answer (default 3). */
  maxSentences?: number;
}

/**
 * The offline model of the demo: `extractiveModel()` of `@gk/synthesis`, reading licence questions the way a
 * licence answers them. The extractive model picks source sentences that share the question's words; the reader
 * (1) gives it the question together with the licence wording of what it asks (see `questionIntents`): "can I make
 * money with it" is read with `commercial`, `fee` and `price`, "can I sue them" with `liable` and `damages`, "SaaS"
 * with `network` and `remote`; and (2) weighs each source sentence by whether it is of the clause kind that answers
 * the question (its `sentenceWeight`): for "can I hold them responsible" the limitation of liability, not an
 * indemnity that shares more words. The words of a licence the question names are no cue (`Business Source License`
 * asks nothing about business). Every sentence is still a verbatim source sentence with its `[n]`, checked like any
 * model's; deterministic and offline.
 */
export function licenceReader(names: LicenceNames, options: LicenceReaderOptions = {}): ModelObject {
  // The model asks for a weight per sentence with the question as it read it; the intents are read once per question.
  let last: { question: string; intents: LicenceIntent[] } | null = null;
  const intentsOf = (question: string): LicenceIntent[] => {
    if (last?.question !== question) last = { question, intents: askedIntents(question, names) };
    return last.intents;
  };
  const model = extractiveModel({
    ...(options.maxSentences === undefined ? {} : { maxSentences: options.maxSentences }),
    sentenceWeight: (sentence, question) =>
      clauseKindWeight(sentence, intentsOf(question)) *
      licenceTextWeight(sentence, question) *
      definitionWeight(sentence, question) *
      titleWeight(sentence),
  });
  return wrapLanguageModel({
    // AI SDK 6 types the wrapper for v3 models, AI SDK 7 for any; the extractive model is v3.
    model: model as V3Model,
    middleware: {
      specificationVersion: 'v3',
      transformParams: async ({ params }) => ({
        ...params,
        prompt: params.prompt.map((message) =>
          message.role !== 'user'
            ? message
            : {
                ...message,
                content: message.content.map((part) =>
                  part.type === 'text' ? { ...part, text: readQuestion(part.text, names) } : part,
                ),
              },
        ),
      }),
    },
  });
}

/** How much more a sentence answers a question with these intents: `KIND_BOOST` per clause kind it is of, up to two. */
export function clauseKindWeight(sentence: string, intents: readonly LicenceIntent[]): number {
  if (intents.length === 0) return 1;
  const lower = sentence.toLowerCase();
  const kinds = intents.filter((intent) => intent.clause?.test(lower) === true).length;
  return KIND_BOOST ** Math.min(2, kinds);
}

/**
 * A third for a sentence about the licence's own text (copies of `this license document`), unless the question asks
 * about that text; 1 otherwise.
 */
export function licenceTextWeight(sentence: string, question: string): number {
  if (!LICENCE_TEXT_SENTENCE.test(sentence.toLowerCase())) return 1;
  return ASKS_ABOUT_LICENCE_TEXT.test(question.toLowerCase()) ? 1 : 1 / KIND_BOOST;
}

/**
 * For a question that asks only what something is, means or counts as (`what is a work that uses the library?`,
 * `does swapping it count as commercial use?`), `KIND_BOOST` for a sentence that says so: a definition (`"Adapted
 * Material" means ...`), `... is called a "work that uses the Library"`, `For purposes of this Public License, ... is
 * NonCommercial`, `... shall not include ...`. Otherwise a third for a definition, unless the question asks about a
 * word at all; 1 for anything else. A definition says what a word of the licence stands for, not what one may or must
 * do, so it answers only a question about the word.
 */
export function definitionWeight(sentence: string, question: string): number {
  const asked = question.split(WORDING_LINE)[0]!.trim();
  const defines = DEFINITION.test(sentence);
  if (ASKS_WHAT_IT_IS.test(asked) && (defines || DEFINES.test(sentence))) return KIND_BOOST;
  if (!defines) return 1;
  return ASKS_DEFINITION.test(asked.toLowerCase()) ? 1 : 1 / KIND_BOOST;
}

// A title written as a sentence (`Media and formats; technical modifications allowed.`, `Downstream recipients.`):
// a few words, none of them a finite verb or an auxiliary.
const TITLE_MAX_WORDS = 6;
const FINITE =
  /\b(?:is|are|was|were|be|been|am|has|have|had|do|does|did|may|must|shall|will|can|cannot|could|should|would|might|means|applies|grants?|requires?|includes?|permits?|gives?)\b/i;

/** A third for a title written as a sentence (a few words and no verb); 1 otherwise. A title names a topic, it says nothing of it. */
export function titleWeight(sentence: string): number {
  const words = sentence.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length <= TITLE_MAX_WORDS && !FINITE.test(sentence) ? 1 / KIND_BOOST : 1;
}

/** The question without the word `licence` where it only asks for a licence (`Which licence says ...`). */
export function withoutLicenceAskedFor(question: string): string {
  return question.replace(LICENCE_ASKED_FOR, '$1$2');
}

/**
 * The prompt text with the licence wording of its question's intents added after the question, on a line of its
 * own after a `;` (so that no condition of the question runs on into it); the text itself when it has no question
 * line or the question asks nothing the vocabulary knows.
 */
export function readQuestion(text: string, names: LicenceNames): string {
  let at = text.lastIndexOf(QUESTION_LABEL);
  while (at > 0 && text[at - 1] !== '\n') at = text.lastIndexOf(QUESTION_LABEL, at - 1);
  if (at === -1) return text;
  const question = text.slice(at + QUESTION_LABEL.length);
  const { wording, intents } = licenceWording(question, names);
  const read = `${text.slice(0, at + QUESTION_LABEL.length)}${withoutLicenceAskedFor(question)}`;
  const grant = grantFallback(question, intents, text.slice(0, at));
  const line = [wording, grant ? GRANT.wording : ''].filter((part) => part !== '').join(' ');
  return line === '' ? read : `${read}${WORDING_LINE}${line}`;
}

/**
 * Whether a question that asks if something may be done is answered by the licence's grant: when it asks about no
 * kind of clause in particular (`am I allowed to modify it?`: `Permission is hereby granted ... to prepare derivative
 * works`, not the condition that copies keep the notice). A question about a kind of clause (`may I add a term?`) is
 * answered by that kind.
 */
function grantFallback(question: string, intents: readonly LicenceIntent[], sources: string): boolean {
  if (!ASKS_PERMISSION.test(question.toLowerCase())) return false;
  const lower = sources.toLowerCase();
  return !intents.some((intent) => intent.clause?.test(lower) === true);
}

/**
 * The intents of a question as the model read it: without the licence wording `readQuestion` added (whose words
 * would otherwise count as cues of their own: `terminate` in the wording of a patent lawsuit is no question about
 * termination).
 */
function askedIntents(read: string, names: LicenceNames): LicenceIntent[] {
  const at = read.lastIndexOf(WORDING_LINE);
  if (at !== -1) {
    const asked = licenceWording(read.slice(0, at), names);
    const line = read.slice(at + WORDING_LINE.length);
    if (line === asked.wording) return asked.intents;
    // The grant added for a question whether something may be done (see `grantFallback`).
    if (line === [asked.wording, GRANT.wording].filter((part) => part !== '').join(' '))
      return [...asked.intents, GRANT];
  }
  return licenceWording(read, names).intents;
}

/**
 * What a question asks (its intents, the words of the licences it names left out) and the licence wording of it
 * that the question does not already use ('' when none).
 */
export function licenceWording(
  question: string,
  names: LicenceNames,
): { wording: string; intents: LicenceIntent[] } {
  const read = readLicenceQuestion(question, names);
  const have = new Set(read.withoutNames.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const words: string[] = [];
  const intents = read.intents.map(({ intent }) => intent);
  for (const intent of intents) {
    for (const word of intent.wording.split(' ')) {
      if (!have.has(word)) {
        have.add(word);
        words.push(word);
      }
    }
  }
  return { wording: words.join(' '), intents };
}
