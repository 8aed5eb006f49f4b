import { createOpenAI } from '@ai-sdk/openai';
import { toCodePointOffset, toUtf8ByteOffset } from '@gk/citations';
import { generateText, streamText, type ToolSet } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_MAJOR } from '../__fixtures__/mock-models.js';
import { type LocalServer, startLocalServer } from './__fixtures__/local-server.js';
import {
  checkOpenAIRequest,
  OPENAI_KEY,
  OPENAI_MODEL,
  type OpenAIScript,
  openaiError,
  openaiResponse,
  openaiStream,
  VECTOR_STORE,
} from './__fixtures__/openai-responses.js';
import { QUESTION, spanOf, TENANCY_DOCUMENTS as documents } from './__fixtures__/tenancy-documents.js';
import { verifyProviderResult } from './verify-provider-result.js';

// OpenAI's Responses API annotations through the real @ai-sdk/openai, pointed at a local server that speaks the
// Responses API (see the fixture for the reference pages followed). Every case runs non-streaming and streaming.

const FAQ_URL = 'https://example.org/tenancy-faq';
const NEWS_URL = 'https://news.example.com/renters-2026';
const link = (url: string) => `([${new URL(url).hostname}](${url}))`;
const answerWith = (url: string) =>
  'The notice period is three months 📅 (Tenancy Act, section 4). 借家人は三か月前に通知する。 ' +
  `Deposits come back within 30 days. A landlord may keep it only for unpaid rent or damage ${link(url)}.`;
const ANSWER = answerWith(FAQ_URL);

type Unit = 'codePoints' | 'utf16' | 'bytes';
const count = (text: string, utf16: number, unit: Unit) =>
  unit === 'utf16'
    ? utf16
    : unit === 'bytes'
      ? toUtf8ByteOffset(text, utf16)
      : toCodePointOffset(text, utf16);
const after = (text: string, sentence: string, unit: Unit = 'codePoints', shift = 0) =>
  count(text, text.indexOf(sentence) + sentence.length, unit) + shift;
const fileCitation = (file: string, text: string, sentence: string, shift = 0) => ({
  type: 'file_citation',
  file_id: file,
  filename: `${file}.txt`,
  index: after(text, sentence, 'codePoints', shift),
});
const urlCitation = (text: string, url: string, unit: Unit = 'codePoints', shift = 0) => {
  const start = text.indexOf(link(url));
  return {
    type: 'url_citation',
    start_index: count(text, start, unit) + shift,
    end_index: count(text, start + link(url).length, unit) + shift,
    url,
    title: 'Tenancy FAQ',
  };
};

const NOTICE = 'The notice period is three months 📅.';
const JAPANESE = '借家人は三か月前に通知しなければならない。';
const DEPOSIT = 'A deposit must be returned within 30 days after the tenant leaves.';
const RESULTS: OpenAIScript['results'] = [
  { file_id: 'file-TenancyAct4', filename: 'tenancy-act.txt', score: 0.93, text: NOTICE },
  { file_id: 'file-TenancyAct4', filename: 'tenancy-act.txt', score: 0.88, text: JAPANESE },
  { file_id: 'file-DepositRules0', filename: 'deposit-rules.txt', score: 0.91, text: DEPOSIT },
];
const script = (
  overrides: {
    annotations?: Array<Record<string, unknown>>;
    results?: OpenAIScript['results'];
    text?: string;
    webSearch?: boolean;
  } = {},
): OpenAIScript => {
  const text = overrides.text ?? ANSWER;
  return {
    text,
    results: overrides.results ?? RESULTS,
    webSearch: overrides.webSearch ?? true,
    annotations: overrides.annotations ?? [
      fileCitation('file-TenancyAct4', text, '(Tenancy Act, section 4).'),
      fileCitation('file-TenancyAct4', text, '通知する。'),
      fileCitation('file-DepositRules0', text, 'within 30 days.'),
      urlCitation(text, FAQ_URL),
    ],
  };
};

let server: LocalServer;
let current: OpenAIScript;
let problems: string[][] = [];

beforeAll(async () => {
  server = await startLocalServer((request) => {
    const found = checkOpenAIRequest(request, current);
    problems.push(found);
    if (found.length > 0) return openaiError(found);
    const body = request.body as Record<string, unknown>;
    return body.stream === true
      ? openaiStream(current, body)
      : { status: 200, json: openaiResponse(current, body) };
  }, '/v1');
});
afterAll(() => server.close());

async function ask(mode: 'generate' | 'stream', scripted: OpenAIScript) {
  problems = [];
  current = scripted;
  const provider = createOpenAI({ baseURL: server.baseURL, apiKey: OPENAI_KEY });
  const call = {
    model: provider.responses(OPENAI_MODEL),
    prompt: QUESTION,
    tools: {
      file_search: provider.tools.fileSearch({ vectorStoreIds: [VECTOR_STORE] }),
      ...(scripted.webSearch ? { web_search: provider.tools.webSearch({}) } : {}),
    } as ToolSet,
    providerOptions: { openai: { include: ['file_search_call.results'] } },
  };
  expect(call.model.specificationVersion).toBe(AI_MAJOR >= 7 ? 'v4' : 'v3'); // provider 3 with AI SDK 6, 4 with 7
  const result = mode === 'generate' ? await generateText(call) : streamText(call);
  const outcome = await verifyProviderResult(result, documents);
  expect(problems).toEqual([[]]);
  expect(outcome.provider).toBe('openai');
  expect(outcome.answer).toBe(scripted.text);
  return outcome;
}

const codes = (outcome: Awaited<ReturnType<typeof ask>>) =>
  outcome.verification.rejected.map((r) => [r.code, r.text]);
const located = (index: number, quote: string) => {
  const span = spanOf(index, quote).utf16;
  const document = documents[index]!;
  return {
    source: index + 1,
    documentId: document.documentId,
    chunkId: document.chunkId,
    start: document.start + span.start,
    end: document.start + span.end,
    text: quote,
  };
};

describe.each(['generate', 'stream'] as const)(
  'verifyProviderResult over @ai-sdk/openai Responses (%s)',
  (mode) => {
    it('verifies file and URL citations: each claim cites the chunks retrieved from the file, or the page linked', async () => {
      const outcome = await ask(mode, script());
      expect(outcome.verification.rejected).toEqual([]);
      expect(outcome.verification.claims.map((claim) => [claim.text, claim.citations])).toEqual([
        [
          'The notice period is three months 📅 (Tenancy Act, section 4).',
          [located(0, NOTICE), located(0, JAPANESE)],
        ],
        ['借家人は三か月前に通知する。', [located(0, NOTICE), located(0, JAPANESE)]],
        ['Deposits come back within 30 days.', [located(1, DEPOSIT)]],
        [
          'A landlord may keep it only for unpaid rent or damage',
          [
            {
              source: 3,
              documentId: 'tenancy-faq',
              chunkId: 'tenancy-faq#0',
              start: 0,
              end: documents[2]!.text.length,
              text: documents[2]!.text,
            },
          ],
        ],
      ]);
    });

    it('rejects a retrieved chunk the document does not hold (span_mismatch) for every claim citing that file', async () => {
      const stale = [{ ...RESULTS[0]!, text: 'The notice period is two months 📅.' }, ...RESULTS.slice(1)];
      const outcome = await ask(mode, script({ results: stale }));
      expect(codes(outcome)).toEqual([
        ['span_mismatch', 'The notice period is three months 📅 (Tenancy Act, section 4).'],
        ['span_mismatch', '借家人は三か月前に通知する。'],
      ]);
      expect(outcome.verification.rejected[0]!.message).toContain('two months');
      expect(outcome.verification.claims).toHaveLength(2);
    });

    it('rejects a URL citation shifted by one unit, and a file citation past the end; a file citation moved within its sentence keeps its claim', async () => {
      for (const shift of [1, -1]) {
        const outcome = await ask(
          mode,
          script({ annotations: [urlCitation(ANSWER, FAQ_URL, 'codePoints', shift)] }),
        );
        // The rejection sits at the claim the shifted marker would cut: up to its first unit, or up to the `(` a
        // marker moved onto its link's `[` leaves before it (the claim does not end in that `(`).
        const claim = ANSWER.slice(
          ANSWER.indexOf('A landlord'),
          ANSWER.indexOf('([') + Math.min(shift, 0),
        ).trimEnd();
        expect(codes(outcome)).toEqual([['answer_mismatch', claim]]);
      }
      const past = { ...fileCitation('file-DepositRules0', ANSWER, ''), index: [...ANSWER].length + 1 };
      // (the link the annotations leave unmarked is read as text no citation covers)
      const LINK = ANSWER.slice(
        ANSWER.indexOf('[example.org]'),
        ANSWER.indexOf(')', ANSWER.indexOf('[example.org]')) + 1,
      );
      expect(codes(await ask(mode, script({ annotations: [past] })))).toEqual([
        ['answer_out_of_range', ''],
        ['unknown_identifier', LINK],
      ]);
      const moved = await ask(
        mode,
        script({ annotations: [fileCitation('file-DepositRules0', ANSWER, 'within 30 days.', 1)] }),
      );
      expect(moved.verification.claims.map((claim) => claim.text)).toEqual([
        'Deposits come back within 30 days.',
      ]);
    });

    it('catches indexes in the wrong unit (UTF-8 bytes or UTF-16) on non-ASCII text instead of resolving them elsewhere', async () => {
      for (const unit of ['bytes', 'utf16'] as const) {
        const outcome = await ask(mode, script({ annotations: [urlCitation(ANSWER, FAQ_URL, unit)] }));
        expect(outcome.verification.claims).toEqual([]);
        // Counted in bytes the marker falls outside the answer, and the link it was to mark is uncited text.
        expect(outcome.verification.rejected.map((r) => r.code)).toEqual(
          unit === 'bytes' ? ['answer_out_of_range', 'unknown_identifier'] : ['answer_mismatch'],
        );
      }
    });

    it('rejects a URL citation to a page that is none of the documents (unknown_document)', async () => {
      const text = answerWith(NEWS_URL);
      const outcome = await ask(mode, script({ text, annotations: [urlCitation(text, NEWS_URL)] }));
      expect(codes(outcome)).toEqual([
        ['unknown_document', 'A landlord may keep it only for unpaid rent or damage'],
      ]);
      expect(outcome.verification.rejected[0]!.message).toContain(NEWS_URL);
    });

    it('rejects a file citation to a file that was never uploaded', async () => {
      const outcome = await ask(
        mode,
        script({ annotations: [fileCitation('file-NeverUploaded', ANSWER, 'within 30 days.')] }),
      );
      expect(codes(outcome)).toEqual([
        ['unknown_document', 'Deposits come back within 30 days.'],
        ['unknown_identifier', '[example.org](https://example.org/tenancy-faq)'],
      ]);
      expect(outcome.verification.rejected[0]!.message).toContain('file file-NeverUploaded');
    });
  },
);
