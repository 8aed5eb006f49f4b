import { InvalidArgumentError } from '@gk/internal';
import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { forbiddenModel, MockLanguageModel, scriptedModel } from '../__fixtures__/mock-models.js';
import { QueryRewriteError } from './query-rewrite-error.js';
import { DEFAULT_REWRITE_INSTRUCTIONS, rewriteQuery } from './rewrite-query.js';

async function rewriteError(promise: Promise<unknown>): Promise<QueryRewriteError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toEqual(expect.any(QueryRewriteError));
  return error as QueryRewriteError;
}

describe('rewriteQuery', () => {
  it('returns the trimmed single-line rewrite and sends the instructions and the query', async () => {
    const model = scriptedModel('  GDPR fines for data breaches 2023 \n');
    const query = 'and what about fines for breaches last year?';
    await expect(rewriteQuery({ model, query })).resolves.toBe('GDPR fines for data breaches 2023');
    const prompt = model.doGenerateCalls[0]?.prompt;
    expect(prompt?.[0]).toEqual({ role: 'system', content: DEFAULT_REWRITE_INSTRUCTIONS });
    expect(prompt?.[1]).toMatchObject({ role: 'user', content: [{ type: 'text', text: query }] });
  });

  it("takes a rewrite that stopped at one of the caller's stop sequences: a query ends without a full stop", async () => {
    const model = scriptedModel('GDPR fines for data breaches 2023');
    await expect(
      rewriteQuery({ model, query: 'and what about fines?', stopSequences: ['\n'] }),
    ).resolves.toBe('GDPR fines for data breaches 2023');
    expect(model.doGenerateCalls[0]?.stopSequences).toEqual(['\n']);
  });

  it('rejects a blank or zero-width rewrite with blank and never falls back to the query', async () => {
    for (const output of ['', '   \n\t', '\u200b\ufeff']) {
      const error = await rewriteError(
        rewriteQuery({ model: scriptedModel(output), query: 'original query' }),
      );
      expect(error.code).toBe('blank');
      expect(error.message).not.toContain('original query');
    }
  });

  it('rejects output longer than maxLength with too_long and keeps the output out of the message', async () => {
    const output = 'secret-looking '.repeat(100);
    const error = await rewriteError(
      rewriteQuery({ model: scriptedModel(output), query: 'q', maxLength: 40 }),
    );
    expect(error.code).toBe('too_long');
    expect(error.message).toContain('at most 40');
    expect(error.message).not.toContain('secret-looking');
    await expect(
      rewriteQuery({ model: scriptedModel('x'.repeat(40)), query: 'q', maxLength: 40 }),
    ).resolves.toBe('x'.repeat(40));
  });

  it('counts UTF-16 code units for maxLength, so astral characters count twice', async () => {
    const error = await rewriteError(
      rewriteQuery({ model: scriptedModel('🙂🙂🙂'), query: 'q', maxLength: 5 }),
    );
    expect(error.code).toBe('too_long');
  });

  it('rejects two queries on two lines with multiple_lines', async () => {
    for (const output of [
      'first query\nsecond query',
      'a\r\nb',
      'a\u2028b',
      'a\u2029b',
      'a\vb',
      'a\fb',
      'a\u0085b',
    ]) {
      const error = await rewriteError(rewriteQuery({ model: scriptedModel(output), query: 'q' }));
      expect(error.code).toBe('multiple_lines');
    }
  });

  it('rejects controls and unpaired surrogates with invalid_characters, keeping the output out of the message', async () => {
    for (const output of [
      'cats\u0000\u001b[31m red',
      'cats \ud800',
      'cats \udc00 red',
      'cats\u007f red',
      'cats\u0090 red',
      'cats\u0007',
      '\u202eGPL Apache',
      'GPL \u2066x\u2069',
      '\u{e0041}\u{e0042}GPL',
    ]) {
      const error = await rewriteError(rewriteQuery({ model: scriptedModel(output), query: 'q' }));
      expect(error.code).toBe('invalid_characters');
      expect(error.message).not.toContain('cats');
    }
    // A tab is a space, and a surrogate pair is one astral character; a joiner a script needs stays.
    await expect(rewriteQuery({ model: scriptedModel('cats\tred 🙂'), query: 'q' })).resolves.toBe(
      'cats\tred 🙂',
    );
    await expect(
      rewriteQuery({ model: scriptedModel('می\u200cخواهم 👩\u200d💻'), query: 'q' }),
    ).resolves.toBe('می\u200cخواهم 👩\u200d💻');
  });

  it('refuses every format character that shows nothing with invalid_characters, and keeps those a script needs', async () => {
    // Review repro: implicit bidi marks reorder digits and neutrals (`10\u200F-20` shows as `20-10`); a soft hyphen
    // or word joiner splits a term the search engine then misses; the annotation marks hide text.
    for (const output of [
      'price 10\u200f-20 EUR',
      'a\u061cb 12-34',
      'x\u200e1-2',
      'refund \u00ad\u2060policy',
      'GD\u00adPR fines',
      'GDPR\u200b fines',
      'GDPR\ufeff fines',
      'GDPR\u2061 fines',
      'GDPR \u206a fines',
      'a\u180eb fines',
      'GDPR \ufff9fines\ufffahidden\ufffb',
      'GDPR \u{1d173}fines',
      'GDPR \u{1bca0}fines',
    ]) {
      const error = await rewriteError(rewriteQuery({ model: scriptedModel(output), query: 'q' }));
      expect([output, error.code]).toEqual([output, 'invalid_characters']);
      expect(error.message).not.toContain('fines');
    }
    for (const output of [
      'می\u200cخواهم',
      '👩\u200d💻 jobs',
      '\u0600\u0661\u0662 rate',
      '❤\ufe0f emoji',
      '\u{13000}\u{13430}\u{13001}',
    ]) {
      await expect(rewriteQuery({ model: scriptedModel(output), query: 'q' })).resolves.toBe(output);
    }
  });

  it('refuses a labelled rewrite with labelled and a quoted one with quoted, never taking either off', async () => {
    const cases: Array<[string, 'labelled' | 'quoted']> = [
      ['Query: refund policy', 'labelled'],
      ['query：refund policy', 'labelled'],
      ['**Search query:** refund policy', 'labelled'],
      ['Rewritten query: refund policy', 'labelled'],
      ['Keywords: refund, policy', 'labelled'],
      ['SEARCH: refund policy', 'labelled'],
      ['Query: "refund policy"', 'labelled'],
      // After a list number or a bullet (a review found these accepted).
      ['1. Query: refund policy', 'labelled'],
      ['1) **Search query:** refund policy', 'labelled'],
      ['- Query: refund policy', 'labelled'],
      ['\u2022 Search terms = refund policy', 'labelled'],
      ['"refund policy"', 'quoted'],
      ['\u201crefund policy\u201d', 'quoted'],
      ["'refund policy'", 'quoted'],
      ['\u00abrefund policy\u00bb', 'quoted'],
      ['\u201erefund policy\u201c', 'quoted'],
      ['`refund policy`', 'quoted'],
      ['\u300crefund policy\u300d', 'quoted'],
      ['""', 'quoted'],
    ];
    for (const [output, code] of cases) {
      const error = await rewriteError(rewriteQuery({ model: scriptedModel(output), query: 'q' }));
      expect([output, error.code]).toEqual([output, code]);
      expect(error.message).not.toContain('refund');
    }
    // Words before a colon that are the query's own, and quotation marks that mark a phrase inside it, stay.
    for (const output of [
      'GDPR: fines for data breaches',
      'ECLI:NL:HR:2020:1 ruling',
      'querying databases: best practices',
      'search engine optimisation',
      '"refund policy" 2023',
      '"refund" or "return"',
      'GDPR "fines"',
    ]) {
      await expect(rewriteQuery({ model: scriptedModel(output), query: 'q' })).resolves.toBe(output);
    }
  });

  it('refuses a blank query before any model call', async () => {
    for (const query of ['', ' \n', '\u200d']) {
      const error = await rewriteError(rewriteQuery({ model: forbiddenModel(), query }));
      expect(error.code).toBe('empty_query');
    }
  });

  it('refuses bad options with an InvalidArgumentError naming the option, before any model call', async () => {
    const model = forbiddenModel();
    const cases: Array<[Record<string, unknown>, string]> = [
      ...[0, -1, 1.5, Number.NaN, 2 ** 53].map((maxLength): [Record<string, unknown>, string] => [
        { query: 'q', maxLength },
        'options.maxLength',
      ]),
      [{ query: 42 }, 'options.query'],
      [{ query: undefined }, 'options.query'],
      [{ query: 'q', instructions: 7 }, 'options.instructions'],
    ];
    for (const [options, parameter] of cases) {
      const error = await rewriteQuery({ model, ...options } as never).catch((caught: unknown) => caught);
      expect(error).toEqual(expect.any(InvalidArgumentError));
      expect((error as InvalidArgumentError).parameter).toBe(parameter);
    }
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('refuses a filtered or cut-off rewrite with its own code, whatever text came with it', async () => {
    const cases = [
      ['content-filter', 'content_filter'],
      ['length', 'unfinished'],
      ['error', 'unfinished'],
    ] as const;
    for (const [finishReason, code] of cases) {
      const model = scriptedModel({ text: 'GDPR fines for', finishReason });
      const error = await rewriteError(rewriteQuery({ model, query: 'fines?' }));
      expect(error.code).toBe(code);
      expect(error.message).toContain(finishReason);
      expect(error.message).not.toContain('GDPR');
    }
    // Only `stop` is finished: `other` with the provider's own reason may have stopped mid-query too; with none,
    // no finish reason arrived: cut off (ADR 0032, ADR 0048).
    const other = scriptedModel({ text: 'GDPR fines', finishReason: 'other' });
    expect((await rewriteError(rewriteQuery({ model: other, query: 'fines?' }))).code).toBe('unfinished');
    const cut = scriptedModel({ text: 'GDPR fines for', finishReason: 'other', rawFinishReason: undefined });
    const error = await rewriteError(rewriteQuery({ model: cut, query: 'fines?' }));
    expect(error.code).toBe('unfinished');
    expect(error.message).toContain("'other', no finish reason arrived");
  });

  it('passes AI SDK call settings through to the model', async () => {
    const model = scriptedModel('query');
    await rewriteQuery({ model, query: 'q', temperature: 0, topP: 0.3, maxOutputTokens: 20, seed: 7 });
    expect(model.doGenerateCalls[0]).toMatchObject({
      temperature: 0,
      topP: 0.3,
      maxOutputTokens: 20,
      seed: 7,
    });
  });

  it('passes AI SDK errors through unchanged', async () => {
    const apiError = new APICallError({
      message: 'rate limited',
      url: 'http://127.0.0.1/v1',
      requestBodyValues: {},
      statusCode: 429,
      isRetryable: false,
    });
    const model = new MockLanguageModel({
      doGenerate: async () => {
        throw apiError;
      },
    });
    await expect(rewriteQuery({ model, query: 'q', maxRetries: 0 })).rejects.toBe(apiError);
  });
});

describe('QueryRewriteError', () => {
  it('has a stable name and code and is recognised across package copies by its brand', () => {
    const error = new QueryRewriteError('blank', 'blank');
    expect(error.name).toBe('QueryRewriteError');
    expect(QueryRewriteError.isInstance(error)).toBe(true);
    const foreignCopy = Object.assign(new Error('x'), {
      [Symbol.for('@gk/synthesis.QueryRewriteError')]: true,
    });
    expect(QueryRewriteError.isInstance(foreignCopy)).toBe(true);
    expect(QueryRewriteError.isInstance(new Error('blank'))).toBe(false);
    expect(QueryRewriteError.isInstance(null)).toBe(false);
    expect(QueryRewriteError.isInstance({ code: 'blank' })).toBe(false);
  });
});

describe('rewriteQuery options', () => {
  it('refuses, before any model call, a key that is neither its own option nor an AI SDK call setting', async () => {
    for (const key of [
      'tools',
      'stopWhen',
      'toolChoice',
      'prepareStep',
      'providerOptions',
      'experimental_output',
    ]) {
      const error = await rewriteQuery({
        model: forbiddenModel(),
        query: 'deposit',
        [key]: {},
      } as never).catch((caught: unknown) => caught);
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ parameter: `options.${key}` });
    }
    // Its own options and the call settings pass.
    await expect(
      rewriteQuery({
        model: scriptedModel('deposit refund'),
        query: 'deposit',
        maxLength: 64,
        temperature: 0,
        seed: 1,
      }),
    ).resolves.toBe('deposit refund');
  });
});

describe('rewriteQuery and an abort', () => {
  it('throws the abort reason for an aborted signal even when the model does not read it, and never calls it', async () => {
    const model = scriptedModel('deposit refund');
    const controller = new AbortController();
    const reason = new Error('The user sent another message.');
    controller.abort(reason);
    const error = await rewriteQuery({ model, query: 'deposit', abortSignal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBe(reason);
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});
