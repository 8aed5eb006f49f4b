import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { TENANCY_DOCUMENTS as documents, spanOf } from './__fixtures__/tenancy-documents.js';
import { readAnthropicCitations } from './read-anthropic-citations.js';
import { readGoogleCitations } from './read-google-citations.js';
import { readOpenAICitations } from './read-openai-citations.js';
import { verifyProviderResult } from './verify-provider-result.js';

// Steps shaped as each AI SDK major hands them over, built by hand where the wire tests cannot reach: the
// AI SDK 7 shape on the workspace's AI SDK 6 (and the reverse in the matrix run), and hostile metadata.

const NOTICE = 'The notice period is three months 📅.';
const wire = (shift = 0) => {
  const span = spanOf(0, NOTICE).codePoints;
  return {
    type: 'char_location',
    cited_text: NOTICE,
    document_index: 0,
    document_title: 'tenancy-act',
    start_char_index: span.start + shift,
    end_char_index: span.end + shift,
  };
};

/** A step as AI SDK 7 builds it from @ai-sdk/anthropic 4: citations on the text part and in its metadata. */
const anthropicStep7 = (citations: unknown[]) => ({
  content: [
    { type: 'text', text: 'Notice: ' },
    {
      type: 'text',
      text: 'three months',
      citations: citations.map((citation) => ({ source: { type: 'source' }, citation })),
      providerMetadata: { anthropic: { citations } },
    },
  ],
  providerMetadata: { anthropic: { usage: {} } },
  // Every AI SDK step says why the model stopped; an answer with no finish reason is not taken as finished.
  finishReason: 'stop',
});

describe('verifyProviderResult', () => {
  it('reads the AI SDK 7 shape of Anthropic citations (text-part metadata) and verifies them', async () => {
    const { provider, answer, verification } = await verifyProviderResult(
      { steps: [anthropicStep7([wire()])] },
      documents,
    );
    expect(provider).toBe('anthropic');
    expect(answer).toBe('Notice: three months');
    expect(verification.claims).toMatchObject([{ text: 'three months', span: { start: 8, end: 20 } }]);
    const shifted = await verifyProviderResult({ steps: [anthropicStep7([wire(1)])] }, documents);
    expect(shifted.verification.rejected.map((r) => r.code)).toEqual(['span_mismatch']);
  });

  it('takes the final step of a multi-step result, and awaits the steps of a stream result', async () => {
    const first = {
      content: [{ type: 'text', text: 'Let me look that up.' }],
      providerMetadata: { anthropic: {} },
    };
    const result = { steps: Promise.resolve([first, anthropicStep7([wire()])]) };
    expect((await verifyProviderResult(result, documents)).verification.status).toBe('answered');
  });

  it('honours an explicit provider and offset unit', async () => {
    const step = anthropicStep7([{ ...wire(), ...unitSpan('utf16') }]);
    const asCodePoints = await verifyProviderResult(step, documents);
    expect(asCodePoints.verification.rejected.map((r) => r.code)).toEqual(['span_mismatch']);
    const asUtf16 = await verifyProviderResult(step, documents, {
      provider: 'anthropic',
      offsetUnit: 'utf16',
    });
    expect(asUtf16.verification.status).toBe('answered');
  });

  it('refuses an option key a reader does not know (a misspelt unit would read every offset in the default one)', () => {
    const step = anthropicStep7([{ ...wire(), ...unitSpan('utf16') }]);
    for (const read of [readAnthropicCitations, readOpenAICitations, readGoogleCitations]) {
      expect(() => read(step, { units: 'utf16' } as never)).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', parameter: 'options.units' }),
      );
      expect(() => read(step, { unit: 'utf16' })).not.toThrow();
    }
  });

  it('rejects hostile citation metadata one citation at a time, and never throws on it', async () => {
    const hostile = [
      null,
      5,
      'x',
      {},
      { type: 'char_location', document_index: '0' },
      { type: 'page_location', document_index: 0, start_page_number: '2', end_page_number: 3 },
      JSON.parse('{"__proto__": {"type": "char_location"}}'),
      wire(),
    ];
    const { verification, citations } = await verifyProviderResult(anthropicStep7(hostile), documents, {
      policy: 'drop-citation',
    });
    expect(citations).toHaveLength(hostile.length);
    expect(verification.rejected.map((r) => r.code)).toEqual([
      'unknown_document',
      'unknown_document',
      'unknown_document',
      'unknown_document',
      'unknown_document',
      'offsets_out_of_range',
      'unknown_document',
    ]);
    expect(verification.claims[0]?.citations).toHaveLength(1);
  });

  it('reads nothing from metadata of the wrong shape: no citations, an abstention', async () => {
    for (const metadata of [{ citations: 'all' }, { citations: null }, []]) {
      const step = {
        content: [{ type: 'text', text: 'x', citations: [], providerMetadata: { anthropic: metadata } }],
        providerMetadata: { anthropic: {} },
      };
      expect((await verifyProviderResult(step, documents)).verification.status).toBe('abstained');
    }
    const openai = {
      content: [{ type: 'text', text: 'x', providerMetadata: { openai: { annotations: {} } } }],
      providerMetadata: { openai: {} },
    };
    expect(readOpenAICitations(openai).citations).toEqual([]);
    const google = {
      content: [{ type: 'text', text: 'x' }],
      providerMetadata: { google: { groundingMetadata: { groundingSupports: [null, { segment: 7 }] } } },
    };
    expect(readGoogleCitations(google).citations).toEqual([]);
    expect(readAnthropicCitations({ content: [] })).toEqual({ answer: '', citations: [] });
  });

  it('reads at most 50 retrieved chunks per file, so many file citations times many results stay bounded', async () => {
    const text = 'Deposits come back within 30 days. '.repeat(200);
    const annotations = Array.from({ length: 200 }, (_, i) => ({
      type: 'file_citation',
      file_id: 'file-DepositRules0',
      filename: 'deposit-rules.txt',
      index: (i + 1) * 35 - 1,
    }));
    const results = Array.from({ length: 5000 }, (_, i) => ({
      fileId: 'file-DepositRules0',
      text: `chunk ${i}`,
    }));
    const step = {
      content: [
        { type: 'tool-result', toolName: 'file_search', output: { queries: [], results } },
        { type: 'text', text, providerMetadata: { openai: { annotations } } },
      ],
      providerMetadata: { openai: {} },
    };
    const read = readOpenAICitations(step);
    expect(read.citations).toHaveLength(200 * 50);
    const { verification } = await verifyProviderResult(step, documents);
    expect(verification.claims).toEqual([]);
    expect(new Set(verification.rejected.map((r) => r.code))).toEqual(new Set(['span_mismatch']));
  });

  it('throws InvalidArgumentError for what is no AI SDK result, an unknown provider, or a result no provider made', async () => {
    for (const result of [null, 42, 'text', {}, { steps: [] }, { steps: 'x' }, { content: 'x' }]) {
      await expect(verifyProviderResult(result as never, documents)).rejects.toMatchObject({
        name: 'InvalidArgumentError',
        parameter: 'result',
      });
    }
    await expect(
      verifyProviderResult({ content: [] }, documents, { provider: 'mistral' as never }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(
      verifyProviderResult(
        { content: [{ type: 'text', text: 'x' }], providerMetadata: { mock: {} } },
        documents,
      ),
    ).rejects.toMatchObject({ parameter: 'options.provider' });
    await expect(verifyProviderResult({ content: [] }, documents, null as never)).rejects.toMatchObject({
      parameter: 'options',
    });
  });

  it('passes an error thrown by the result itself through unchanged', async () => {
    const failure = new Error('stream failed');
    const result = { steps: Promise.reject(failure) };
    await expect(verifyProviderResult(result, documents)).rejects.toBe(failure);
  });
});

function unitSpan(unit: 'utf16') {
  const span = spanOf(0, NOTICE)[unit === 'utf16' ? 'utf16' : 'codePoints'];
  return { start_char_index: span.start, end_char_index: span.end };
}
