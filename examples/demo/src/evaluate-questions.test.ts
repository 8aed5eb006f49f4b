import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  acceptedAnswers,
  comparable,
  licenceFamily,
  type QuestionScore,
  readQuestionSet,
  scoreAnswer,
  summarizeScores,
} from './evaluate-questions.js';
import { licenceReader } from './licence-reader.js';
import { createLicencePipeline } from './pipeline.js';
import { licenceIndex as index } from './__fixtures__/licence-index.js';

const questions = readQuestionSet(readFileSync(new URL('../eval/questions.jsonl', import.meta.url), 'utf8'));

describe('the question set', () => {
  it('has at least 60 questions, of every way of naming a licence, in a dev half, a holdout half and two more holdouts', () => {
    expect(questions.length).toBeGreaterThanOrEqual(60);
    for (const naming of ['id', 'name', 'short', 'none'] as const) {
      expect(questions.filter((question) => question.naming === naming).length).toBeGreaterThanOrEqual(5);
    }
    const dev = questions.filter((question) => question.split === 'dev').length;
    const holdout = questions.filter((question) => question.split === 'holdout').length;
    expect(Math.abs(dev - holdout)).toBeLessThanOrEqual(1);
    const holdout2 = questions.filter((question) => question.split === 'holdout2');
    expect(holdout2.length).toBeGreaterThanOrEqual(30);
    for (const naming of ['id', 'name', 'short', 'none'] as const) {
      expect(holdout2.filter((question) => question.naming === naming).length).toBeGreaterThanOrEqual(5);
    }
    const holdout3 = questions.filter((question) => question.split === 'holdout3');
    expect(holdout3.length).toBeGreaterThanOrEqual(40);
    for (const naming of ['id', 'name', 'short', 'none'] as const) {
      expect(holdout3.filter((question) => question.naming === naming).length).toBeGreaterThanOrEqual(8);
    }
    const holdout4 = questions.filter((question) => question.split === 'holdout4');
    expect(holdout4.length).toBeGreaterThanOrEqual(40);
    for (const naming of ['id', 'name', 'short', 'none'] as const) {
      expect(holdout4.filter((question) => question.naming === naming).length).toBeGreaterThanOrEqual(10);
    }
    const dev4 = questions.filter((question) => question.split === 'dev4');
    expect(dev4.length).toBeGreaterThanOrEqual(40);
    for (const naming of ['id', 'name', 'short', 'none'] as const) {
      expect(dev4.filter((question) => question.naming === naming).length).toBeGreaterThanOrEqual(10);
    }
    for (const split of ['holdout5', 'holdout6', 'holdout7', 'holdout8'] as const) {
      const held = questions.filter((question) => question.split === split);
      expect(held.length).toBeGreaterThanOrEqual(40);
      for (const naming of ['id', 'name', 'short', 'none'] as const) {
        expect(held.filter((question) => question.naming === naming).length).toBeGreaterThanOrEqual(10);
      }
    }
  });

  it('marks, for every question, a clause that is in the text of every licence of its family (and of each alternative)', () => {
    for (const question of questions) {
      for (const [family, clauses] of acceptedAnswers(question)) {
        const members = index.documents.filter((document) => licenceFamily(document.id) === family);
        expect([question.id, family, members.length > 0]).toEqual([question.id, family, true]);
        for (const clause of clauses) {
          for (const member of members) {
            expect([question.id, member.id, comparable(member.text).includes(comparable(clause))]).toEqual([
              question.id,
              member.id,
              true,
            ]);
          }
        }
      }
    }
  });
});

describe('readQuestionSet', () => {
  it('refuses a line that is not JSON, has an unknown field, or repeats an id', () => {
    const line = '{"id":"a","question":"q?","family":"MIT","clause":"c","naming":"id","split":"dev"}';
    expect(readQuestionSet(`${line}\n\n`)).toHaveLength(1);
    expect(() => readQuestionSet('{')).toThrow('line 1: not JSON');
    expect(() => readQuestionSet(line.replace('}', ',"extra":1}'))).toThrow('line 1');
    expect(() => readQuestionSet(`${line}\n${line}`)).toThrow('line 2: duplicate id a');
    const alternative = line.replace('}', ',"alternatives":[{"family":"ISC","clause":"c"}]}');
    expect(() => readQuestionSet(alternative)).toThrow(
      'line 1: alternatives are for questions that name no licence',
    );
    expect(readQuestionSet(alternative.replace('"naming":"id"', '"naming":"none"'))).toHaveLength(1);
  });
});

describe('licenceFamily', () => {
  it('folds only / or later / plus into one family', () => {
    for (const id of ['GPL-2.0', 'GPL-2.0-only', 'GPL-2.0-or-later', 'GPL-2.0+'])
      expect(licenceFamily(id)).toBe('GPL-2.0');
    expect(licenceFamily('GPL-2.0-with-classpath-exception')).toBe('GPL-2.0-with-classpath-exception');
    expect(licenceFamily('MIT-0')).toBe('MIT-0');
  });
});

describe('scoreAnswer', () => {
  const question = questions[0]!;
  const citation = (documentId: string) => ({
    source: 1,
    documentId,
    chunkId: `${documentId}#0`,
    start: 0,
    end: 10,
    text: 'x',
    narrowed: false,
    passage: { start: 0, end: 10 },
    claimAt: null,
  });
  const clause = typeof question.clause === 'string' ? question.clause : question.clause[0]!;
  const record = (documentId: string, text: string) => ({
    question: question.question,
    outcome: 'answered' as const,
    abstainedAt: null,
    text,
    claims: [{ text, span: { start: 0, end: text.length }, citations: [citation(documentId)] }],
    rejected: [],
    citations: [citation(documentId)],
    error: null,
    mentionedLicences: [],
    searchedLicences: [],
    licenceRanking: [],
    ambiguousWith: [],
    unaddressed: [],
    passages: [{ source: 1, documentId, chunkId: `${documentId}#0`, start: 0, end: 10 }],
    promptHash: null,
    timings: { retrievalMs: 0, synthesisMs: 0, totalMs: 0 },
  });

  it('counts the clause only in the first claim and only when it cites the expected family', () => {
    const right = scoreAnswer(question, record(question.family, `${clause.toUpperCase()} [1]`), () => clause);
    expect(right).toMatchObject({ hitAt1: true, hitAny: true, answeringClause: true, clauseShown: true });
    const wrong = scoreAnswer(question, record('Other-1.0', `${clause} [1]`), () => clause);
    expect(wrong).toMatchObject({ hitAt1: false, hitAny: false, answeringClause: false, clauseShown: false });
    const missing = scoreAnswer(question, record(question.family, 'Something else. [1]'), () => '');
    expect(missing).toMatchObject({ hitAt1: true, answeringClause: false, clauseShown: false });
  });

  it('accepts an alternative family with its own clause, and only with its own clause', () => {
    const open = {
      ...question,
      naming: 'none' as const,
      alternatives: [{ family: 'Other-1.0', clause: 'the other wording' }],
    };
    const other = scoreAnswer(
      open,
      record('Other-1.0-or-later', 'THE OTHER WORDING [1]'),
      () => 'the other wording',
    );
    expect(other).toMatchObject({ hitAt1: true, hitAny: true, answeringClause: true, clauseShown: true });
    const crossed = scoreAnswer(open, record('Other-1.0', `${clause} [1]`), () => clause);
    expect(crossed).toMatchObject({ hitAt1: true, answeringClause: false, clauseShown: false });
    const third = scoreAnswer(open, record('Third-1.0', 'the other wording [1]'), () => 'the other wording');
    expect(third).toMatchObject({ hitAt1: false, hitAny: false, answeringClause: false });
  });
});

describe('scoreAnswer and summarizeScores', () => {
  it('scores the offline demo on the whole set, no lower than the published numbers', async () => {
    const pipeline = createLicencePipeline({ model: licenceReader(index.names), index });
    const texts = new Map(index.documents.map((document) => [document.id, document.text]));
    const scores: QuestionScore[] = [];
    for (const question of questions) {
      const record = await pipeline.answerQuestion(question.question);
      scores.push(
        scoreAnswer(question, record, (passage) =>
          texts.get(passage.documentId)!.slice(passage.start, passage.end),
        ),
      );
    }
    // Counts, not rates: the set grows. The model and retrieval are deterministic.
    const count = (split: (name: string) => boolean, hit: (score: QuestionScore) => boolean) =>
      scores.filter((score) => split(score.split) && hit(score)).length;
    const earlier = (name: string) => !['dev4', 'holdout6', 'holdout7', 'holdout8'].includes(name);
    // The 334 questions before dev4: 316 / 317 / 247 (94.6% / 94.9% / 74.0%).
    expect(count(earlier, (score) => score.hitAt1)).toBeGreaterThanOrEqual(316);
    expect(count(earlier, (score) => score.hitAny)).toBeGreaterThanOrEqual(317);
    expect(count(earlier, (score) => score.answeringClause)).toBeGreaterThanOrEqual(247);
    // Later splits, by hit@1 and answering clause. dev4 (44) was learned from. holdout6 (48) was written blind and
    // scored once after the round that added dev4 (38 / 12; 39 since capitalised names weigh more in retrieval).
    // holdout7 (48) was written blind and scored once before the round that added it (40 / 22; 23 after). holdout8
    // (48) was written blind during that round and scored once before it (38 / 20) and once after (38 / 21).
    for (const [split, hitAt1, answeringClause] of [
      ['dev4', 39, 32],
      ['holdout6', 39, 12],
      ['holdout7', 40, 23],
      ['holdout8', 38, 21],
    ] as const) {
      const inSplit = (name: string) => name === split;
      expect(
        count(inSplit, (score) => score.hitAt1),
        split,
      ).toBeGreaterThanOrEqual(hitAt1);
      expect(
        count(inSplit, (score) => score.answeringClause),
        split,
      ).toBeGreaterThanOrEqual(answeringClause);
    }
    expect(summarizeScores(scores).questions).toBe(questions.length);
    expect(summarizeScores([])).toEqual({
      questions: 0,
      hitAt1: null,
      hitAny: null,
      answeringClause: null,
      clauseShown: null,
    });
  }, 120_000);
});
