import { createAnthropic } from '@ai-sdk/anthropic';
import type { ProviderDocument } from '@gk/citations';
import { generateText, streamText } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AI_MAJOR } from '../__fixtures__/mock-models.js';
import {
  ANTHROPIC_KEY,
  ANTHROPIC_MODEL,
  type AnthropicBlock,
  type AnthropicExpectation,
  anthropicError,
  anthropicMessage,
  anthropicStream,
  checkAnthropicRequest,
} from './__fixtures__/anthropic-messages.js';
import { type LocalServer, startLocalServer } from './__fixtures__/local-server.js';
import {
  QUESTION,
  spanIn,
  spanOf,
  TENANCY_DOCUMENTS as documents,
} from './__fixtures__/tenancy-documents.js';
import { verifyProviderResult } from './verify-provider-result.js';

// Anthropic's document citations through the real @ai-sdk/anthropic, pointed at a local server that speaks the
// Messages API (see the fixture for the reference pages followed). Every case runs non-streaming and streaming.

type Unit = 'codePoints' | 'utf16' | 'bytes';
const text = (value: string, citations?: unknown[]): AnthropicBlock => ({
  type: 'text',
  text: value,
  ...(citations === undefined ? {} : { citations }),
});
const charLocation = (index: number, cited: string, unit: Unit = 'codePoints', shift = 0) => {
  const span = spanOf(index, cited)[unit];
  return {
    type: 'char_location',
    cited_text: cited,
    document_index: index,
    document_title: documents[index]!.documentId,
    start_char_index: span.start + shift,
    end_char_index: span.end + shift,
  };
};

const NOTICE = 'The notice period is three months 📅.';
const JAPANESE = '借家人は三か月前に通知しなければならない。';
const DEPOSIT = 'A deposit must be returned within 30 days after the tenant leaves.';
const answerBlocks = (overrides: { notice?: unknown[]; japanese?: unknown[]; deposit?: unknown[] } = {}) => [
  text('In short: '),
  text('the notice period is three months 📅', overrides.notice ?? [charLocation(0, NOTICE)]),
  text('; '),
  text('借家人は三か月前に通知する', overrides.japanese ?? [charLocation(0, JAPANESE)]),
  text('. '),
  text('Deposits come back within 30 days.', overrides.deposit ?? [charLocation(1, DEPOSIT)]),
];

// A scanned tenancy agreement as a PDF; its text, extracted page by page, is the document the citations resolve in.
const PDF_PAGES = [
  'Tenancy agreement. Parties: L. and T.',
  'The rent is 900 euros a month. Notice: three months.',
];
const PDF_TEXT = PDF_PAGES.join('\n');
const pdf: ProviderDocument = {
  documentId: 'agreement',
  chunkId: 'agreement#all',
  start: 0,
  end: PDF_TEXT.length,
  text: PDF_TEXT,
  pages: [
    { start: 0, end: PDF_PAGES[0]!.length },
    { start: PDF_PAGES[0]!.length + 1, end: PDF_TEXT.length },
  ],
};
const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n% a two-page tenancy agreement\n%%EOF\n');
const pageLocation = (start: number, end: number, cited = 'The rent is 900 euros a month. ') => ({
  type: 'page_location',
  cited_text: cited,
  document_index: 0,
  document_title: 'agreement',
  start_page_number: start,
  end_page_number: end,
});

const webResult = { url: 'https://news.example.com/renters-2026', title: 'Renters news' };
const webBlocks = (): AnthropicBlock[] => [
  {
    type: 'server_tool_use',
    id: 'srvtoolu_01GkLocal',
    name: 'web_search',
    input: { query: 'tenant notice period' },
  },
  {
    type: 'web_search_tool_result',
    tool_use_id: 'srvtoolu_01GkLocal',
    content: [
      {
        type: 'web_search_result',
        ...webResult,
        encrypted_content: 'EqQBCioIAhgBIiQ3ZjQ4',
        page_age: 'November 2, 2026',
      },
    ],
  },
  ...answerBlocks({
    deposit: [
      {
        type: 'web_search_result_location',
        ...webResult,
        encrypted_index: 'Eo8BCioIAhgBIiQ3ZjQ4',
        cited_text: 'Most deposits come back within a month.',
      },
    ],
  }),
];

let server: LocalServer;
let reply: { content: AnthropicBlock[]; expect: AnthropicExpectation };
const problems: string[][] = [];

beforeAll(async () => {
  server = await startLocalServer((request) => {
    const found = checkAnthropicRequest(request, reply.expect);
    problems.push(found);
    if (found.length > 0) return anthropicError(found);
    const message = anthropicMessage(reply.content);
    const body = request.body as { stream?: boolean };
    return body.stream === true ? anthropicStream(message) : { status: 200, json: message };
  }, '/v1');
});
afterAll(() => server.close());
beforeEach(() => {
  problems.length = 0;
});

const textDocuments = { texts: documents.map((document) => document.text) };
const provider = () => createAnthropic({ baseURL: server.baseURL, apiKey: ANTHROPIC_KEY });

async function ask(
  mode: 'generate' | 'stream',
  content: AnthropicBlock[],
  options: { pdf?: boolean; webSearch?: boolean } = {},
) {
  problems.length = 0;
  reply = {
    content,
    expect: options.pdf ? { pdfs: 1 } : { ...textDocuments, webSearch: options.webSearch ?? false },
  };
  const files = options.pdf
    ? [{ type: 'file' as const, mediaType: 'application/pdf', data: PDF_BYTES, filename: 'agreement' }]
    : documents.map((document) => ({
        type: 'file' as const,
        mediaType: 'text/plain',
        data: new TextEncoder().encode(document.text),
        filename: document.documentId,
      }));
  const call = {
    model: provider()(ANTHROPIC_MODEL),
    maxOutputTokens: 1024,
    messages: [
      {
        role: 'user' as const,
        content: [
          ...files.map((file) => ({
            ...file,
            providerOptions: { anthropic: { citations: { enabled: true } } },
          })),
          { type: 'text' as const, text: QUESTION },
        ],
      },
    ],
    ...(options.webSearch
      ? { tools: { web_search: provider().tools.webSearch_20250305({ maxUses: 1 }) } }
      : {}),
  };
  // The provider major that pairs with the AI SDK under test: 3 with AI SDK 6, 4 with AI SDK 7 (matrix run).
  expect(call.model.specificationVersion).toBe(AI_MAJOR >= 7 ? 'v4' : 'v3');
  const result = mode === 'generate' ? await generateText(call) : streamText(call);
  const outcome = await verifyProviderResult(result, options.pdf ? [pdf] : documents);
  expect(problems).toEqual([[]]); // one request, and the API would have accepted it
  expect(outcome.provider).toBe('anthropic');
  return outcome;
}

const claimTexts = (outcome: Awaited<ReturnType<typeof ask>>) =>
  outcome.verification.claims.map((c) => c.text);
const codes = (outcome: Awaited<ReturnType<typeof ask>>) =>
  outcome.verification.rejected.map((r) => [r.code, r.text]);

describe.each(['generate', 'stream'] as const)('verifyProviderResult over @ai-sdk/anthropic (%s)', (mode) => {
  it('verifies correct char_location citations and builds each citation from the document sent', async () => {
    const outcome = await ask(mode, answerBlocks());
    expect(outcome.answer).toBe(
      'In short: the notice period is three months 📅; 借家人は三か月前に通知する. Deposits come back within 30 days.',
    );
    expect(outcome.verification.status).toBe('answered');
    expect(outcome.verification.rejected).toEqual([]);
    const at = (index: number, quote: string) => {
      const span = spanOf(index, quote).utf16;
      const document = documents[index]!;
      return {
        documentId: document.documentId,
        chunkId: document.chunkId,
        start: document.start + span.start,
        end: document.start + span.end,
        text: quote,
      };
    };
    expect(outcome.verification.citations).toEqual([
      { source: 1, ...at(0, NOTICE) },
      { source: 1, ...at(0, JAPANESE) },
      { source: 2, ...at(1, DEPOSIT) },
    ]);
    expect(claimTexts(outcome)).toEqual([
      'the notice period is three months 📅',
      '借家人は三か月前に通知する',
      'Deposits come back within 30 days.',
    ]);
  });

  it('rejects a cited_text the document does not hold (span_mismatch), keeping the other claims', async () => {
    const forged = {
      ...charLocation(1, DEPOSIT),
      cited_text: 'A deposit must be returned within 60 days after the tenant leaves.',
    };
    const outcome = await ask(mode, answerBlocks({ deposit: [forged] }));
    expect(codes(outcome)).toEqual([['span_mismatch', 'Deposits come back within 30 days.']]);
    expect(outcome.verification.rejected[0]!.message).toContain('within 60 days');
    expect(outcome.verification.rejected[0]!.message).toContain('within 30 days');
    expect(claimTexts(outcome)).toHaveLength(2);
  });

  it('rejects offsets shifted by one code point in either direction', async () => {
    for (const shift of [1, -1]) {
      const outcome = await ask(
        mode,
        answerBlocks({ japanese: [charLocation(0, JAPANESE, 'codePoints', shift)] }),
      );
      expect(codes(outcome)).toEqual([['span_mismatch', '借家人は三か月前に通知する']]);
    }
  });

  it('catches offsets in the wrong unit (UTF-8 bytes or UTF-16) instead of resolving them elsewhere', async () => {
    const bytes = await ask(mode, answerBlocks({ japanese: [charLocation(0, JAPANESE, 'bytes')] }));
    expect(codes(bytes)).toEqual([['offsets_out_of_range', '借家人は三か月前に通知する']]);
    const utf16 = await ask(mode, answerBlocks({ japanese: [charLocation(0, JAPANESE, 'utf16')] }));
    expect(codes(utf16)).toEqual([['span_mismatch', '借家人は三か月前に通知する']]);
    expect(utf16.verification.rejected[0]!.message).toContain(
      'Read as UTF-16 code units, the same offsets do hold the cited text',
    );
  });

  it('rejects a web search result, which is none of the documents sent (unknown_document)', async () => {
    const outcome = await ask(mode, webBlocks(), { webSearch: true });
    expect(codes(outcome)).toEqual([['unknown_document', 'Deposits come back within 30 days.']]);
    expect(outcome.verification.rejected[0]!.message).toContain('https://news.example.com/renters-2026');
    expect(claimTexts(outcome)).toHaveLength(2);
  });

  it('reads no citation from the results of a search made after some text, which list pages, not citations', async () => {
    // In a stream, @ai-sdk/anthropic adds a source part ({ pageAge }) for each search result, after the text before it.
    const [searchCall, searchResult] = webBlocks();
    const outcome = await ask(
      mode,
      [text('Your landlord can always keep the deposit. '), searchCall!, searchResult!, ...answerBlocks()],
      { webSearch: true },
    );
    expect(outcome.verification.rejected).toEqual([]);
    expect(claimTexts(outcome)).not.toContain('Your landlord can always keep the deposit.');
    expect(claimTexts(outcome)).toHaveLength(3);
  });

  it('rejects a document_index that was never sent', async () => {
    const outcome = await ask(
      mode,
      answerBlocks({
        deposit: [charLocation(1, DEPOSIT), { ...charLocation(1, DEPOSIT), document_index: 5 }],
      }),
    );
    if (provider()(ANTHROPIC_MODEL).specificationVersion === 'v3' && mode === 'stream') {
      // @ai-sdk/anthropic 3 streams a citation only as a source part, and drops one whose document it did not
      // send before it reaches the result: nothing is left to reject, and nothing unsent is cited.
      expect(codes(outcome)).toEqual([]);
      expect(outcome.verification.citations.map((c) => c.source)).toEqual([1, 1, 2]);
      return;
    }
    expect(outcome.verification.rejected).toMatchObject([
      { code: 'unknown_document', text: 'Deposits come back within 30 days.', markers: [6] },
    ]);
    expect(outcome.verification.rejected[0]!.message).toContain(
      'names document 5 (document_index 5), which was never sent',
    );
  });

  it('resolves page_location citations in a PDF to the pages named, and refuses the wrong page', async () => {
    const good = await ask(mode, [text('The rent is 900 euros a month.', [pageLocation(2, 3)])], {
      pdf: true,
    });
    // Located on the pages named, as locateQuote locates a quote: without its trailing space.
    const span = spanIn(PDF_TEXT, 'The rent is 900 euros a month.').utf16;
    expect(good.verification.citations).toEqual([
      {
        source: 1,
        documentId: 'agreement',
        chunkId: 'agreement#all',
        ...span,
        text: 'The rent is 900 euros a month.',
      },
    ]);
    const wrong = await ask(mode, [text('The rent is 900 euros a month.', [pageLocation(1, 2)])], {
      pdf: true,
    });
    expect(codes(wrong)).toEqual([['location_mismatch', 'The rent is 900 euros a month.']]);
    expect(wrong.verification.rejected[0]!.message).toContain('but it occurs on page 2');
    const beyond = await ask(mode, [text('The rent is 900 euros a month.', [pageLocation(3, 4)])], {
      pdf: true,
    });
    expect(codes(beyond)).toEqual([['offsets_out_of_range', 'The rent is 900 euros a month.']]);
  });
});
