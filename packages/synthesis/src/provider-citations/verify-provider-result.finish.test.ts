import { describe, expect, it } from 'vitest';
import { SynthesisError } from '../synthesize/synthesis-error.js';
import { TENANCY_DOCUMENTS as documents, spanOf } from './__fixtures__/tenancy-documents.js';
import { verifyProviderResult } from './verify-provider-result.js';

// A provider's answer is only as finished as its finish reason says: a filtered answer is refused, and the last claim
// of one the model did not finish is rejected, as `synthesize` treats its own completions (rt12 #1).

const DEPOSIT = 'A deposit must be returned within 30 days after the tenant leaves.';
const EXEMPT = 'Cafe\u0301 owners are exempt (see § 12).';

/** Anthropic's `char_location` citation of `quote` in document 1 (code points). */
const cite = (quote: string) => {
  const span = spanOf(1, quote).codePoints;
  return {
    type: 'char_location',
    cited_text: quote,
    document_index: 1,
    start_char_index: span.start,
    end_char_index: span.end,
  };
};

/** A text part citing `quote`, in both AI SDK majors' shapes. */
const cited = (text: string, quote: string) => ({
  type: 'text',
  text,
  citations: [{ source: { type: 'source' }, citation: cite(quote) }],
  providerMetadata: { anthropic: { citations: [cite(quote)] } },
});

const step = (finishReason: unknown, content: unknown[], rawFinishReason?: string) => ({
  content,
  providerMetadata: { anthropic: {} },
  finishReason,
  rawFinishReason,
});

const twoClaims = [
  cited('Deposits come back within 30 days. ', DEPOSIT),
  cited('Cafe owners are exempt, ', EXEMPT),
  { type: 'text', text: 'unless the landlord' },
];

describe('verifyProviderResult and the finish reason', () => {
  it('rejects the last claim of an answer cut by the output limit, also when uncited text follows it (rt12 #1)', async () => {
    const { verification, finishReason } = await verifyProviderResult(
      { steps: [step('length', twoClaims, 'max_tokens')] },
      documents,
    );
    expect(finishReason).toBe('length');
    expect(verification.status).toBe('answered');
    expect(verification.claims.map((claim) => claim.text)).toEqual(['Deposits come back within 30 days.']);
    expect(verification.rejected.map((claim) => [claim.code, claim.text, claim.markers])).toEqual([
      ['unfinished_claim', 'Cafe owners are exempt,', [2]],
    ]);
    expect(verification.rejected[0]?.message).toContain("finish reason 'length'");
    expect(verification.citations.map((citation) => citation.text)).toEqual([DEPOSIT]);
  });

  it("rejects the last claim of an answer Anthropic stopped at a stop sequence short of a sentence's end", async () => {
    const cut = [
      cited('Deposits come back within 30 days. ', DEPOSIT),
      cited('Cafe owners are exempt', EXEMPT),
    ];
    const { verification } = await verifyProviderResult(
      { steps: [step('stop', cut, 'stop_sequence')] },
      documents,
    );
    expect(verification.claims.map((claim) => claim.text)).toEqual(['Deposits come back within 30 days.']);
    expect(verification.rejected.map((claim) => claim.code)).toEqual(['unfinished_claim']);
    const whole = [cited('Deposits come back within 30 days.', DEPOSIT)];
    const ended = await verifyProviderResult({ steps: [step('stop', whole, 'stop_sequence')] }, documents);
    expect(ended.verification).toMatchObject({ status: 'answered', rejected: [] });
  });

  it('leaves nothing accepted when the only claim ends the cut answer', async () => {
    const alone = [cited('A deposit must be returned within 30 days, ', DEPOSIT)];
    for (const content of [alone, [...alone, { type: 'text', text: 'unless the landlord' }]]) {
      const { verification } = await verifyProviderResult({ steps: [step('length', content)] }, documents);
      expect(verification).toMatchObject({ status: 'rejected', claims: [], citations: [] });
      expect(verification.rejected.map((claim) => claim.code)).toEqual(['unfinished_claim']);
    }
  });

  it('takes every reason but stop as unfinished: error, other (named or not), tool-calls, an unknown reason, none', async () => {
    const cases: Array<[unknown, string | undefined]> = [
      ['error', 'error'],
      ['other', undefined],
      ['other', 'end_turn_custom'],
      ['tool-calls', 'tool_use'],
      ['interrupted', undefined],
      ['stop', 'pause_turn'], // @ai-sdk/anthropic maps a paused turn (stop_reason `pause_turn`) to `stop`
      [undefined, undefined],
      [42, undefined],
    ];
    for (const [reason, raw] of cases) {
      const { verification } = await verifyProviderResult(
        { steps: [step(reason, twoClaims, raw)] },
        documents,
      );
      expect(verification.rejected.map((claim) => claim.code)).toEqual(['unfinished_claim']);
      expect(verification.claims).toHaveLength(1);
    }
  });

  it("rejects the last claim of a turn Anthropic paused (finish reason 'stop', raw 'pause_turn') before its own web search", async () => {
    const paused = [
      cited('Deposits come back within 30 days. ', DEPOSIT),
      cited('Cafe owners are exempt', EXEMPT),
      {
        type: 'tool-call',
        toolCallId: 'srvtoolu_1',
        toolName: 'web_search',
        input: '{}',
        providerExecuted: true,
      },
    ];
    const { verification } = await verifyProviderResult(
      { steps: [step('stop', paused, 'pause_turn')] },
      documents,
    );
    expect(verification.claims.map((claim) => claim.text)).toEqual(['Deposits come back within 30 days.']);
    expect(verification.rejected.map((claim) => claim.code)).toEqual(['unfinished_claim']);
    expect(verification.rejected[0]?.message).toContain(`finish reason 'stop' (the provider's "pause_turn")`);
    const ended = await verifyProviderResult({ steps: [step('stop', paused, 'end_turn')] }, documents);
    expect(ended.verification.rejected).toEqual([]);
  });

  it('refuses a filtered answer with a SynthesisError (content_filter), as synthesize does', async () => {
    const filtered = [
      { steps: [step('content-filter', twoClaims)] },
      step('content-filter', [cited('A deposit must be returned within 30 days.', DEPOSIT)]),
      // A stream result: its steps and finish reason are promises.
      {
        steps: Promise.resolve([step(undefined, twoClaims)]),
        finishReason: Promise.resolve('content-filter'),
      },
    ];
    for (const result of filtered) {
      const error = await verifyProviderResult(result, documents).catch((caught: unknown) => caught);
      expect(SynthesisError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'content_filter' });
    }
  });

  it("reads the result's finish reason when the final step has none", async () => {
    const { verification } = await verifyProviderResult(
      { steps: [step(undefined, twoClaims)], finishReason: 'length' } as never,
      documents,
    );
    expect(verification.rejected.map((claim) => claim.code)).toEqual(['unfinished_claim']);
    const finished = await verifyProviderResult(
      {
        steps: Promise.resolve([step(undefined, twoClaims)]),
        finishReason: Promise.resolve('stop'),
      } as never,
      documents,
    );
    expect(finished.verification.claims).toHaveLength(2);
  });

  it('takes stop with a tool call the provider did not run as tool-calls; a provider-run tool is finished', async () => {
    const call = { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{}' };
    const own = await verifyProviderResult(step('stop', [...twoClaims, call]), documents);
    expect(own.finishReason).toBe('tool-calls');
    expect(own.verification.rejected.map((claim) => claim.code)).toEqual(['unfinished_claim']);
    const search = [
      { ...call, toolName: 'web_search', providerExecuted: true },
      { type: 'tool-result', toolCallId: 'c1', toolName: 'web_search', result: [], providerExecuted: true },
    ];
    const ran = await verifyProviderResult(step('stop', [...search, ...twoClaims]), documents);
    expect(ran.finishReason).toBe('stop');
    expect(ran.verification).toMatchObject({ status: 'answered', rejected: [] });
    expect(ran.verification.claims).toHaveLength(2);
  });

  it('accepts every claim of an answer that stopped', async () => {
    const { verification, finishReason } = await verifyProviderResult(
      { steps: [step('stop', twoClaims, 'end_turn')] },
      documents,
    );
    expect(finishReason).toBe('stop');
    expect(verification).toMatchObject({ status: 'answered', rejected: [] });
    expect(verification.citations).toHaveLength(2);
  });
});
