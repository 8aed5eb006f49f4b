import { beforeAll, describe, expect, it } from 'vitest';
import { buildLicenceIndex, type LicenceIndex, preambleOf } from './build-index.js';
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

describe('preambleOf', () => {
  it('finds the preamble of the GNU licences and the notes before a Creative Commons licence', () => {
    for (const id of ['GPL-2.0-only', 'GPL-3.0-only', 'LGPL-2.1-only', 'AGPL-3.0-only', 'CC-BY-4.0']) {
      const text = index.documents.find((document) => document.id === id)!.text;
      const span = preambleOf(text);
      expect([id, span === null]).toEqual([id, false]);
      expect(text.slice(span!.start, span!.end)).not.toMatch(/^\s*0\. Definitions/m);
    }
    const gpl = index.documents.find((document) => document.id === 'GPL-3.0-only')!.text;
    expect(gpl.slice(preambleOf(gpl)!.end)).toMatch(/^TERMS AND CONDITIONS/);
    expect(preambleOf('MIT License\n\nPermission is hereby granted ...')).toBeNull();
    expect(preambleOf('Preamble\n\nNo terms follow.')).toBeNull();
  });

  it('marks the passages that lie wholly in a preamble', () => {
    const positions = index.passagesByDocument.get('GPL-2.0-only')!;
    const marked = positions.filter((position) => index.preamble[position] === 1);
    expect(marked.length).toBeGreaterThan(0);
    for (const position of marked)
      expect(index.passages[position]!.text).not.toContain('TERMS AND CONDITIONS');
  });
});

describe('retrievePassages', () => {
  it('ranks the terms of a named licence before its preamble', () => {
    // The GPL-2.0 preamble also says you may charge for distributing copies; section 1 is where the licence says so.
    const result = retrievePassages(index, 'GNU GPL v2: can I charge money for giving people copies?', {
      topK: 1,
    });
    expect(result.passages[0]?.text).toContain(
      'You may charge a fee for the physical act of transferring a copy',
    );
  });

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
