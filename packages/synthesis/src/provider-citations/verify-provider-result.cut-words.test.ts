import { describe, expect, it } from 'vitest';
import { verifyProviderResult } from './verify-provider-result.js';

// Retrieval chunks are cut by tokens (OpenAI file search: static 800-token chunks; Gemini File Search chunks): one may
// start or end inside a word, and is cited as the whole words it holds, not refused (r17 #2). A provider's exact cited
// text stays strict: Anthropic offsets cut inside a word or number are refused, not checked as the fragment (r17 #1).

const TEXT =
  'Tenancy rules. A deposit must be returned within 30 days after the tenant leaves. Subletting requires the landlord’s written consent.';
const documents = [
  {
    documentId: 'tenancy-rules',
    chunkId: 'tenancy-rules',
    start: 0,
    end: TEXT.length,
    text: TEXT,
    uri: 'file-abc',
  },
];
const DEPOSIT = 'A deposit must be returned within 30 days after the tenant leaves.';
const at = TEXT.indexOf(DEPOSIT);

/** A Gemini step whose one grounding support cites `chunk` as the retrieved text of its one grounding chunk. */
const geminiStep = (answer: string, chunk: string) => ({
  content: [{ type: 'text', text: answer }],
  finishReason: 'stop',
  providerMetadata: {
    google: {
      groundingMetadata: {
        groundingChunks: [{ retrievedContext: { title: 'tenancy-rules', text: chunk } }],
        groundingSupports: [
          {
            segment: { endIndex: new TextEncoder().encode(answer).length, text: answer },
            groundingChunkIndices: [0],
          },
        ],
      },
    },
  },
});

/** An OpenAI Responses step: a file citation after the answer, and the file search results `chunks` for its file. */
const openaiStep = (answer: string, chunks: string[]) => ({
  content: [
    {
      type: 'tool-result',
      toolCallId: 'fs_1',
      toolName: 'file_search',
      providerExecuted: true,
      output: {
        queries: ['deposit'],
        results: chunks.map((text) => ({ fileId: 'file-abc', text, score: 0.9 })),
      },
    },
    {
      type: 'text',
      text: answer,
      providerMetadata: {
        openai: {
          annotations: [
            { type: 'file_citation', file_id: 'file-abc', filename: 'rules.txt', index: [...answer].length },
          ],
        },
      },
    },
  ],
  finishReason: 'stop',
  providerMetadata: { openai: {} },
});

describe('verifyProviderResult: retrieval chunks cut inside a word', () => {
  it('cites the whole words of a Gemini retrievedContext text cut inside a word at either end', async () => {
    const cases: Array<[chunk: string, cited: string]> = [
      [TEXT.slice(at, 90), DEPOSIT], // `… leaves. Subletti`
      [TEXT.slice(9, 90), DEPOSIT], // `ules. A deposit … Subletti`
      [TEXT.slice(at, 100), `${DEPOSIT} Subletting`], // `… Subletting require`
    ];
    for (const [chunk, cited] of cases) {
      const { verification } = await verifyProviderResult(geminiStep(DEPOSIT, chunk), documents);
      expect(verification.status, chunk).toBe('answered');
      const [citation] = verification.citations;
      expect(citation!.text, chunk).toBe(cited);
      expect(TEXT.slice(citation!.start, citation!.end)).toBe(cited);
    }
  });

  it('keeps an honest claim whose OpenAI file search chunks are cut inside words, under the default policy', async () => {
    const chunks = [TEXT.slice(3, 90), TEXT.slice(15, TEXT.length - 10)];
    const { verification } = await verifyProviderResult(openaiStep(DEPOSIT, chunks), documents);
    expect(verification.rejected).toEqual([]);
    expect(verification.claims.map((claim) => claim.text)).toEqual([DEPOSIT]);
    expect(verification.citations.map((c) => c.text)).toEqual([
      `rules. ${DEPOSIT}`, // `ancy rules. … Subletti`
      `${DEPOSIT} Subletting requires the landlord’s`, // `… the landlord’s writte`
    ]);
  });

  it('still refuses a chunk the document does not hold', async () => {
    const { verification } = await verifyProviderResult(
      openaiStep(DEPOSIT, [
        'ules. A deposit must be returned within 60 days after the tenant leaves. Subletti',
      ]),
      documents,
    );
    expect(verification.rejected.map((r) => r.code)).toEqual(['span_mismatch']);
  });
});

describe('verifyProviderResult: Anthropic offsets cut inside a word or number', () => {
  it('refuses them (span_mismatch) rather than checking the claim against the fragment', async () => {
    const text =
      'Customer notice. Log in only at https://bank.example.com/login. Transfers above 7300 euros need a second approval.';
    const cite = (cited: string) => {
      const start = text.indexOf(cited);
      return {
        type: 'char_location',
        cited_text: cited,
        document_index: 0,
        start_char_index: start,
        end_char_index: start + cited.length,
      };
    };
    const part = (answer: string, cited: string) => ({
      type: 'text',
      text: answer,
      citations: [],
      providerMetadata: { anthropic: { citations: [cite(cited)] } },
    });
    const step = {
      content: [
        part('Log in only at https://bank.example.co', 'Log in only at https://bank.example.co'),
        { type: 'text', text: '. ' },
        part('Transfers above "300 euros" need a second approval.', '300 euros need a second approval.'),
      ],
      finishReason: 'stop',
      rawFinishReason: 'end_turn',
      providerMetadata: { anthropic: {} },
    };
    const notice = [{ documentId: 'notice', chunkId: 'notice', start: 0, end: text.length, text }];
    const { verification } = await verifyProviderResult(step, notice);
    expect(verification.status).toBe('rejected');
    expect(verification.rejected.map((r) => r.code)).toEqual(['span_mismatch', 'span_mismatch']);
  });
});
