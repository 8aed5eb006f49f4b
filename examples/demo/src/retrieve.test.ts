import { beforeAll, describe, expect, it } from 'vitest';
import { buildLicenceIndex, type LicenceIndex } from './build-index.js';
import { loadLicences } from './load-licences.js';
import { retrievePassages } from './retrieve.js';

let index: LicenceIndex;
// Building the index takes about a second, several on a loaded machine.
beforeAll(() => {
  index = buildLicenceIndex(loadLicences());
}, 120_000);

describe('buildLicenceIndex', () => {
  it('indexes every licence and every passage sits exactly in its document', () => {
    expect(index.documents.length).toBeGreaterThan(600);
    const texts = new Map(index.documents.map((d) => [d.id, d.text]));
    for (const passage of index.passages) {
      expect(texts.get(passage.documentId)?.slice(passage.start, passage.end)).toBe(passage.text);
    }
    // Licences share many paragraphs (GPL-3.0, GPL-3.0-only, GPL-3.0-or-later ...): fewer distinct passages.
    expect(index.distinctPassages).toBeLessThan(index.passages.length);
  });
});

describe('retrievePassages', () => {
  it('ranks within a named licence and finds the change-notice clause of Apache-2.0', () => {
    const result = retrievePassages(index, 'Must I state changes I made to Apache-2.0 code?', { topK: 3 });
    expect(result.mentionedLicences).toEqual(['Apache-2.0']);
    expect(result.passages.every((p) => p.documentId === 'Apache-2.0')).toBe(true);
    expect(result.passages[0]?.text).toContain('prominent notices stating that You changed the files');
  });

  it('searches the whole corpus when no licence is named and never repeats a passage text', () => {
    const result = retrievePassages(index, 'mutual termination for patent action', { topK: 5 });
    expect(result.mentionedLicences).toEqual([]);
    expect(result.passages[0]?.text).toContain('Termination for Patent Action');
    expect(new Set(result.passages.map((p) => p.text)).size).toBe(result.passages.length);
    expect(result.scores).toEqual([...result.scores].sort((a, b) => b - a));
  });

  it('returns no passage for a question of stop words, an empty one, or hostile input', () => {
    expect(retrievePassages(index, 'What is it that you would do?').passages).toEqual([]);
    expect(retrievePassages(index, '').passages).toEqual([]);
    expect(retrievePassages(index, '\u0000\u200b\u202e\ud800 __proto__ [[[[').passages).toEqual([]);
  });

  it('handles a huge query in bounded time', () => {
    const began = performance.now();
    const result = retrievePassages(index, `${'warranty '.repeat(20_000)}${'[['.repeat(100_000)}`, {
      topK: 2,
    });
    expect(result.passages).toHaveLength(2);
    expect(performance.now() - began).toBeLessThan(10_000);
  });
});
