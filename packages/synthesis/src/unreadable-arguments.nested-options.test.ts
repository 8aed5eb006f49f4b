// A review found options refused with the caller's own error or a bare TypeError, with no code, where a getter
// throws or a revoked proxy stands inside the options (`verify`, `prompt`, `retry`, a pattern's `pattern`,
// `stopWords`, a row's `synthesis`) or as rewriteQuery's options. Each is an InvalidArgumentError naming the option.
import { describe, expect, it } from 'vitest';
import {
  boom,
  outcome,
  refused,
  revoked,
  throwing,
} from '../../internal/src/__fixtures__/unreadable-values.js';
import { scriptedModel } from './__fixtures__/mock-models.js';
import {
  buildSynthesisRow,
  extractiveModel,
  hashPromptTemplate,
  redactionMiddleware,
  rewriteQuery,
  streamSynthesize,
  synthesize,
} from './index.js';

const passages = [
  { documentId: 'd', chunkId: 'c1', text: 'The MIT License permits reuse.', start: 0, end: 30 },
];
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
