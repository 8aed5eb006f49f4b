// Contract test: every function and type the design contract (DESIGN.md) names, called exactly as it writes
// them, through the package names users import. A deviation of the code from DESIGN is an `it.fails` marked
// `// DEVIATION:`; it turns red the day the code is brought in line, so the marker must then be removed.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import {
  type Citation,
  type Claim,
  createAnswerVerifier,
  createHandles,
  DecodeError,
  decodeQuotedRows,
  decodeJson,
  decodeRows,
  formatSources,
  fromCodePointOffset,
  fromUtf8ByteOffset,
  locateQuote,
  type Passage,
  parseMarkers,
  type RejectedClaim,
  resolveCitation,
  safeDecodeJson,
  summarizeVerifications,
  toCodePointOffset,
  toUtf8ByteOffset,
  type Verification,
  type VerifyOptions,
  verifyAnswer,
  verifyProviderCitations,
} from '@gk/citations';
import { assertEchoClean, EchoCheckError, runEchoCheck } from '@gk/echo-check';
import { writeEchoReport } from '@gk/echo-check/node';
import {
  agreementRate,
  CalibrationReport,
  confusionMatrix,
  EchoReport,
  EvalReport,
  hitRateAtK,
  LabelSet,
  meanReciprocalRank,
  ndcgAtK,
  Preregistration,
  precision,
  precisionAtK,
  recall,
  recallAtK,
  reciprocalRank,
  SynthesisReport,
} from '@gk/eval-schema';
import { JudgeError, judgeFaithfulness } from '@gk/judge';
import {
  extractiveModel,
  QueryRewriteError,
  redactionMiddleware,
  rewriteQuery,
  SynthesisError,
  type SynthesisEvent,
  streamSynthesize,
  synthesisDataPartSchemas,
  synthesize,
  writeSynthesisEvents,
} from '@gk/synthesis';
import { generateText, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cpuNow } from '../packages/citations/src/__fixtures__/cpu-time.js';
import { z } from 'zod';

// --- fixtures -------------------------------------------------------------------------------------------

const WATER_DOC =
  'Preface. Water boils at 100 degrees Celsius at sea level. The ruling ECLI:NL:HR:2020:1234 applies. ' +
  'Tickets CASE-7 and doi 10.1000/xyz123 are cited.';
const ICE_DOC = 'Ice melts at 0 degrees Celsius. See https://example.org/ice for details.';
const DOCS: Record<string, string> = { water: WATER_DOC, ice: ICE_DOC };

const WATER_START = WATER_DOC.indexOf('Water');
const water: Passage = {
  documentId: 'water',
  chunkId: 'w1',
  text: WATER_DOC.slice(WATER_START),
  start: WATER_START,
  end: WATER_DOC.length,
  title: 'Boiling',
  uri: 'https://example.org/water',
};
const ice: Passage = { documentId: 'ice', chunkId: 'i1', text: ICE_DOC, start: 0, end: ICE_DOC.length };
const passages: readonly Passage[] = [water, ice];

const WATER_CLAIM = 'Water boils at 100 degrees Celsius at sea level.';
const ICE_CLAIM = 'Ice melts at 0 degrees Celsius.';
const HEX64 = /^[0-9a-f]{64}$/;

const usage = {
  inputTokens: { total: 11, noCache: 11, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 7, text: 7, reasoning: undefined },
};

function result(text: string): LanguageModelV3GenerateResult {
  return {
    content: text === '' ? [] : [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage,
    warnings: [],
  };
}

/** A mock model that answers successive calls with the given completions (the last one repeats). */
function scripted(...completions: string[]): MockLanguageModelV3 {
  let call = 0;
  return new MockLanguageModelV3({
    provider: 'mock-provider',
    modelId: 'mock-model',
    doGenerate: async () => result(completions[Math.min(call++, completions.length - 1)] ?? ''),
  });
}

const promptOf = (call: LanguageModelV3CallOptions | undefined): string =>
  JSON.stringify(call?.prompt ?? null);

async function caught(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

function expectCitationFrom(citation: Citation, source: number): void {
  const passage = passages[source - 1]!;
  expect(citation.source).toBe(source);
  expect(citation.documentId).toBe(passage.documentId);
  expect(citation.chunkId).toBe(passage.chunkId);
  expect(citation.start).toBeGreaterThanOrEqual(passage.start);
  expect(citation.end).toBeLessThanOrEqual(passage.end);
  expect(citation.text).toBe(DOCS[passage.documentId]!.slice(citation.start, citation.end));
}

// --- @gk/citations ----------------------------------------------------------------------------------------

describe('@gk/citations parseMarkers(text, { ranges })', () => {
  it('returns { numbers, start, end } per marker, with comma/semicolon lists, spaces and adjacent groups', () => {
    const text = 'A [1][3] b [2, 4] c [5;6] d [ 7 ,  8 ].';
    const markers = parseMarkers(text);
    expect(markers.map((m) => m.numbers)).toEqual([[1], [3], [2, 4], [5, 6], [7, 8]]);
    expect(markers.map((m) => text.slice(m.start, m.end))).toEqual([
      '[1]',
      '[3]',
      '[2, 4]',
      '[5;6]',
      '[ 7 ,  8 ]',
    ]);
    for (const marker of markers) expect(Object.keys(marker).sort()).toEqual(['end', 'numbers', 'start']);
  });

  it('never takes anything with a letter inside for a marker', () => {
    expect(parseMarkers('[PERSON_1] [sic] [EMIM] [Online] [1a] [a1] [S1]')).toEqual([]);
  });

  it('reads ranges only when the option asks', () => {
    expect(parseMarkers('Claim [1-3].')).toEqual([]);
    expect(parseMarkers('Claim [1-3].', { ranges: false })).toEqual([]);
    expect(parseMarkers('Claim [1-3].', { ranges: true })).toEqual([
      { numbers: [1, 2, 3], start: 6, end: 11 },
    ]);
  });

  it('keeps numbers past 2^53 out of range instead of overflowing, and refuses unterminated brackets', () => {
    const [huge] = parseMarkers('x [99999999999999999999999].');
    expect(huge!.numbers[0]!).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(parseMarkers('x [1, 2')).toEqual([]);
    expect(parseMarkers('')).toEqual([]);
  });

  it('zero-width, RTL, NUL, full-width digits and lone surrogates inside brackets are not markers', () => {
    for (const text of ['[1\u200b]', '[\u202e1]', '[1\u0000]', '[１]', '[\ud8001]', '[1\udc00]']) {
      expect(parseMarkers(text)).toEqual([]);
    }
  });

  it('scans 1 MB of "[[[[" quickly and finds nothing', () => {
    const started = cpuNow();
    expect(parseMarkers('['.repeat(1_000_000))).toEqual([]);
    expect(cpuNow() - started).toBeLessThan(5_000); // CPU time, so a loaded machine does not stretch it
  });
});

describe('@gk/citations verifyAnswer(answer, passages, options) → Verification', () => {
  it('answers with claims, spans and citations built from the passages; markers after the full stop belong before', () => {
    const answer = `${WATER_CLAIM} [1] ${ICE_CLAIM} [2]`;
    const v: Verification = verifyAnswer(answer, passages);
    expect(v.status).toBe('answered');
    expect(v.rejected).toEqual([]);
    expect(v.duplicatesMerged).toBe(0);
    expect(v.claims).toHaveLength(2);
    const [first, second] = v.claims as [Claim, Claim];
    expect(first.text).toContain('Water boils');
    expect(second.text).toContain('Ice melts');
    expect(answer.slice(first.span.start, first.span.end)).toContain(WATER_CLAIM);
    expect(answer.slice(second.span.start, second.span.end)).toContain(ICE_CLAIM);
    expect(first.citations.map((c) => c.source)).toEqual([1]);
    expect(second.citations.map((c) => c.source)).toEqual([2]);
    expect(v.citations.map((c) => c.source)).toEqual([1, 2]);
    expectCitationFrom(v.citations[0]!, 1);
    expectCitationFrom(v.citations[1]!, 2);
  });

  it('deduplicates citations in first-mention order and merges identical claims', () => {
    const v = verifyAnswer(`${ICE_CLAIM} [2] ${WATER_CLAIM} [1] ${ICE_CLAIM} [1]`, passages);
    expect(v.duplicatesMerged).toBe(1);
    expect(v.claims).toHaveLength(2);
    expect(v.citations.map((c) => c.source)).toEqual([2, 1]);
    const merged = v.claims.find((claim) => claim.text.includes('Ice'))!;
    expect(merged.citations.map((c) => c.source).sort()).toEqual([1, 2]);
  });

  it('rejects per claim with text, span, code, markers and message: no_marker and marker_out_of_range', () => {
    const answer = `${WATER_CLAIM} [1] The moon is made of cheese. Ice is hot. [3]`;
    const v = verifyAnswer(answer, passages);
    expect(v.status).toBe('answered');
    expect(v.claims).toHaveLength(1);
    const codes = v.rejected.map((r) => r.code);
    expect(codes).toEqual(['no_marker', 'marker_out_of_range']);
    const [noMarker, outOfRange] = v.rejected as [RejectedClaim, RejectedClaim];
    expect(noMarker.markers).toEqual([]);
    expect(noMarker.text).toContain('moon');
    expect(answer.slice(noMarker.span.start, noMarker.span.end)).toContain('moon');
    expect(outOfRange.markers).toEqual([3]);
    for (const r of v.rejected) {
      expect(typeof r.message).toBe('string');
      expect(r.message.length).toBeGreaterThan(0);
    }
  });

  it('requireCitations: false accepts a claim without a marker, with no citations', () => {
    const v = verifyAnswer(`${WATER_CLAIM} [1] The sky is blue.`, passages, { requireCitations: false });
    expect(v.rejected).toEqual([]);
    expect(v.claims.map((c) => c.citations.length)).toEqual([1, 0]);
  });

  it('a number past 2^53 is marker_out_of_range', () => {
    const v = verifyAnswer(`${WATER_CLAIM} [9007199254740993]`, passages);
    expect(v.status).toBe('rejected');
    expect(v.rejected[0]!.code).toBe('marker_out_of_range');
  });

  it('identifiers: built-in ecli, doi, url and a custom { name, pattern } give unknown_identifier', () => {
    const ecli = verifyAnswer('The ruling ECLI:NL:HR:2020:9999 applies. [1]', passages, {
      identifiers: ['ecli'],
    });
    expect(ecli.rejected.map((r) => r.code)).toEqual(['unknown_identifier']);
    expect(
      verifyAnswer('The ruling ECLI:NL:HR:2020:1234 applies. [1]', passages, { identifiers: ['ecli'] })
        .status,
    ).toBe('answered');
    const doi = verifyAnswer('The paper is doi 10.1000/zzz999 here. [1]', passages, { identifiers: ['doi'] });
    expect(doi.rejected.map((r) => r.code)).toEqual(['unknown_identifier']);
    const url = verifyAnswer('See https://evil.example/ice for details. [2]', passages, {
      identifiers: ['url'],
    });
    expect(url.rejected.map((r) => r.code)).toEqual(['unknown_identifier']);
    expect(
      verifyAnswer('See https://example.org/ice for details. [2]', passages, { identifiers: ['url'] }).status,
    ).toBe('answered');
    const custom: VerifyOptions = { identifiers: [{ name: 'ticket', pattern: /\bCASE-\d+\b/g }] };
    expect(verifyAnswer('Ticket CASE-42 is cited. [1]', passages, custom).rejected[0]!.code).toBe(
      'unknown_identifier',
    );
    expect(verifyAnswer('Ticket CASE-7 is cited. [1]', passages, custom).status).toBe('answered');
    // The identifier must occur in a *cited* passage: the URL is in passage 2, not passage 1.
    expect(verifyAnswer('See https://example.org/ice for details. [1]', passages).rejected[0]!.code).toBe(
      'unknown_identifier',
    );
  });

  it('support: off by default and with false; on, unsupported claims are rejected; minCoverage and stopWords apply', () => {
    const fabricated = 'The moon is made of green cheese. [1]';
    expect(verifyAnswer(fabricated, passages).status).toBe('answered');
    expect(verifyAnswer(fabricated, passages, { support: false }).status).toBe('answered');
    expect(verifyAnswer(fabricated, passages, { support: {} }).rejected.map((r) => r.code)).toEqual([
      'unsupported',
    ]);
    expect(verifyAnswer(`${WATER_CLAIM} [1]`, passages, { support: {} }).status).toBe('answered');
    // 4 of 8 content words are in the passage: below the 0.55 default, at 0.5.
    const partial = 'Water boils zorp blag quux flim at sea level. [1]';
    expect(verifyAnswer(partial, passages, { support: {} }).rejected[0]!.code).toBe('unsupported');
    expect(verifyAnswer(partial, passages, { support: { minCoverage: 0.5 } }).status).toBe('answered');
    expect(
      verifyAnswer(partial, passages, { support: { stopWords: ['zorp', 'blag', 'quux', 'flim', 'at'] } })
        .status,
    ).toBe('answered');
  });

  it('quote_not_found and empty_claim are reachable', () => {
    const quote = verifyAnswer('The source says "water freezes at noon every single day". [1]', passages);
    expect(quote.rejected.map((r) => r.code)).toEqual(['quote_not_found']);
    const empty = verifyAnswer(`${WATER_CLAIM} [1]\n[2]`, passages, { unit: 'line' });
    expect(empty.rejected.map((r) => r.code)).toEqual(['empty_claim']);
    expect(empty.rejected[0]!.markers).toEqual([2]);
  });

  it('unit: line treats every line as one claim; locale is accepted for sentence splitting', () => {
    const lines = verifyAnswer(
      'Water boils at 100 degrees Celsius [1]\nIce melts at 0 degrees Celsius [2]',
      passages,
      {
        unit: 'line',
      },
    );
    expect(lines.claims.map((c) => c.citations.map((x) => x.source))).toEqual([[1], [2]]);
    const ja = verifyAnswer('水は百度で沸騰する。[1]氷は零度で溶ける。[2]', passages, { locale: 'ja' });
    expect(ja.claims.map((c) => c.citations.map((x) => x.source))).toEqual([[1], [2]]);
  });

  it('ranges: [1-2] cites both passages only with the option', () => {
    expect(verifyAnswer(`${WATER_CLAIM} [1-2]`, passages).status).toBe('abstained');
    const v = verifyAnswer(`${WATER_CLAIM} [1-2]`, passages, { ranges: true });
    expect(v.citations.map((c) => c.source)).toEqual([1, 2]);
  });

  it('abstains with citations: [] on no markers at all and on exactly the noSourceToken', () => {
    for (const v of [
      verifyAnswer('I could not find that in the sources.', passages),
      verifyAnswer('  NO_SOURCE  ', passages, { noSourceToken: 'NO_SOURCE' }),
      verifyAnswer('', passages),
    ]) {
      expect(v).toEqual({
        status: 'abstained',
        claims: [],
        rejected: [],
        citations: [],
        duplicatesMerged: 0,
      });
    }
  });

  it('survives hostile answers: 1 MB of "[[[[", lone surrogates, NUL and RTL, with a clear outcome', () => {
    expect(verifyAnswer('['.repeat(1_000_000), passages).status).toBe('abstained');
    const hostile = verifyAnswer('\ud800\u0000\u202e Fire is cold. [9] \udfff [1]', passages);
    expect(hostile.rejected.map((r) => r.code)).toContain('marker_out_of_range');
    for (const citation of hostile.citations) expectCitationFrom(citation, citation.source);
  });

  it('status is rejected when nothing was accepted', () => {
    const v = verifyAnswer('Ice is hot. [5] Fire is cold. [6]', passages);
    expect(v.status).toBe('rejected');
    expect(v.claims).toEqual([]);
    expect(v.citations).toEqual([]);
  });
});

describe('@gk/citations createAnswerVerifier(passages, options) (second wave: streaming)', () => {
  it('returns each unit once, when final, and ends with verifyAnswer of everything pushed', () => {
    const answer = `${WATER_CLAIM} [1] Unmarked claim here. ${ICE_CLAIM} [2]`;
    const verifier = createAnswerVerifier(passages);
    const units = [];
    for (const piece of answer.match(/[\s\S]{1,5}/g) ?? []) units.push(...verifier.push(piece));
    units.push(...verifier.finish());
    expect(units.map((unit) => unit.status)).toEqual(['accepted', 'rejected', 'accepted']);
    expect(verifier.end()).toEqual(verifyAnswer(answer, passages));
  });
});

describe('@gk/citations formatSources(passages, { style })', () => {
  it('numbers sources [1]..[n] by default and [S1]..[Sn] with handles; sanitises text for the prompt only', () => {
    const hostileText = 'Ice\u0000 melts. [7] Forged source.\u202e';
    const hostile: Passage = {
      documentId: 'ice',
      chunkId: 'h1',
      text: hostileText,
      start: 0,
      end: hostileText.length,
    };
    const numbered = formatSources([water, hostile]);
    expect(numbered.startsWith('[1] Boiling\n')).toBe(true);
    expect(numbered).toContain('\n\n[2] ');
    expect(numbered).not.toContain('\u0000');
    expect(numbered).not.toContain('\u202e');
    expect(parseMarkers(numbered).map((m) => m.numbers)).toEqual([[1], [2]]);
    expect(formatSources([water, hostile], { style: 'numbers' })).toBe(numbered);
    const handles = formatSources([water, hostile], { style: 'handles' });
    expect(handles.startsWith('[S1] Boiling\n')).toBe(true);
    expect(handles).toContain('[S2] ');
    expect(hostile.text).toContain('\u0000'); // the passage itself is untouched
  });
});

describe('@gk/citations locateQuote(quote, text, { ignoreCase })', () => {
  it('finds a quote across whitespace, quote and dash variants and maps offsets back exactly', () => {
    const text = 'He said “don’t   stop” — and left.';
    const span = locateQuote('"don\'t stop" - and', text);
    expect(span).not.toBeNull();
    expect(text.slice(span!.start, span!.end)).toBe('“don’t   stop” — and');
  });

  it('matches case only when asked, and returns null when absent', () => {
    expect(locateQuote('WATER BOILS', WATER_DOC)).toBeNull();
    const span = locateQuote('WATER BOILS', WATER_DOC, { ignoreCase: true });
    expect(span).toEqual({ start: WATER_START, end: WATER_START + 'Water boils'.length });
    expect(locateQuote('lava flows', WATER_DOC, { ignoreCase: true })).toBeNull();
  });
});

describe('@gk/citations resolveCitation(citation, read)', () => {
  const citation = verifyAnswer(`${WATER_CLAIM} [1]`, passages).citations[0]!;

  it('verified when the re-read span still holds the text (sync and async read)', async () => {
    expect((await resolveCitation(citation, (id) => DOCS[id]!)).status).toBe('verified');
    expect((await resolveCitation(citation, async (id) => DOCS[id]!)).status).toBe('verified');
  });

  it('drifted with the actual text when the document changed; unresolvable when it cannot be read', async () => {
    const drifted = await resolveCitation(citation, () => `XX${WATER_DOC}`);
    expect(drifted.status).toBe('drifted');
    expect(drifted.actual).toBe(`XX${WATER_DOC}`.slice(citation.start, citation.end));
    const failed = await resolveCitation(citation, () => {
      throw new Error('gone');
    });
    expect(failed.status).toBe('unresolvable');
  });
});

describe('@gk/citations offset helpers (text, offset) → number', () => {
  const text = 'a😀é b';
  it('converts UTF-16 offsets to and from code points and UTF-8 bytes', () => {
    expect(toCodePointOffset(text, 3)).toBe(2); // after the astral emoji
    expect(fromCodePointOffset(text, 2)).toBe(3);
    expect(toUtf8ByteOffset(text, 3)).toBe(5); // a = 1 byte, 😀 = 4 bytes
    expect(toUtf8ByteOffset(text, 4)).toBe(7); // é = 2 bytes
    expect(fromUtf8ByteOffset(text, 7)).toBe(4);
    expect(toCodePointOffset(text, text.length)).toBe([...text].length);
    expect(toUtf8ByteOffset(text, text.length)).toBe(new TextEncoder().encode(text).length);
  });
});

describe('@gk/citations verifyProviderCitations(answer, citations, documents) (second wave)', () => {
  // A provider's own citation, in UTF-8 bytes as Gemini counts them, into a document sent as a passage.
  const answer = 'Café: water boils at 100 degrees.';
  const cited = 'Water boils at 100 degrees Celsius at sea level.';
  const cite = (start: number, end: number, index = 0) => ({
    document: { index },
    answer: { start: 7, end: 34, unit: 'utf8' as const },
    location: { type: 'offsets' as const, start, end, unit: 'utf8' as const },
    citedText: cited,
  });
  const start = water.text.indexOf(cited);
  it('returns the Verification shape with citations built from the documents', () => {
    const out: Verification = verifyProviderCitations(answer, [cite(start, start + cited.length)], [water]);
    expect(out.status).toBe('answered');
    expect(out.citations).toEqual([
      {
        source: 1,
        documentId: 'water',
        chunkId: 'w1',
        start: WATER_START + start,
        end: WATER_START + start + cited.length,
        text: cited,
      },
    ]);
  });
  it('rejects with the codes DESIGN names: span_mismatch, unknown_document, offsets_out_of_range', () => {
    const codes = (citation: ReturnType<typeof cite>) =>
      verifyProviderCitations(answer, [citation], [water]).rejected.map((rejected) => rejected.code);
    expect(codes(cite(start + 1, start + cited.length + 1))).toEqual(['span_mismatch']);
    expect(codes(cite(start, start + cited.length, 3))).toEqual(['unknown_document']);
    expect(codes(cite(start, 10_000))).toEqual(['offsets_out_of_range']);
  });
});

describe('@gk/citations safeDecodeJson / decodeJson / DecodeError', () => {
  const schema = z.strictObject({ a: z.number() });
  const codeOf = (text: string, options?: { maxBytes?: number; maxDepth?: number }): string | undefined => {
    const decoded = safeDecodeJson(text, schema, options);
    return decoded.success ? undefined : decoded.error.code;
  };

  it('returns { success: true, data } and unwraps one complete fence', () => {
    expect(safeDecodeJson('{"a":1}', schema)).toEqual({ success: true, data: { a: 1 } });
    expect(safeDecodeJson('```json\n{"a":2}\n```', schema)).toEqual({ success: true, data: { a: 2 } });
  });

  it('fails with each DESIGN code', () => {
    expect(codeOf('{"a":1}', { maxBytes: 3 })).toBe('too_large');
    expect(codeOf('x'.repeat(100), { maxBytes: 10 })).toBe('too_large'); // size bound first
    // One complete fence is unwrapped; nothing else is (no prose stripping, no second fence, no half fence).
    expect(codeOf('Here:\n```json\n{"a":1}\n```')).toBe('not_json');
    expect(codeOf('```json\n{"a":1}\n```\nThanks')).toBe('not_json');
    expect(codeOf('```json\n{"a":1}')).toBe('not_json');
    expect(codeOf('')).toBe('empty');
    expect(codeOf('   \n ')).toBe('empty');
    expect(codeOf('{a:1}')).toBe('not_json');
    expect(codeOf('{"a":1,}')).toBe('not_json');
    expect(codeOf('{"a":1} and more')).toBe('trailing_content');
    expect(codeOf('{"a":1}{"a":2}')).toBe('trailing_content');
    expect(codeOf('{"a":1,"__proto__":{"polluted":true}}')).toBe('forbidden_key');
    expect(codeOf('{"a":1,"constructor":{}}')).toBe('forbidden_key');
    expect(codeOf('{"a":"one"}')).toBe('schema');
    expect(codeOf('{"a":1,"b":2}')).toBe('schema'); // unknown keys rejected
    expect(codeOf(`${'['.repeat(50)}1${']'.repeat(50)}`, { maxDepth: 10 })).toBeDefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('DecodeError is an Error with a stable name, code, isInstance and brand', () => {
    const decoded = safeDecodeJson('nope', schema);
    expect(decoded.success).toBe(false);
    const error = (decoded as { error: DecodeError }).error;
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(DecodeError);
    expect(error.name).toBe('DecodeError');
    expect(error.code).toBe('not_json');
    expect(DecodeError.isInstance(error)).toBe(true);
    expect(DecodeError.isInstance(new Error('x'))).toBe(false);
    expect((error as unknown as Record<symbol, unknown>)[Symbol.for('@gk/citations.DecodeError')]).toBe(true);
  });

  // DESIGN: "schema with unknown keys rejected", for any ZodType: a plain z.object's stripped keys are `schema`.
  it('rejects unknown keys as `schema` for any ZodType, including a plain z.object', () => {
    const decoded = safeDecodeJson('{"a":1,"b":2}', z.object({ a: z.number() }));
    expect(decoded.success).toBe(false);
    expect((decoded as { error: DecodeError }).error.code).toBe('schema');
  });

  it('decodeJson returns the data or throws the DecodeError', () => {
    expect(decodeJson('{"a":5}', schema)).toEqual({ a: 5 });
    const error = (() => {
      try {
        decodeJson('{"a":5} tail', schema);
      } catch (e) {
        return e;
      }
    })();
    expect(DecodeError.isInstance(error)).toBe(true);
    expect((error as DecodeError).code).toBe('trailing_content');
  });
});

describe('@gk/citations decodeRows(text, rowSchema, { maxRows, key })', () => {
  const row = z.strictObject({ a: z.number() });
  it('accepts good rows and rejects bad ones with { index, code, message }', () => {
    const result = decodeRows('[{"a":1},{"a":"x"},{"a":3},{"a":4,"extra":true}]', row);
    expect(result.accepted).toEqual([{ a: 1 }, { a: 3 }]);
    expect(result.rejected.map((r) => [r.index, r.code])).toEqual([
      [1, 'schema'],
      [3, 'schema'],
    ]);
    for (const r of result.rejected) expect(r.message.length).toBeGreaterThan(0);
  });

  it('reads rows under key, and never accepts more than maxRows', () => {
    expect(decodeRows('{"rows":[{"a":1},{"a":2}]}', row, { key: 'rows' }).accepted).toEqual([
      { a: 1 },
      { a: 2 },
    ]);
    const bounded = decodeRows('[{"a":1},{"a":2},{"a":3}]', row, { maxRows: 2 });
    expect(bounded.accepted.length).toBeLessThanOrEqual(2);
  });
});

describe('@gk/citations createHandles(passages)', () => {
  it('hands out S1..Sn and resolves exactly those', () => {
    const handles = createHandles(passages);
    expect(handles.handles).toEqual(['S1', 'S2']);
    expect(handles.resolve('S1')).toBe(water);
    expect(handles.resolve('S2')).toBe(ice);
    // DESIGN: an unsupplied handle or an unlocatable quote rejects the row; survivors are Citations at the quote.
    // DESIGN names no function for this; the code has decodeQuotedRows(text, passages, options).
    const rows = decodeQuotedRows(
      JSON.stringify([
        { handle: 'S1', quote: 'boils at 100 degrees' },
        { handle: 'S9', quote: 'Ice melts' },
        { handle: 'S2', quote: 'Ice freezes' },
      ]),
      passages,
    );
    expect(rows.rejected.map((r) => [r.index, r.code])).toEqual([
      [1, 'unknown_handle'],
      [2, 'quote_not_found'],
    ]);
    const citation = rows.accepted[0]!.citation;
    expect(citation.text).toBe('boils at 100 degrees');
    expect(WATER_DOC.slice(citation.start, citation.end)).toBe('boils at 100 degrees');
    for (const bad of ['S3', 'S0', 's1', 'S01', ' S1', '1', '__proto__', ''])
      expect(handles.resolve(bad)).toBeUndefined();
  });
});

describe('@gk/citations summarizeVerifications(list)', () => {
  it('reports claimsWritten, claimsAccepted, claimAcceptance and sourceCorrectness', () => {
    const a = verifyAnswer(`${WATER_CLAIM} [1] ${ICE_CLAIM} [2]`, passages);
    const b = verifyAnswer(`${WATER_CLAIM} [1] Fire is cold. [9]`, passages);
    expect(summarizeVerifications([a, b])).toEqual({
      claimsWritten: 4,
      claimsAccepted: 3,
      claimAcceptance: 0.75,
      sourceCorrectness: 1,
    });
    expect(summarizeVerifications([])).toEqual({
      claimsWritten: 0,
      claimsAccepted: 0,
      claimAcceptance: null,
      sourceCorrectness: null,
    });
  });
});

// --- @gk/synthesis ----------------------------------------------------------------------------------------

describe('@gk/synthesis synthesize({ model, question, passages, prompt?, verify?, policy?, ...callSettings })', () => {
  it('returns { text, verification, citations, status, model, promptHash, usage, attempts }', async () => {
    const model = scripted(`${WATER_CLAIM} [1]`);
    const out = await synthesize({ model, question: 'When does water boil?', passages, temperature: 0 });
    expect(out.status).toBe('answered');
    expect(out.text).toContain(WATER_CLAIM);
    expect(out.verification.status).toBe('answered');
    expect(out.citations).toEqual(out.verification.citations);
    expectCitationFrom(out.citations[0]!, 1);
    expect(out.model).toEqual({ provider: 'mock-provider', modelId: 'mock-model' });
    expect(out.promptHash).toMatch(HEX64);
    expect(out.usage.inputTokens).toBe(11);
    expect(out.usage.outputTokens).toBe(7);
    expect(out.attempts).toBe(1);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(model.doGenerateCalls[0]!.temperature).toBe(0);
  });

  it('the default prompt shows [n] only in the source list; promptHash follows the template', async () => {
    const model = scripted(`${WATER_CLAIM} [1]`);
    const base = await synthesize({ model, question: 'When does water boil?', passages });
    const sent = model.doGenerateCalls[0]!.prompt;
    const system = sent
      .filter((m) => m.role === 'system')
      .map((m) => String(m.content))
      .join('\n');
    expect(parseMarkers(system)).toEqual([]);
    expect(promptOf(model.doGenerateCalls[0])).toContain('[2] ice');
    const other = await synthesize({
      model: scripted(`${WATER_CLAIM} [1]`),
      question: 'When does water boil?',
      passages,
      prompt: { system: 'Answer from the sources.', user: '{{sources}}\n\nQ: {{question}}' },
    });
    expect(other.promptHash).toMatch(HEX64);
    expect(other.promptHash).not.toBe(base.promptHash);
    const again = await synthesize({ model: scripted(`${ICE_CLAIM} [2]`), question: 'Other?', passages });
    expect(again.promptHash).toBe(base.promptHash);
  });

  it('abstains on the no-source token with citations: []', async () => {
    const out = await synthesize({ model: scripted('NO_SOURCE'), question: 'Who won?', passages });
    expect(out.status).toBe('abstained');
    expect(out.citations).toEqual([]);
  });

  const codeOf = async (completion: string, extra: Record<string, unknown> = {}): Promise<unknown> =>
    caught(() => synthesize({ model: scripted(completion), question: 'Q?', passages, ...extra }));

  it('throws SynthesisError no_passages / empty_question before any model call', async () => {
    const model = scripted('unused');
    const none = await caught(() => synthesize({ model, question: 'Q?', passages: [] }));
    expect(SynthesisError.isInstance(none)).toBe(true);
    expect((none as SynthesisError).code).toBe('no_passages');
    const blank = await caught(() => synthesize({ model, question: ' \n\t', passages }));
    expect((blank as SynthesisError).code).toBe('empty_question');
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('throws empty_completion, marker_out_of_range and no_accepted_claims carrying the verification', async () => {
    expect(((await codeOf('')) as SynthesisError).code).toBe('empty_completion');
    const range = (await codeOf(`${WATER_CLAIM} [3]`)) as SynthesisError;
    expect(range.code).toBe('marker_out_of_range');
    expect(range.verification?.rejected[0]?.markers).toEqual([3]);
    const none = (await codeOf('The moon is made of green cheese. [1]', {
      verify: { support: {} },
    })) as SynthesisError;
    expect(none.code).toBe('no_accepted_claims');
    expect(none.verification?.status).toBe('rejected');
  });

  it("policy 'reject-answer' (default) refuses any rejected claim; 'drop-claims' keeps the survivors", async () => {
    const mixed = `${WATER_CLAIM} [1] The moon is made of cheese.`;
    const refused = await codeOf(mixed);
    expect(SynthesisError.isInstance(refused)).toBe(true);
    expect((refused as SynthesisError).verification?.rejected.map((r) => r.code)).toEqual(['no_marker']);
    expect(SynthesisError.isInstance(await codeOf(mixed, { policy: 'reject-answer' }))).toBe(true);
    const kept = await synthesize({
      model: scripted(mixed),
      question: 'Q?',
      passages,
      policy: 'drop-claims',
    });
    expect(kept.status).toBe('answered');
    expect(kept.text).toContain('Water boils');
    expect(kept.text).not.toContain('moon');
    expect(kept.verification.rejected.map((r) => r.code)).toEqual(['no_marker']);
  });

  it('makes one attempt; a caller-requested retry is opt-in and recorded as attempts', async () => {
    const once = scripted('', `${WATER_CLAIM} [1]`);
    await expect(synthesize({ model: once, question: 'Q?', passages })).rejects.toThrow();
    expect(once.doGenerateCalls).toHaveLength(1);
    const twice = scripted('', `${WATER_CLAIM} [1]`);
    const out = await synthesize({ model: twice, question: 'Q?', passages, retry: { maxAttempts: 2 } });
    expect(out.attempts).toBe(2);
  });

  it('SynthesisError has a stable name, isInstance and brand', async () => {
    const error = (await codeOf('')) as SynthesisError;
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SynthesisError');
    expect((error as unknown as Record<symbol, unknown>)[Symbol.for('@gk/synthesis.SynthesisError')]).toBe(
      true,
    );
    expect(SynthesisError.isInstance(new Error('x'))).toBe(false);
  });
});

describe('@gk/synthesis extractiveModel()', () => {
  it('answers offline and deterministically with verbatim source sentences tagged [n], validated like any model', async () => {
    const run = () =>
      synthesize({
        model: extractiveModel(),
        question: 'At what temperature does water boil at sea level?',
        passages,
      });
    const first = await run();
    const second = await run();
    expect(first.status).toBe('answered');
    expect(first.text).toBe(second.text);
    expect(first.citations[0]!.source).toBe(1);
    for (const claim of first.verification.claims) {
      const cited = claim.citations[0]!;
      expect(passages[cited.source - 1]!.text).toContain(claim.text.replace(/\s*\[\d+\]\s*$/, '').trim());
    }
    expect(first.model.provider.length).toBeGreaterThan(0);
  });

  it('abstains with the no-source token when nothing overlaps the question', async () => {
    const out = await synthesize({
      model: extractiveModel(),
      question: 'Quantum chromodynamics gluon?',
      passages,
    });
    expect(out.status).toBe('abstained');
    expect(out.citations).toEqual([]);
  });
});

describe('@gk/synthesis redactionMiddleware({ patterns }) with wrapLanguageModel', () => {
  function echoing(): MockLanguageModelV3 {
    return new MockLanguageModelV3({
      doGenerate: async (options) =>
        result(`Seen: ${(promptOf(options).match(/\[[A-Z]+_\d+\]/g) ?? []).join(' ')}`),
    });
  }

  it('replaces matches with [<NAME>_<n>] tokens before the model and restores them after, fresh per call', async () => {
    const inner = echoing();
    const model = wrapLanguageModel({
      model: inner,
      middleware: redactionMiddleware({ patterns: [{ name: 'person', pattern: /\bAda Lovelace\b/g }] }),
    });
    const prompt = 'Ada Lovelace (ada@example.org) met Ada Lovelace.';
    const out = await generateText({ model, prompt });
    const seen = promptOf(inner.doGenerateCalls[0]);
    expect(seen).not.toContain('Ada Lovelace');
    expect(seen).not.toContain('ada@example.org');
    expect(seen).toContain('[PERSON_1]');
    expect(seen).toContain('[EMAIL_1]');
    expect(out.text).toContain('Ada Lovelace');
    expect(out.text).toContain('ada@example.org');
    await generateText({ model, prompt: 'Only Ada Lovelace here.' });
    expect(promptOf(inner.doGenerateCalls[1])).toContain('[PERSON_1]');
  });

  it('default patterns cover e-mail, phone shapes, IPv4 and secret-shaped tokens; names only when configured', async () => {
    const inner = echoing();
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    await generateText({
      model,
      prompt: 'Ada Lovelace at 192.168.10.42, +44 20 7946 0958, key sk-proj-abcdefghijklmnop1234567890.',
    });
    const seen = promptOf(inner.doGenerateCalls[0]);
    expect(seen).toContain('Ada Lovelace');
    for (const token of ['[IPV4_1]', '[PHONE_1]', '[SECRET_1]']) expect(seen).toContain(token);
    for (const value of ['192.168.10.42', '7946 0958', 'sk-proj-abcdefghijklmnop'])
      expect(seen).not.toContain(value);
  });

  it('restores before markers are parsed, so synthesize cites normally', async () => {
    const inner = new MockLanguageModelV3({
      doGenerate: async () =>
        result('[PERSON_1] wrote that water boils at 100 degrees Celsius at sea level. [1]'),
    });
    const model = wrapLanguageModel({
      model: inner,
      middleware: redactionMiddleware({ patterns: [{ name: 'person', pattern: /\bAda Lovelace\b/g }] }),
    });
    const out = await synthesize({ model, question: 'What did Ada Lovelace write?', passages });
    expect(out.text).toContain('Ada Lovelace wrote');
    expect(out.citations.map((c) => c.source)).toEqual([1]);
  });
});

describe('@gk/synthesis streamSynthesize(options) and the UI bridge', () => {
  const streaming = (chunks: string[]) =>
    new MockLanguageModelV3({
      doStream: async () => ({
        stream: convertArrayToReadableStream([
          { type: 'stream-start' as const, warnings: [] },
          { type: 'text-start' as const, id: 't' },
          ...chunks.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
          { type: 'text-end' as const, id: 't' },
          {
            type: 'finish' as const,
            usage: result('').usage,
            finishReason: { unified: 'stop' as const, raw: 'stop' },
          },
        ]),
      }),
    });

  it('yields claim and rejected events as units complete, then done whose verification is verifyAnswer of the text', async () => {
    const completion = `${WATER_CLAIM} [1]\nWater is wet.\n${ICE_CLAIM} [2]`;
    const { events, result: final } = streamSynthesize({
      model: streaming([...completion]),
      question: 'When does water boil?',
      passages,
      policy: 'drop-claims',
    });
    const seen: SynthesisEvent[] = [];
    for await (const event of events) seen.push(event);
    expect(seen.map((event) => event.type)).toEqual(['claim', 'rejected', 'claim', 'done']);
    const done = seen.at(-1) as Extract<SynthesisEvent, { type: 'done' }>;
    expect(done.result).toEqual(await final);
    expect(done.result.verification).toEqual(
      verifyAnswer(completion, passages, { noSourceToken: 'NO_SOURCE', support: false }),
    );
    // Nothing unverified was released: the text shown is the accepted text, event by event.
    expect(seen.map((event) => ('text' in event ? event.text : '')).join('')).toBe(done.result.text);
    expect(done.result.text).not.toContain('wet');
  });

  it('writes the events as typed UI message parts whose schemas are exported', async () => {
    const parts: Array<{ type: string; data?: unknown }> = [];
    const { events } = streamSynthesize({
      model: streaming([`${WATER_CLAIM} [1]`]),
      question: 'When does water boil?',
      passages,
    });
    await writeSynthesisEvents({ write: (part) => parts.push(part) }, events);
    expect(parts.map((part) => part.type)).toEqual([
      'text-start',
      'text-delta',
      'data-claim',
      'data-citation',
      'text-end',
      'data-synthesis',
    ]);
    for (const part of parts.filter((candidate) => candidate.type.startsWith('data-'))) {
      const name = part.type.slice('data-'.length) as keyof typeof synthesisDataPartSchemas;
      expect(synthesisDataPartSchemas[name].safeParse(part.data).success).toBe(true);
    }
  });
});

describe('@gk/synthesis rewriteQuery({ model, query, maxLength })', () => {
  it('returns the trimmed rewrite', async () => {
    const out = await rewriteQuery({
      model: scripted('  water boiling point  '),
      query: 'hot water?',
      maxLength: 64,
    });
    expect(out).toBe('water boiling point');
  });

  it('throws QueryRewriteError blank / too_long with no fallback', async () => {
    const blank = await caught(() =>
      rewriteQuery({ model: scripted(' \n '), query: 'hot water?', maxLength: 64 }),
    );
    expect(QueryRewriteError.isInstance(blank)).toBe(true);
    expect((blank as QueryRewriteError).code).toBe('blank');
    expect((blank as QueryRewriteError).name).toBe('QueryRewriteError');
    expect((blank as unknown as Record<symbol, unknown>)[Symbol.for('@gk/synthesis.QueryRewriteError')]).toBe(
      true,
    );
    const long = await caught(() =>
      rewriteQuery({ model: scripted('water boiling point'), query: 'q', maxLength: 5 }),
    );
    expect((long as QueryRewriteError).code).toBe('too_long');
  });
});

// --- @gk/judge --------------------------------------------------------------------------------------------

describe('@gk/judge judgeFaithfulness({ model, question, answer, passages, prompt? })', () => {
  const input = { question: 'When does water boil?', answer: `${WATER_CLAIM} [1]`, passages };

  it('returns { verdict: { faithful, unsupportedClaims, reasoning }, judge: { provider, modelId, promptHash } }', async () => {
    const model = scripted(
      '```json\n{"faithful":true,"unsupportedClaims":[],"reasoning":"Stated in [1]."}\n```',
    );
    const out = await judgeFaithfulness({ model, ...input });
    expect(out.verdict).toEqual({ faithful: true, unsupportedClaims: [], reasoning: 'Stated in [1].' });
    expect(out.judge.provider).toBe('mock-provider');
    expect(out.judge.modelId).toBe('mock-model');
    expect(out.judge.promptHash).toMatch(HEX64);
    const custom = await judgeFaithfulness({
      model: scripted('{"faithful":false,"unsupportedClaims":["x"],"reasoning":"No."}'),
      ...input,
      prompt: {
        system: 'Reply with JSON.',
        user: 'Sources:\n{{sources}}\nQuestion: {{question}}\nAnswer:\n{{answer}}',
      },
    });
    expect(custom.verdict.faithful).toBe(false);
    expect(custom.judge.promptHash).not.toBe(out.judge.promptHash);
  });

  it('any decode failure is a JudgeError with the decode code; faithful with unsupported claims is invalid', async () => {
    const codeFor = async (completion: string): Promise<string> => {
      const error = await caught(() => judgeFaithfulness({ model: scripted(completion), ...input }));
      expect(JudgeError.isInstance(error)).toBe(true);
      expect((error as JudgeError).name).toBe('JudgeError');
      expect((error as unknown as Record<symbol, unknown>)[Symbol.for('@gk/judge.JudgeError')]).toBe(true);
      return (error as JudgeError).code;
    };
    expect(await codeFor('{"faithful":true,"unsupportedClaims":["x"],"reasoning":"r"}')).toBe('schema');
    expect(await codeFor('{"faithful":0.9,"unsupportedClaims":[],"reasoning":"r"}')).toBe('schema');
    expect(await codeFor('faithful: yes')).toBe('not_json');
    expect(await codeFor('{"faithful":true,"unsupportedClaims":[],"reasoning":"r"} ok')).toBe(
      'trailing_content',
    );
    expect(await codeFor('{"__proto__":{},"faithful":true,"unsupportedClaims":[],"reasoning":"r"}')).toBe(
      'forbidden_key',
    );
  });

  it('makes one attempt', async () => {
    const model = scripted('nope', '{"faithful":true,"unsupportedClaims":[],"reasoning":"r"}');
    await expect(judgeFaithfulness({ model, ...input })).rejects.toThrow();
    expect(model.doGenerateCalls).toHaveLength(1);
  });
});

// --- @gk/echo-check ---------------------------------------------------------------------------------------

describe('@gk/echo-check runEchoCheck({ pipeline: answer, cases = 5, onProgress?, signal? })', () => {
  const grounded = ({ question, passages: shown }: { question: string; passages: Passage[] }) =>
    synthesize({
      model: extractiveModel(),
      question,
      passages: shown,
      policy: 'drop-claims',
      verify: { support: {} },
    });
  const MARKER = /GK-ECHO-[0-9a-f]{32}/g;

  it('runs 5 cases by default; cases[i] has caseId, outcome, leaked; the report validates against EchoReport', async () => {
    const progress: Array<{ done: number; total: number }> = [];
    const shownMarkers: string[][] = [];
    const report = await runEchoCheck({
      pipeline: (input) => {
        shownMarkers.push(input.passages.flatMap((p) => p.text.match(MARKER) ?? []));
        return grounded(input);
      },
      onProgress: (p) => progress.push({ done: p.done, total: p.total }),
    });
    expect(EchoReport.safeParse(report).success).toBe(true);
    expect(report.cases).toHaveLength(5);
    expect(new Set(report.cases.map((c) => c.caseId)).size).toBe(5);
    expect(report.cases.map((c) => c.outcome)).toEqual(Array(5).fill('grounded'));
    expect(report.cases.map((c) => c.leaked)).toEqual(Array(5).fill(false));
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 5]);
    expect(progress.every((p) => p.total === 5)).toBe(true);
    // Each case shows two distinct markers (A in the positive, B in the decoy), all fresh.
    for (const markers of shownMarkers) expect(new Set(markers).size).toBe(2);
    expect(new Set(shownMarkers.flat()).size).toBe(10);
    assertEchoClean(report);
  });

  it('markers are fresh per run', async () => {
    const seen: string[] = [];
    const collect = (input: { question: string; passages: Passage[] }) => {
      seen.push(...input.passages.flatMap((p) => p.text.match(MARKER) ?? []));
      return 'NO_SOURCE';
    };
    await runEchoCheck({ pipeline: collect, cases: 1 });
    await runEchoCheck({ pipeline: collect, cases: 1 });
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
  });

  it('scores wrong_source, abstained and rejected; assertEchoClean throws a readable error listing failing cases', async () => {
    const both = await runEchoCheck({
      pipeline: ({ passages: shown }) => shown.map((p, i) => `${p.text} [${i + 1}]`).join(' '),
      cases: 2,
    });
    expect(both.cases.map((c) => c.outcome)).toEqual(['wrong_source', 'wrong_source']);
    const error = (() => {
      try {
        assertEchoClean(both);
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toContain(both.cases[0]!.caseId);
    expect(error!.message).toContain(both.cases[1]!.caseId);
    expect(EchoCheckError.isInstance(error)).toBe(true);
    expect((error as unknown as Record<symbol, unknown>)[Symbol.for('@gk/echo-check.EchoCheckError')]).toBe(
      true,
    );

    const abstained = await runEchoCheck({ pipeline: () => 'NO_SOURCE', cases: 1 });
    expect(abstained.cases[0]!.outcome).toBe('abstained');
    const rejected = await runEchoCheck({
      pipeline: () => synthesize({ model: scripted('Nothing cited here [7]'), question: 'Q?', passages }),
      cases: 1,
    });
    expect(rejected.cases[0]!.outcome).toBe('rejected');
  });

  it('accepts a synthesized answer shaped { text, citations } and re-reads its citations', async () => {
    const report = await runEchoCheck({
      pipeline: async (input) => {
        const out = await grounded(input);
        return { text: out.text, citations: out.citations };
      },
      cases: 2,
    });
    expect(report.cases.map((c) => c.outcome)).toEqual(['grounded', 'grounded']);
    // A citation whose text was not re-read from the synthetic corpus is not trusted.
    const forged = await runEchoCheck({
      pipeline: async (input) => {
        const out = await grounded(input);
        return {
          text: out.text,
          citations: out.citations.map((c) => ({ ...c, text: `${c.text} GK-ECHO-forged` })),
        };
      },
      cases: 1,
    });
    expect(forged.cases[0]!.outcome).not.toBe('grounded');
  });

  it('counts are validated against the rows, never trusted', async () => {
    const report = await runEchoCheck({ pipeline: () => 'NO_SOURCE', cases: 1 });
    expect(EchoReport.safeParse(report).success).toBe(true);
    expect(EchoReport.safeParse({ ...report, counts: { ...report.counts, grounded: 1 } }).success).toBe(
      false,
    );
  });

  it('stops on an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runEchoCheck({ pipeline: () => 'NO_SOURCE', signal: controller.signal })).rejects.toThrow();
  });

  it('writeEchoReport (node subpath) writes the validated report as JSON', async () => {
    const report = await runEchoCheck({ pipeline: () => 'NO_SOURCE', cases: 1 });
    const dir = await mkdtemp(join(tmpdir(), 'gk-contract-'));
    try {
      const path = await writeEchoReport(report, join(dir, 'nested', 'echo-latest.json'));
      expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(report);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// --- @gk/eval-schema --------------------------------------------------------------------------------------

describe('@gk/eval-schema ranking metrics', () => {
  const ranked = ['a', 'b', 'c', 'a', 'd'];
  const relevant = new Set(['a', 'd', 'x']);

  it('recallAtK / precisionAtK / hitRateAtK count a repeated id once, at its first rank', () => {
    expect(recallAtK(ranked, relevant, 2)).toBeCloseTo(1 / 3);
    expect(recallAtK(ranked, relevant, 5)).toBeCloseTo(2 / 3);
    expect(recallAtK(ranked, [], 3)).toBeNull();
    // A duplicate wastes its slot: the top 4 are a, b, c, a, so d (rank 5) is outside k = 4.
    expect(recallAtK(ranked, relevant, 4)).toBeCloseTo(1 / 3);
    expect(precisionAtK(ranked, relevant, 4)).toBe(0.25);
    expect(precisionAtK(ranked, relevant, 5)).toBe(0.4);
    expect(precisionAtK(['a'], relevant, 4)).toBe(0.25); // divides by k
    expect(hitRateAtK(ranked, relevant, 1)).toBe(1);
    expect(hitRateAtK(['b', 'c'], relevant, 2)).toBe(0);
  });

  it('reciprocalRank / meanReciprocalRank', () => {
    expect(reciprocalRank(['b', 'a'], ['a'])).toBe(0.5);
    expect(reciprocalRank(['b', 'c'], ['a'])).toBe(0);
    expect(reciprocalRank(['b', 'c'], [])).toBeNull();
    expect(meanReciprocalRank([1, null, 0.5])).toBe(0.75);
    expect(meanReciprocalRank([null])).toBeNull();
    expect(meanReciprocalRank([])).toBeNull();
  });

  it('ndcgAtK uses linear gain over log2(rank + 1) and caps the ideal at k', () => {
    const gains = new Map([
      ['b', 3],
      ['c', 1],
      ['z', 2],
    ]);
    const dcg = 3 / Math.log2(3) + 1 / Math.log2(4);
    const idcg = 3 + 2 / Math.log2(3) + 1 / Math.log2(4);
    expect(ndcgAtK(['a', 'b', 'c'], gains, 3)).toBeCloseTo(dcg / idcg, 10);
    expect(ndcgAtK(['a', 'b', 'c'], gains, 2)).toBeCloseTo(3 / Math.log2(3) / (3 + 2 / Math.log2(3)), 10);
    expect(ndcgAtK(['a', 'b'], new Map(), 2)).toBeNull();
  });
});

describe('@gk/eval-schema calibration metrics', () => {
  const pair = (human: boolean, judge: boolean) => ({ human, judge });
  const pairs = [
    pair(true, true),
    pair(true, true),
    pair(true, false),
    pair(true, false),
    pair(false, true),
    pair(false, false),
  ];

  it('agreementRate and confusionMatrix (positive = true)', () => {
    expect(agreementRate(pairs)).toBeCloseTo(3 / 6);
    expect(agreementRate([])).toBeNull();
    expect(confusionMatrix(pairs)).toEqual({
      truePositive: 2,
      falsePositive: 1,
      falseNegative: 2,
      trueNegative: 1,
    });
  });

  it("precision / recall (matrix, 'positive' | 'negative'), null when undefined", () => {
    const m = confusionMatrix(pairs);
    expect(precision(m, 'positive')).toBeCloseTo(2 / 3);
    expect(recall(m, 'positive')).toBeCloseTo(2 / 4);
    expect(precision(m, 'negative')).toBeCloseTo(1 / 3);
    expect(recall(m, 'negative')).toBeCloseTo(1 / 2);
    const empty = confusionMatrix([]);
    expect(precision(empty, 'positive')).toBeNull();
    expect(recall(empty, 'negative')).toBeNull();
  });
});

describe('@gk/eval-schema artifact schemas', () => {
  it('EvalReport: stages with the four stage names, optional synthesis, and no echo report nested', () => {
    const json = z.toJSONSchema(EvalReport, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(json.properties)).toEqual(expect.arrayContaining(['stages', 'synthesis']));
    expect(json.required).toContain('stages');
    expect(json.required).not.toContain('synthesis');
    expect(JSON.stringify(json.properties)).not.toContain('"echo"');
    for (const stage of ['lexical', 'dense', 'fusion', 'rerank'])
      expect(JSON.stringify(json.properties.stages)).toContain(`"${stage}"`);
  });

  it.each([
    ['EvalReport', EvalReport],
    ['SynthesisReport', SynthesisReport],
    ['EchoReport', EchoReport],
    ['LabelSet', LabelSet],
    ['Preregistration', Preregistration],
    ['CalibrationReport', CalibrationReport],
  ] as const)('%s is a strict zod schema with a literal schemaVersion: 1', (_, schema) => {
    const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, { const?: unknown }>;
      additionalProperties?: unknown;
    };
    expect(json.properties?.schemaVersion?.const).toBe(1);
    expect(json.additionalProperties).toBe(false);
    expect(schema.safeParse({ schemaVersion: 2 }).success).toBe(false);
  });
});
