// A judge reply that breaks the one-step, text-only protocol (here, a tool call) gives no verdict: it is a JudgeError
// with a code and the ModelStreamError as its cause, counted by measureAgreement like any reply that is no verdict.
import { ModelStreamError } from '@gk/model-kit';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { licenceLabelSet } from '../__fixtures__/label-set.js';
import { usage } from '../__fixtures__/mock-replies.js';
import { mitPassages } from '../__fixtures__/passages.js';
import { measureAgreement } from '../calibration/measure-agreement.js';
import { preregister } from '../calibration/preregister.js';
import { describeJudge } from './describe-judge.js';
import { JudgeError } from './judge-error.js';
import { judgeFaithfulness } from './judge-faithfulness.js';

const verdict = '{"faithful":true,"unsupportedClaims":[],"reasoning":"Sentence 1 is stated in source 1."}';

/** A judge that answers every call, but calls a tool nobody offered it (a provider's built-in one) on call `on`. */
function judgeCallingTool(on: number): MockLanguageModelV3 {
  let calls = 0;
  return new MockLanguageModelV3({
    provider: 'test.chat',
    modelId: 'judge-1',
    doGenerate: async () => {
      calls += 1;
      const search = {
        type: 'tool-call' as const,
        toolCallId: 'call_1',
        toolName: 'web_search',
        input: '{}',
      };
      return {
        content: [{ type: 'text' as const, text: verdict }, ...(calls === on ? [search] : [])],
        finishReason: { unified: 'stop' as const, raw: 'end_turn' },
        usage: usage(9, 3),
        warnings: [],
      };
    },
  });
}

describe('judgeFaithfulness: a reply that breaks the one-step protocol', () => {
  it('is a JudgeError tool_call with the judge identity, whose cause is the ModelStreamError', async () => {
    const error = await judgeFaithfulness({
      model: judgeCallingTool(1),
      question: 'Does the MIT License allow me to sell copies?',
      answer: 'Yes. It grants permission to sell copies of the Software [1].',
      passages: mitPassages,
    }).catch((caught: unknown) => caught);
    expect(JudgeError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'tool_call', judge: { provider: 'test.chat', modelId: 'judge-1' } });
    expect(ModelStreamError.isInstance((error as Error).cause)).toBe(true);
  });

  it('is counted by measureAgreement as an item without a verdict, and the run goes on', async () => {
    const model = judgeCallingTool(3);
    const preregistration = preregister({
      metric: 'agreement_rate',
      threshold: 0.9,
      judge: await describeJudge({ model }),
      labelSetHash: licenceLabelSet.hash,
      createdAt: new Date('2026-11-30T05:00:00.000Z'),
    });
    const result = await measureAgreement({
      model,
      labelSet: licenceLabelSet,
      preregistration,
      measuredAt: new Date('2026-11-30T06:00:00.000Z'),
    });
    if (!result.success) throw new Error(result.error.message);
    const { outcomes } = result.data;
    expect(outcomes).toHaveLength(licenceLabelSet.items.length);
    expect(outcomes[2]).toEqual({ itemId: licenceLabelSet.items[2]?.id, error: { code: 'tool_call' } });
    expect(outcomes.filter((outcome) => 'error' in outcome)).toHaveLength(1);
  });
});
