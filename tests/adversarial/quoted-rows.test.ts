// Structured output citing by handle: every accepted row becomes a citation at the located quote's document
// offsets; every other row is rejected on its own with a code.
import { decodeQuotedRows } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS, PASSAGES } from './fixtures/corpus.js';
import { QUOTED_ROW_CASES } from './fixtures/quoted-rows.js';

describe('decodeQuotedRows: hostile rows', () => {
  const result = decodeQuotedRows(JSON.stringify(QUOTED_ROW_CASES.map((c) => c.row)), PASSAGES);

  it.each(QUOTED_ROW_CASES.map((c, index) => [c.id, c, index] as const))('%s', (_id, c, index) => {
    const accepted = result.accepted.find((a) => a.index === index);
    const rejected = result.rejected.find((r) => r.index === index);
    if ('text' in c.expected) {
      expect(rejected).toBeUndefined();
      expect([accepted?.citation.source, accepted?.citation.text]).toEqual([
        c.expected.source,
        c.expected.text,
      ]);
      const { documentId, start, end, text } = accepted!.citation;
      expect(DOCUMENTS[documentId]!.slice(start, end)).toBe(text);
    } else {
      expect(accepted).toBeUndefined();
      expect(rejected?.code).toBe(c.expected.code);
    }
  });

  it('refuses the whole output for a __proto__ key in any row', () => {
    const refused = decodeQuotedRows('[{"handle":"S1","quote":"x","__proto__":{}}]', PASSAGES);
    expect([refused.accepted, refused.rejected, refused.error?.code]).toEqual([[], [], 'forbidden_key']);
  });

  it('reads rows under a key only from an object holding nothing else', () => {
    const rows = '[{"handle":"S1","quote":"Water boils"}]';
    expect(decodeQuotedRows(`{"rows":${rows},"extra":1}`, PASSAGES, { key: 'rows' }).error?.code).toBe(
      'schema',
    );
    expect(
      decodeQuotedRows(`{"rows":${rows}}`, PASSAGES, { key: 'rows' }).accepted.map((a) => a.citation.text),
    ).toEqual(['Water boils']);
    expect(() => decodeQuotedRows(`{"__proto__":${rows}}`, PASSAGES, { key: '__proto__' })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', parameter: 'options.key' }),
    );
  });
});
