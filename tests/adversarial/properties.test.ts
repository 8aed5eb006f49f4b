// Properties of verification beyond the package tests: determinism, invariance under renumbering, monotonicity
// in unrelated passages, re-resolution of every accepted citation, and decoders that never throw.
import {
  type Citation,
  decodeRows,
  formatSources,
  locateQuote,
  parseMarkers,
  resolveCitation,
  safeDecodeJson,
  type Verification,
  type VerifyOptions,
  verifyAnswer,
} from '@gk/citations';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { corpus, prose, render, segments } from './fixtures/arbitraries.js';

const optionSets: VerifyOptions[] = [
  {},
  { support: {} },
  { unit: 'line' },
  { requireCitations: false, support: { minCoverage: 0.3 } },
];
const options = fc.constantFrom(...optionSets);
/** Passages with at most 7 entries keep every in-range marker one digit, so renumbering moves no offset. */
const scenario = corpus(7).chain((c) =>
  fc.tuple(
    fc.constant(c),
    segments(
      c.passages.length + 2,
      c.passages.map((p) => p.text),
    ),
    options,
  ),
);

/** A citation without its source number: what the passage itself contributed. */
const origin = ({ source: _source, ...rest }: Citation): Omit<Citation, 'source'> => rest;

describe('verifyAnswer properties', () => {
  it('is deterministic: the same input gives the same verification', () => {
    fc.assert(
      fc.property(scenario, ([c, parts, opts]) => {
        const answer = render(parts);
        expect(verifyAnswer(answer, c.passages, opts)).toEqual(verifyAnswer(answer, c.passages, opts));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same citations when passages are permuted and markers renumbered accordingly', () => {
    const permuted = scenario.chain(([c, parts, opts]) =>
      fc.tuple(
        fc.constant(c),
        fc.constant(parts),
        fc.constant(opts),
        fc.shuffledSubarray(
          c.passages.map((_, i) => i),
          {
            minLength: c.passages.length,
            maxLength: c.passages.length,
          },
        ),
      ),
    );
    fc.assert(
      fc.property(permuted, ([c, parts, opts, order]) => {
        // order[newIndex] = oldIndex; an old number n becomes position(n - 1) + 1, out-of-range numbers stay.
        const passages = order.map((old) => c.passages[old]!);
        const renumber = (n: number): number => (n >= 1 && n <= order.length ? order.indexOf(n - 1) + 1 : n);
        const before = verifyAnswer(render(parts), c.passages, opts);
        const after = verifyAnswer(render(parts, renumber), passages, opts);
        expect(shape(after, (n) => n)).toEqual(shape(before, renumber));
        expect(after.citations.map(origin)).toEqual(before.citations.map(origin));
      }),
      { numRuns: 300 },
    );
  });

  it('never accepts a rejected claim because an unrelated passage was added, unless the claim cites it', () => {
    const extended = scenario.chain(([c, parts, opts]) =>
      fc.tuple(fc.constant(c), fc.constant(parts), fc.constant(opts), prose),
    );
    fc.assert(
      fc.property(extended, ([c, parts, opts, extraText]) => {
        const answer = render(parts);
        const extra = {
          documentId: 'extra',
          chunkId: 'extra#0',
          start: 0,
          end: extraText.length,
          text: extraText,
        };
        const added = c.passages.length + 1;
        const before = verifyAnswer(answer, c.passages, opts);
        const after = verifyAnswer(answer, [...c.passages, extra], opts);
        const rejectedBefore = new Set(before.rejected.map((r) => `${r.span.start}:${r.span.end}`));
        for (const claim of after.claims) {
          if (!rejectedBefore.has(`${claim.span.start}:${claim.span.end}`)) continue;
          const markers = parseMarkers(claim.text).flatMap((m) => m.numbers);
          expect(markers).toContain(added);
        }
        expect(after.claims.length).toBeGreaterThanOrEqual(before.claims.length);
      }),
      { numRuns: 300 },
    );
  });

  // A passage whose offsets cut a character its document shows as one yields citations that resolve as drifted, with
  // the same code units: what they show is not what the document shows. Of the generator's characters, a joiner
  // (U+200D) joins what is before it and CR LF is one character.
  const cutsCluster = (document: string, at: number): boolean =>
    at > 0 &&
    at < document.length &&
    (document[at] === '\u200d' || (document[at - 1] === '\r' && document[at] === '\n'));

  it('builds only citations that re-resolve as verified against their documents', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ([c, parts, opts]) => {
        const verification = verifyAnswer(render(parts), c.passages, opts);
        const read = (id: string): string => c.documents[id] ?? '';
        for (const claim of verification.claims) {
          for (const citation of claim.citations) {
            const document = read(citation.documentId);
            const expected =
              cutsCluster(document, citation.start) || cutsCluster(document, citation.end)
                ? { status: 'drifted', actual: citation.text }
                : { status: 'verified' };
            expect(await resolveCitation(citation, read)).toEqual(expected);
            expect(citation.source).toBeGreaterThanOrEqual(1);
            expect(citation.source).toBeLessThanOrEqual(c.passages.length);
            expect(citation.documentId).toBe(c.passages[citation.source - 1]!.documentId);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('never throws for any string', () => {
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.string({ unit: fc.constantFrom(...'[]{}",:0123456789 \n\r\t\\u`~_protc'), maxLength: 200 }),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.jsonValue().map((value) => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``),
  );
  const passages = [{ documentId: 'd', chunkId: 'c', start: 0, end: 12, text: 'water boils.' }];

  it('decodes every string to a success or a DecodeError, never an exception', () => {
    const schema = z.unknown();
    const rowSchema = z.strictObject({ a: z.number() });
    fc.assert(
      fc.property(anyText, (text) => {
        const result = safeDecodeJson(text, schema);
        if (result.success)
          expect(JSON.stringify(result.data)).toBe(JSON.stringify(JSON.parse(stripFence(text))));
        else expect(typeof result.error.code).toBe('string');
        const rows = decodeRows(text, rowSchema);
        expect(rows.error === null || rows.accepted.length === 0).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('parses, verifies, locates and formats every string without an exception', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        expect(Array.isArray(parseMarkers(a, { ranges: true }))).toBe(true);
        expect(['answered', 'abstained', 'rejected']).toContain(
          verifyAnswer(a, passages, { support: {} }).status,
        );
        const span = locateQuote(a, b);
        if (span !== null) expect(span.end).toBeGreaterThan(span.start);
        const text = b;
        expect(
          formatSources([{ documentId: 'd', chunkId: 'c', start: 0, end: text.length, text }]).startsWith(
            '[1] d\n',
          ),
        ).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

/** Claims and rejections with source numbers mapped through `map`, for comparing renumbered runs. */
function shape(verification: Verification, map: (n: number) => number) {
  return {
    status: verification.status,
    claims: verification.claims.map((claim) => ({
      span: claim.span,
      citations: claim.citations.map((citation) => ({ ...citation, source: map(citation.source) })),
    })),
    rejected: verification.rejected.map((r) => ({ span: r.span, code: r.code, markers: r.markers.map(map) })),
    duplicatesMerged: verification.duplicatesMerged,
  };
}

/** The JSON inside one enclosing fence, for comparing decoded data with JSON.parse. */
function stripFence(text: string): string {
  const body = text.replace(/^\ufeff/, '').trim();
  return body.startsWith('```') ? body.slice(body.indexOf('\n') + 1, body.lastIndexOf('\n')) : body;
}
