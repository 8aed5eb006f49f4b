import {
  countSynthesisRows,
  type JudgeOutcome,
  SynthesisReport,
  type SynthesisRow,
  verdictLabelOf,
} from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { mitPassages } from '../__fixtures__/passages.js';
import { countVerdicts, createVerdictCounter } from './count-verdicts.js';
import { JudgeError } from './judge-error.js';
import { judgeFaithfulness } from './judge-faithfulness.js';
import { scriptedJudge } from './scripted-judge.js';
import { verdictSchema } from './verdict.js';

const faithfulVerdict = { faithful: true, unsupportedClaims: [], reasoning: 'ok' };
const unfaithfulVerdict = { faithful: false, unsupportedClaims: ['Claim 2.'], reasoning: 'not in [1]' };

const replies = [
  '{"faithful":true,"unsupportedClaims":[],"reasoning":"ok"}',
  '{"faithful":false,"unsupportedClaims":["Claim 2."],"reasoning":"not in [1]"}',
  'Sure! {"faithful":true}',
  '{"faithful":false,"unsupportedClaims":["Claim 1."],"reasoning":"not in [2]"}',
];

// What a pipeline does: judge each answer, keep the verdict or the error, never stop on an unfaithful one.
async function judgeAll(): Promise<JudgeOutcome[]> {
  let call = 0;
  const model = scriptedJudge({ respond: () => replies[call++]! });
  const outcomes: JudgeOutcome[] = [];
  for (let index = 0; index < replies.length; index++) {
    try {
      outcomes.push(
        await judgeFaithfulness({
          model,
          question: 'Q',
          answer: `Answer ${index} [1].`,
          passages: mitPassages,
        }),
      );
    } catch (error) {
      if (!JudgeError.isInstance(error)) throw error;
      outcomes.push({ error });
    }
  }
  return outcomes;
}

describe('countVerdicts', () => {
  it('counts real judge outcomes into the SynthesisReport fields', async () => {
    const outcomes = await judgeAll();
    expect(countVerdicts(outcomes)).toEqual({ judged: 4, faithful: 1, unfaithful: 2, judgeErrors: 1 });
    expect(outcomes.map(verdictLabelOf)).toEqual(['faithful', 'unfaithful', 'judge_error', 'unfaithful']);
  });

  it('agrees with the counts eval-schema recomputes from report rows', async () => {
    const outcomes = await judgeAll();
    const rows: SynthesisRow[] = outcomes.map((outcome, index) => ({
      queryId: `q${index}`,
      status: 'answered',
      claimsWritten: 1,
      claimsAccepted: 1,
      verdict: verdictLabelOf(outcome),
    }));
    const counts = countSynthesisRows(rows);
    expect(countVerdicts(outcomes)).toEqual({
      judged: counts.judged,
      faithful: counts.faithful,
      unfaithful: counts.unfaithful,
      judgeErrors: counts.judgeErrors,
    });
    const report = {
      schemaVersion: 1,
      inputStage: 'lexical',
      model: { provider: 'extractive', modelId: 'extractive-1' },
      promptHash: 'c'.repeat(64),
      judge: { provider: 'scripted', modelId: 'scripted-judge', promptHash: 'd'.repeat(64) },
      redacted: false,
      counts,
      claimAcceptance: 1,
      rows,
    };
    expect(SynthesisReport.safeParse(report).success).toBe(true);
  });

  it('accumulates incrementally and hands out copies', () => {
    const counter = createVerdictCounter();
    expect(counter.counts()).toEqual({ judged: 0, faithful: 0, unfaithful: 0, judgeErrors: 0 });
    counter.record({ verdict: unfaithfulVerdict });
    const snapshot = counter.counts();
    snapshot.judged = 99;
    counter.record({ error: new TypeError('network down') });
    counter.record({ verdict: faithfulVerdict });
    expect(counter.counts()).toEqual({ judged: 3, faithful: 1, unfaithful: 1, judgeErrors: 1 });
  });

  it('leaves every count as it was when it refuses an outcome', () => {
    const counter = createVerdictCounter();
    counter.record({ verdict: faithfulVerdict });
    for (const bad of [{ verdict: { ...faithfulVerdict, faithful: 'yes' } }, {}, null]) {
      expect(() => counter.record(bad as never)).toThrow(
        expect.objectContaining({ code: 'invalid_argument' }),
      );
    }
    expect(counter.counts()).toEqual({ judged: 1, faithful: 1, unfaithful: 0, judgeErrors: 0 });
  });

  it('refuses a verdict judgeFaithfulness would refuse as `schema`, never counting it (a review found four counted faithful)', () => {
    const broken = [
      { verdict: { faithful: true, unsupportedClaims: ['The sky is green.'], reasoning: 'x' } },
      { verdict: { faithful: true } },
      { verdict: { faithful: true, unsupportedClaims: [], reasoning: '' } },
      { verdict: { faithful: true, extra: 1 } },
    ];
    for (const outcome of broken) {
      expect(() => countVerdicts([outcome as never])).toThrow(
        expect.objectContaining({ code: 'invalid_argument' }),
      );
    }
    const counter = createVerdictCounter();
    for (const outcome of broken) expect(() => counter.record(outcome as never)).toThrow();
    expect(counter.counts()).toEqual({ judged: 0, faithful: 0, unfaithful: 0, judgeErrors: 0 });
  });

  it('holds the one verdict rule: it refuses exactly the verdicts verdictSchema refuses', () => {
    const verdicts: unknown[] = [
      faithfulVerdict,
      unfaithfulVerdict,
      { ...faithfulVerdict, unsupportedClaims: ['x'] },
      { ...unfaithfulVerdict, unsupportedClaims: [] },
      { ...unfaithfulVerdict, unsupportedClaims: ['\u00ad\u200b'] },
      { ...unfaithfulVerdict, unsupportedClaims: [1] },
      { ...faithfulVerdict, reasoning: ' \u2800' },
      { ...faithfulVerdict, reasoning: 1 },
      { ...faithfulVerdict, faithful: 'true' },
      { ...faithfulVerdict, faithful: 1 },
      { ...faithfulVerdict, extra: undefined },
      { faithful: true, unsupportedClaims: [] },
      { faithful: true, reasoning: 'ok' },
      { unsupportedClaims: [], reasoning: 'ok' },
      [],
      Object.assign(Object.create({ inherited: 1 }), faithfulVerdict),
    ];
    for (const verdict of verdicts) {
      let counted = true;
      try {
        countVerdicts([{ verdict } as never]);
      } catch {
        counted = false;
      }
      expect(counted, JSON.stringify(verdict)).toBe(verdictSchema.safeParse(verdict).success);
    }
  });
});
