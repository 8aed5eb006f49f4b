import type { LicenceNames } from './build-licence-names.js';
import { findMentionedLicences, type LicenceMention } from './find-mentioned-licences.js';
import { LICENCE_INTENTS, type QuestionIntent, questionIntents } from './question-intents.js';

/** What a question names and what it asks, as retrieval and the offline model read it. */
export interface LicenceQuestion {
  /** The licences it names, in order of mention; the first is the one it is about. */
  mentions: LicenceMention[];
  /** The question without the name of the licence it is about (the others' names are words of the question). */
  withoutSubject: string;
  /** The question without any licence name, however often named. */
  withoutNames: string;
  /** What it asks (see `questionIntents`), read without any licence name: `Business Source License` asks nothing. */
  intents: QuestionIntent[];
}

const COMPATIBILITY = LICENCE_INTENTS.find((intent) => intent.name === 'compatibility')!;

/**
 * Reads a licence question: the licences it names (see `findMentionedLicences`) and what it asks. A question that
 * names a second licence asks how the two go together (`EUPL: can I release it under the GPL?`), so it asks about
 * compatibility whatever its words.
 */
export function readLicenceQuestion(question: string, names: LicenceNames): LicenceQuestion {
  const every = findMentionedLicences(question, names, { everyMention: true });
  const seen = new Set<string>();
  const mentions = every.filter((mention) => !seen.has(mention.id) && seen.add(mention.id));
  const subject = mentions[0];
  const withoutSubject = cutOut(
    question,
    every.filter((mention) => mention.id === subject?.id),
  );
  const withoutNames = cutOut(question, every);
  const intents = questionIntents(withoutNames);
  if (mentions.length > 1 && !intents.some(({ intent }) => intent === COMPATIBILITY))
    intents.push({ intent: COMPATIBILITY, cueText: '' });
  return { mentions, withoutSubject, withoutNames, intents };
}

/** The text with each span (in order, not overlapping) replaced by a space, in one pass. */
function cutOut(text: string, spans: ReadonlyArray<{ start: number; end: number }>): string {
  const pieces: string[] = [];
  let from = 0;
  for (const { start, end } of spans) {
    pieces.push(text.slice(from, start));
    from = end;
  }
  pieces.push(text.slice(from));
  return pieces.join(' ');
}
