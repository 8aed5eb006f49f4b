import aiPackage from 'ai/package.json' with { type: 'json' };
import * as aiTest from 'ai/test';
import { MockLanguageModelV3 } from 'ai/test';
import { hashPromptTemplate } from '@gk/model-kit';
import { describe, expect, it } from 'vitest';
import { usage } from './__fixtures__/mock-replies.js';
import { mitPassages } from './__fixtures__/passages.js';
import { defaultJudgePrompt } from './faithfulness/default-judge-prompt.js';
import { describeJudge } from './faithfulness/describe-judge.js';
import { judgeFaithfulness } from './faithfulness/judge-faithfulness.js';
import { scriptedJudge } from './faithfulness/scripted-judge.js';

// The workspace runs these tests on AI SDK 6; the runtime matrix runs them again on AI SDK 7 (GK_AI_MAJOR=7).
// The judge is exercised with a v3 model (both majors) and, on AI SDK 7, with a v4 model as well.

const AI_MAJOR = Number(aiPackage.version.split('.')[0]);
const MockLanguageModelV4 = (aiTest as unknown as { MockLanguageModelV4?: typeof MockLanguageModelV3 })
  .MockLanguageModelV4;

const question = 'Does the MIT License allow me to sell copies?';
const answer = 'Yes. It grants permission to sell copies of the Software [1].';
const verdict = { faithful: true, unsupportedClaims: [], reasoning: 'Sentence 1 is stated in source 1.' };

const mocks: Array<[string, typeof MockLanguageModelV3]> = [['v3', MockLanguageModelV3]];
if (AI_MAJOR >= 7 && MockLanguageModelV4 !== undefined) mocks.push(['v4', MockLanguageModelV4]);

describe('the AI SDK these tests run on', () => {
  it('is the major the run asked for', () => {
    expect([6, 7]).toContain(AI_MAJOR);
    const expected = process.env['GK_AI_MAJOR'];
    if (expected !== undefined && expected !== '') expect(AI_MAJOR).toBe(Number(expected));
    expect(MockLanguageModelV4 !== undefined).toBe(AI_MAJOR >= 7);
  });
});

describe.each(mocks)('judgeFaithfulness with a %s model', (version, Mock) => {
  it('decodes the verdict and records the judge', async () => {
    const model = new Mock({
      provider: `judge-${version}`,
      modelId: 'j',
      doGenerate: async () => ({
        content: [{ type: 'text', text: JSON.stringify(verdict) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(3, 2),
        warnings: [],
      }),
    });
    expect(model.specificationVersion).toBe(version);
    const result = await judgeFaithfulness({ model, question, answer, passages: mitPassages });
    expect(result).toEqual({
      verdict,
      judge: {
        provider: `judge-${version}`,
        modelId: 'j',
        promptHash: await hashPromptTemplate(defaultJudgePrompt),
      },
    });
    expect(JSON.stringify(model.doGenerateCalls[0]?.prompt)).toContain('sublicense, and/or sell');
    await expect(describeJudge({ model })).resolves.toEqual(result.judge);
  });
});

describe('scriptedJudge on this AI SDK', () => {
  it('is a v3 model that both majors take, and records what it was shown', async () => {
    const model = scriptedJudge({
      respond: (prompt) => JSON.stringify({ ...verdict, reasoning: `${prompt.length}` }),
    });
    expect(model.specificationVersion).toBe('v3');
    const result = await judgeFaithfulness({ model, question, answer, passages: mitPassages });
    expect(result.judge).toMatchObject({ provider: 'scripted', modelId: 'scripted-judge' });
    expect(Number(result.verdict.reasoning)).toBeGreaterThan(answer.length);
    expect(model.doGenerateCalls).toHaveLength(1);
  });
});
