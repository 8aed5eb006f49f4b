import { z } from 'zod';
import { licenceFamily } from './licence-family.js';
import type { AnswerRecord } from './pipeline.js';

/** How a question names its licence: by SPDX id, by full name, by a short form, or not at all. */
export type Naming = 'id' | 'name' | 'short' | 'none';

const ClauseSchema = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

const EvalQuestionSchema = z
  .object({
    id: z.string().min(1),
    question: z.string().min(1),
    /** The SPDX family the answer must come from: an id without its `-only` / `-or-later` / `+` suffix. */
    family: z.string().min(1),
    /** Words of the clause that answers the question; one of them must be in the first claim. */
    clause: ClauseSchema,
    naming: z.enum(['id', 'name', 'short', 'none']),
    /**
     * For a question that names no licence: the other families whose text answers it just as well (the feature it
     * describes is in several licences, so the question cannot decide between them), each with its own answering
     * clause. An answer from any of them is from a licence the question asks about.
     */
    alternatives: z
      .array(z.object({ family: z.string().min(1), clause: ClauseSchema }).strict())
      .min(1)
      .optional(),
    /**
     * `dev`, `dev2`, `dev3` and `dev4` questions may be looked at while tuning; `holdout` to `holdout6` questions are
     * only scored. `holdout2` and `dev2` were written later, before a second round of changes (`dev2` to have more
     * questions to learn from, `holdout2` to measure that round on questions nobody tuned on); `holdout3` before a
     * third round, to measure it; `holdout4` before a fourth, and `dev3` after it, to learn from; `holdout5` before a
     * fifth, by someone who had not read the demo's code (the misses of the earlier holdout splits were looked at in
     * that round); `dev4` in a later round, to learn from, before any change of that round; `holdout6` during that
     * round, by someone who had not read the demo's code, and scored once after it; `holdout7` in the round after
     * that, by someone who had not read the demo's code, scored once with the code from before that round and once
     * after it; `holdout8` during that round, the same way, kept out of the repository until the round was over.
     */
    split: z.enum([
      'dev',
      'holdout',
      'holdout2',
      'dev2',
      'holdout3',
      'holdout4',
      'dev3',
      'holdout5',
      'dev4',
      'holdout6',
      'holdout7',
      'holdout8',
    ]),
  })
  .strict();

/** One line of the question set. */
export type EvalQuestion = z.infer<typeof EvalQuestionSchema>;

/** Parses the JSONL question set strictly; throws naming the line on the first bad one. */
export function readQuestionSet(text: string): EvalQuestion[] {
  const questions: EvalQuestion[] = [];
  const ids = new Set<string>();
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`question set line ${index + 1}: not JSON`);
    }
    const parsed = EvalQuestionSchema.safeParse(value);
    if (!parsed.success)
      throw new Error(`question set line ${index + 1}: ${parsed.error.issues[0]?.message}`);
    // A question that names its licence is answered from that licence alone.
    if (parsed.data.alternatives !== undefined && parsed.data.naming !== 'none')
      throw new Error(`question set line ${index + 1}: alternatives are for questions that name no licence`);
    if (ids.has(parsed.data.id))
      throw new Error(`question set line ${index + 1}: duplicate id ${parsed.data.id}`);
    ids.add(parsed.data.id);
    questions.push(parsed.data);
  });
  return questions;
}

export { licenceFamily };

/** How one answer scored. */
export interface QuestionScore {
  id: string;
  split: EvalQuestion['split'];
  naming: Naming;
  family: string;
  outcome: AnswerRecord['outcome'];
  /** The licence of the first claim's first citation, or null when nothing was cited. */
  topCitation: string | null;
  /** The top citation is from the expected family (or one of its alternatives). */
  hitAt1: boolean;
  /** Some citation is from the expected family (or one of its alternatives). */
  hitAny: boolean;
  /** The first claim cites a family it may come from and contains that family's answering clause. */
  answeringClause: boolean;
  /** A passage shown to the model contains the answering clause of its family: whether the model could have found it. */
  clauseShown: boolean;
}

/**
 * Scores one answer against its question; `readPassage` returns the text of a passage the model was shown
 * (from its document and offsets).
 */
export function scoreAnswer(
  question: EvalQuestion,
  record: AnswerRecord,
  readPassage: (passage: AnswerRecord['passages'][number]) => string,
): QuestionScore {
  const first = record.claims[0];
  const topCitation = first?.citations[0]?.documentId ?? null;
  const accepted = acceptedAnswers(question);
  const clausesOf = (id: string): readonly string[] => accepted.get(licenceFamily(id)) ?? [];
  const inFamily = (id: string): boolean => accepted.has(licenceFamily(id));
  const claimText = first === undefined ? '' : comparable(first.text);
  return {
    id: question.id,
    split: question.split,
    naming: question.naming,
    family: question.family,
    outcome: record.outcome,
    topCitation,
    hitAt1: topCitation !== null && inFamily(topCitation),
    hitAny: record.citations.some((citation) => inFamily(citation.documentId)),
    answeringClause:
      first?.citations.some((citation) =>
        clausesOf(citation.documentId).some((clause) => claimText.includes(comparable(clause))),
      ) ?? false,
    clauseShown: record.passages.some((passage) =>
      clausesOf(passage.documentId).some((clause) =>
        comparable(readPassage(passage)).includes(comparable(clause)),
      ),
    ),
  };
}

/** The families an answer may come from (the expected one and its alternatives), each with its answering clauses. */
export function acceptedAnswers(question: EvalQuestion): Map<string, string[]> {
  const accepted = new Map<string, string[]>();
  for (const { family, clause } of [question, ...(question.alternatives ?? [])])
    accepted.set(family, typeof clause === 'string' ? [clause] : [...clause]);
  return accepted;
}

/** Rates over a group of scores; `null` for an empty group. */
export interface ScoreSummary {
  questions: number;
  hitAt1: number | null;
  hitAny: number | null;
  answeringClause: number | null;
  clauseShown: number | null;
}

/** hit@1, hit@any and the answering-clause rate of a list of scores. */
export function summarizeScores(scores: readonly QuestionScore[]): ScoreSummary {
  const rate = (hit: (score: QuestionScore) => boolean): number | null =>
    scores.length === 0 ? null : scores.filter(hit).length / scores.length;
  return {
    questions: scores.length,
    hitAt1: rate((score) => score.hitAt1),
    hitAny: rate((score) => score.hitAny),
    answeringClause: rate((score) => score.answeringClause),
    clauseShown: rate((score) => score.clauseShown),
  };
}

/** Case, whitespace and quote style do not matter when looking for a clause in a claim. */
export function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}
