import { hashPromptTemplate } from '@gk/model-kit';
import { describe, expect, it } from 'vitest';
import { mitPassages } from '../__fixtures__/passages.js';
import { countingReads, readTwice, switching } from '../__fixtures__/read-once.js';
import { countVerdicts } from './count-verdicts.js';
import { defaultJudgePrompt } from './default-judge-prompt.js';
import { describeJudge } from './describe-judge.js';
import { judgeFaithfulness } from './judge-faithfulness.js';
import { renderJudgePrompt } from './render-judge-prompt.js';
import { scriptedJudge } from './scripted-judge.js';

// Each option is read once: a getter (or a proxy) read twice could pass a check with one value and be sent, hashed or
// recorded with another.

const verdict = '{"faithful":true,"unsupportedClaims":[],"reasoning":"ok"}';
const answer = 'It permits selling and also leasing the moon [1].';
const noAnswer = 'Sources:\n{{sources}}\n(answer omitted)';

function seeing(): { model: ReturnType<typeof scriptedJudge>; seen: string[] } {
  const seen: string[] = [];
  const model = scriptedJudge({
    respond: (prompt) => {
      seen.push(prompt);
      return verdict;
    },
  });
  return { model, seen };
}

describe('judgeFaithfulness reads each option once', () => {
  it('records the hash of the template it sent', async () => {
    let reads = 0;
    const prompt = {
      get system() {
        return defaultJudgePrompt.system;
      },
      get user() {
        reads += 1;
        return reads === 3 ? noAnswer : defaultJudgePrompt.user;
      },
    };
    const { model, seen } = seeing();
    const { judge } = await judgeFaithfulness({
      model,
      question: 'q',
      answer,
      passages: mitPassages,
      prompt,
    });
    expect(seen[0]).toContain('leasing the moon');
    expect(judge.promptHash).toBe(await hashPromptTemplate(defaultJudgePrompt));
  });

  it('reads options and the prompt once each', async () => {
    const prompt = countingReads({ ...defaultJudgePrompt });
    const options = countingReads({
      model: seeing().model,
      question: 'q',
      answer,
      passages: mitPassages,
      prompt: prompt.proxy,
      temperature: 0,
    });
    await judgeFaithfulness(options.proxy);
    expect(readTwice(options.reads)).toEqual({});
    expect(readTwice(prompt.reads)).toEqual({});
  });

  it('reads the passage list once: the count it checks is the list the prompt shows', async () => {
    let lengthReads = 0;
    const passages = new Proxy([...mitPassages], {
      get: (target, key, receiver) => {
        if (key !== 'length') return Reflect.get(target, key, receiver);
        lengthReads += 1;
        return lengthReads === 1 ? target.length : 0;
      },
    });
    const { model, seen } = seeing();
    await judgeFaithfulness({ model, question: 'q', answer, passages });
    expect(lengthReads).toBe(1);
    expect(seen[0]).toContain(mitPassages[0]!.text.slice(0, 40));
  });

  it('judges the answer it checked', async () => {
    const { model, seen } = seeing();
    const options = switching({ model, question: 'q', passages: mitPassages }, 'answer', answer, 42);
    await judgeFaithfulness(options as never);
    expect(seen[0]).toContain('leasing the moon');
  });
});

describe('renderJudgePrompt reads its arguments once', () => {
  it('renders the answer it checked, with no uncoded TypeError', () => {
    const input = switching({ question: 'q', passages: mitPassages }, 'answer', answer, 42);
    expect(renderJudgePrompt(defaultJudgePrompt, input as never).user).toContain('leasing the moon');
  });

  it('reads the template and the input once each', () => {
    const template = countingReads({ ...defaultJudgePrompt });
    const input = countingReads({ question: 'q', answer, passages: mitPassages });
    renderJudgePrompt(template.proxy, input.proxy);
    expect(readTwice(template.reads)).toEqual({});
    expect(readTwice(input.reads)).toEqual({});
  });
});

describe('describeJudge reads the prompt once', () => {
  it('hashes the template it checked', async () => {
    const prompt = switching({ ...defaultJudgePrompt }, 'user', defaultJudgePrompt.user, noAnswer);
    const judge = await describeJudge({ model: seeing().model, prompt });
    expect(judge.promptHash).toBe(await hashPromptTemplate(defaultJudgePrompt));
  });
});

describe('countVerdicts reads the iterator method once', () => {
  it('counts with the iterator method it checked, with no uncoded TypeError', () => {
    const outcomes = [
      { verdict: { faithful: true, unsupportedClaims: [], reasoning: 'ok' } },
      { error: new Error('x') },
    ];
    let reads = 0;
    const iterable = {
      get [Symbol.iterator]() {
        reads += 1;
        return reads === 1 ? () => outcomes[Symbol.iterator]() : undefined;
      },
    };
    expect(countVerdicts(iterable as never)).toEqual({
      judged: 2,
      faithful: 1,
      unfaithful: 0,
      judgeErrors: 1,
    });
  });
});
