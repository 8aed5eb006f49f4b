// Every function refuses an argument that throws when read (a getter, a proxy trap, a revoked proxy), and options
// that are no plain object, with an InvalidArgumentError naming it: never a bare TypeError or the caller's error.
// Nested options too (`verify`, `prompt`, `retry`, a pattern's `pattern`, `stopWords`, a row's `synthesis`): a review
// found them refused with the caller's own error or a bare TypeError.
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
  hashPromptTemplate,
  readOpenAICitations,
  redactionMiddleware,
  renderPrompt,
  rewriteQuery,
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

const base = () => ({ model: scriptedModel('The MIT License permits reuse [1].'), question: 'q', passages });

describe.each([
  ['synthesize', (options: object) => synthesize({ ...base(), ...options } as never)],
  ['streamSynthesize', (options: object) => streamSynthesize({ ...base(), ...options } as never).result],
])('%s with an object-valued option that cannot be read', (_, call) => {
  it.each(['verify', 'prompt', 'retry'])('refuses a revoked proxy as %s, naming it', async (name) => {
    expect(await outcome(() => call({ [name]: revoked() }))).toEqual(refused(`options.${name}`));
  });

  it.each([
    ['verify', { support: false }, 'support'],
    ['prompt', { system: 's', user: '{{sources}} {{question}}' }, 'user'],
    ['retry', { maxAttempts: 2 }, 'maxAttempts'],
  ])('refuses %s with a getter that throws, with its throw as cause', async (name, value, key) => {
    const error = await outcome(() => call({ [name]: throwing(value, key) }));
    expect(error).toEqual(refused(`options.${name}`));
    expect((error as Error).cause).toBe(boom);
  });
});

describe('rewriteQuery and hashPromptTemplate with arguments that cannot be read', () => {
  it('refuses a revoked proxy and a throwing getter with a code', async () => {
    expect(await outcome(() => rewriteQuery(revoked() as never))).toEqual(refused('options'));
    const options = throwing({ model: scriptedModel('x'), maxLength: 9, query: 'q' }, 'query');
    const error = await outcome(() => rewriteQuery(options as never));
    expect(error).toEqual(refused('options.query'));
    expect((error as Error).cause).toBe(boom);
    expect(await outcome(() => hashPromptTemplate(revoked() as never))).toEqual(refused('template'));
    expect(
      await outcome(() => hashPromptTemplate(throwing({ system: 's', user: 'u' }, 'user') as never)),
    ).toEqual(refused('template'));
  });
});

describe('redactionMiddleware, extractiveModel and buildSynthesisRow with values that cannot be read', () => {
  it('refuses a pattern whose fields throw, and a revoked list of patterns', async () => {
    const entry = throwing({ name: 'x', pattern: /x/g }, 'pattern');
    const error = await outcome(() => redactionMiddleware({ patterns: [entry as never] }));
    expect(error).toEqual(refused('patterns[0]'));
    expect((error as Error).cause).toBe(boom);
    expect(await outcome(() => redactionMiddleware({ patterns: [revoked() as never] }))).toEqual(
      refused('patterns[0]'),
    );
    expect(await outcome(() => redactionMiddleware({ patterns: revoked() as never }))).toEqual(
      refused('options.patterns'),
    );
  });

  it('refuses revoked stop words', async () => {
    expect(await outcome(() => extractiveModel({ stopWords: revoked() as never }))).toEqual(
      refused('stopWords'),
    );
  });

  it('refuses a revoked synthesis and one whose status throws', async () => {
    expect(await outcome(() => buildSynthesisRow({ queryId: 'q', synthesis: revoked() as never }))).toEqual(
      refused('options.synthesis'),
    );
    const synthesis = throwing({ verification: {}, status: 'answered', claims: [] }, 'status');
    const error = await outcome(() => buildSynthesisRow({ queryId: 'q', synthesis: synthesis as never }));
    expect(error).toEqual(refused('options.synthesis'));
    expect((error as Error).cause).toBe(boom);
  });
});
