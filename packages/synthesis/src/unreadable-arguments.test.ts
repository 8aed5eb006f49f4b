// Every function refuses an argument that throws when read (a getter, a proxy trap, a revoked proxy), and options
// that are no plain object, with an InvalidArgumentError naming it: never a bare TypeError or the caller's error.
import { describe, expect, it } from 'vitest';
import {
  bad,
  boom,
  describeUnreadableOptions,
  type OptionsCall,
  outcome,
  refused,
  revoked,
  throwing,
} from '../../internal/src/__fixtures__/unreadable-values.js';
import { scriptedModel } from './__fixtures__/mock-models.js';
import { hashText } from './hash-text.js';
import {
  buildSynthesisRow,
  DEFAULT_PROMPT,
  createSynthesisUIMessageStream,
  ExtractiveModel,
  extractiveModel,
  readOpenAICitations,
  redactionMiddleware,
  renderPrompt,
  streamSynthesize,
  synthesize,
  verifyProviderResult,
  writeSynthesisEvents,
} from './index.js';

const passages = [
  { documentId: 'd', chunkId: 'c1', text: 'The MIT License permits reuse.', start: 0, end: 30 },
];
const synthesisOptions = () => ({ model: scriptedModel('x'), question: 'q', passages });
const writer = () => ({ write: () => {}, merge: () => {} });
async function* noEvents() {}

// Each with options whose first key is one the function reads.
const calls: OptionsCall[] = [
  ['synthesize', (o) => synthesize(bad(o)), synthesisOptions],
  ['streamSynthesize', (o) => streamSynthesize(bad(o)).result, synthesisOptions],
  ['createSynthesisUIMessageStream', (o) => createSynthesisUIMessageStream(bad(o)), synthesisOptions],
  ['buildSynthesisRow', (o) => buildSynthesisRow(bad(o)), () => ({ queryId: 'q' })],
  ['redactionMiddleware', (o) => redactionMiddleware(bad(o)), () => ({ defaults: true })],
  ['extractiveModel', (o) => extractiveModel(bad(o)), () => ({ maxSentences: 2 })],
  ['new ExtractiveModel', (o) => new ExtractiveModel(bad(o)), () => ({ maxSentences: 2 })],
  ['writeSynthesisEvents', (o) => writeSynthesisEvents(writer(), noEvents(), bad(o)), () => ({ id: 'a' })],
  ['verifyProviderResult', (o) => verifyProviderResult(bad({}), [], bad(o)), () => ({ provider: 'openai' })],
  ['readOpenAICitations', (o) => readOpenAICitations({ content: [] }, bad(o)), () => ({ unit: 'utf16' })],
];

describeUnreadableOptions(calls);

describe('other arguments that cannot be read are refused with a code', () => {
  it('hashText: a revoked proxy, or an array whose length throws', async () => {
    expect(await outcome(() => hashText(bad(revoked())))).toEqual(refused('text'));
    const lengthTrap = new Proxy([], {
      get(target, key) {
        if (key === 'length') throw boom;
        return Reflect.get(target, key);
      },
    });
    expect(await outcome(() => hashText(bad(lengthTrap)))).toEqual(refused('text'));
  });

  it('writeSynthesisEvents: a revoked writer', async () => {
    expect(await outcome(() => writeSynthesisEvents(bad(revoked()), noEvents()))).toEqual(refused('writer'));
  });
});

describe('steps, documents and prompt inputs that cannot be read are refused with a code', () => {
  it.each([
    ['readOpenAICitations: a revoked step', () => readOpenAICitations(revoked()), 'step'],
    [
      'verifyProviderResult: revoked documents',
      () => verifyProviderResult(bad({ content: [] }), bad(revoked())),
      'documents',
    ],
    [
      'renderPrompt: a revoked template',
      () => renderPrompt(bad(revoked()), { question: 'q', passages }),
      'template',
    ],
    ['renderPrompt: a revoked input', () => renderPrompt(DEFAULT_PROMPT, bad(revoked())), 'input'],
    [
      'renderPrompt: an input whose getter throws',
      () => renderPrompt(DEFAULT_PROMPT, bad(throwing({ passages }, 'question'))),
      'input',
    ],
  ])('%s', async (_, call, parameter) => {
    expect(await outcome(call)).toEqual(refused(parameter));
  });
});
