import { describe, expect, it } from 'vitest';
import { cpuNow } from '../../../packages/citations/src/__fixtures__/cpu-time.js';
import { licenceFamily } from './licence-family.js';
import { appendixOf, preambleOf } from './build-index.js';
import { properTerms, retrievePassages } from './retrieve.js';
import { licenceIndex as index } from './__fixtures__/licence-index.js';

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

  it('finds a preamble that ends at the first numbered part or section (the Open Data Commons licences)', () => {
    const odbl = index.documents.find((document) => document.id === 'ODbL-1.0')!.text;
    expect(odbl.slice(preambleOf(odbl)!.end)).toMatch(/^### 1\.0 Definitions/);
    const pddl = index.documents.find((document) => document.id === 'PDDL-1.0')!.text;
    expect(pddl.slice(preambleOf(pddl)!.start)).toMatch(/^Preamble The Open Data Commons/);
    expect(pddl.slice(preambleOf(pddl)!.end)).toMatch(/^Part I: Introduction/);
    expect(preambleOf('Preamble\n\nWhy we wrote it.\n\n1. You may copy it.')).toEqual({ start: 0, end: 28 });
  });

  it('finds the appendix after the terms of the GNU licences and the notice after a Creative Commons licence', () => {
    for (const id of ['GPL-3.0-only', 'LGPL-2.1-only', 'CC-BY-4.0', 'GFDL-1.3-only']) {
      const text = index.documents.find((document) => document.id === id)!.text;
      const span = appendixOf(text);
      expect([id, span?.end]).toEqual([id, text.length]);
      expect(text.slice(span!.start)).toMatch(
        /^(?:END OF TERMS AND CONDITIONS|Creative Commons is not a party|ADDENDUM: How to use this License)/,
      );
    }
    expect(appendixOf('MIT License\n\nPermission is hereby granted ...')).toBeNull();
  });

  it('marks the passages that lie wholly in a preamble or an appendix', () => {
    const positions = index.passagesByDocument.get('GPL-2.0-only')!;
    const marked = positions.filter((position) => index.outsideTerms[position] === 1);
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

  it('answers from the first licence a question names; the others are words of the question', () => {
    const result = retrievePassages(
      index,
      'EUPL: can I combine the code with a GPL project and release it under the GPL?',
    );
    expect(result.mentionedLicences).toEqual(['EUPL-1.2', 'GPL-3.0-only']);
    expect(result.searchedLicences).toEqual(['EUPL-1.2']);
    expect(result.passages.every((passage) => passage.documentId === 'EUPL-1.2')).toBe(true);
    // EUPL-1.2 lists the GPL among its compatible licences: the other licence's name found it.
    expect(result.passages[0]?.text).toContain('GNU General Public License (GPL)');
    expect(result.licenceRanking).toEqual([]);
    expect(result.ambiguousWith).toEqual([]);
  });

  it('searches with the licence wording of what the question asks (`make money` finds `commercial`)', () => {
    const result = retrievePassages(
      index,
      'Which licence lets me use the software but never to make money?',
      {
        topK: 20,
      },
    );
    expect(result.passages.some((passage) => /\bcommercial/i.test(passage.text))).toBe(true);
  });

  it('ranks licence families across the corpus when none is named, and says when several fit as well', () => {
    const beer = retrievePassages(index, 'Which licence says I can thank the author with a beer if we meet?');
    expect(beer.licenceRanking[0]).toMatchObject({ family: 'Beerware', ids: ['Beerware'] });
    expect(beer.ambiguousWith).toEqual([]);
    // Several licences carry the same disclaimer of use in nuclear facilities, word for word or nearly.
    const nuclear = retrievePassages(
      index,
      'Which licence forbids use of the software in nuclear facilities?',
    );
    expect(nuclear.ambiguousWith.length).toBeGreaterThan(0);
    const scores = nuclear.licenceRanking.map((entry) => entry.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(
      nuclear.ambiguousWith.every((family) => nuclear.licenceRanking.some((e) => e.family === family)),
    ).toBe(true);
    // The passages shown come from the best family and those that fit as well, never from one that fits less.
    for (const result of [beer, nuclear]) {
      const answering = new Set([result.licenceRanking[0]!.family, ...result.ambiguousWith]);
      for (const passage of result.passages) {
        const holders = index.sharedBy.get(index.canonical[index.passages.indexOf(passage)]!) ?? [
          passage.documentId,
        ];
        expect(holders.some((id) => answering.has(licenceFamily(id)))).toBe(true);
      }
    }
    expect(beer.passages.every((passage) => passage.documentId === 'Beerware')).toBe(true);
  });

  it('returns nothing when the named licence says nothing about the topic the question asks about', () => {
    const mit = retrievePassages(index, 'Does the MIT licence give me a patent licence?');
    expect(mit).toMatchObject({ searchedLicences: ['MIT'], unaddressed: ['patent'], passages: [] });
    expect(retrievePassages(index, 'BSD-3-Clause: which law governs it?').unaddressed).toEqual([
      'governing-law',
    ]);
    // A licence that speaks of the topic, or a topic a grant answers without naming it, is searched as before.
    const apache = retrievePassages(index, 'Does Apache-2.0 give me a patent licence?');
    expect(apache.unaddressed).toEqual([]);
    expect(apache.passages.length).toBeGreaterThan(0);
    expect(retrievePassages(index, 'MIT: can I run it as a hosted service?').unaddressed).toEqual([]);
    expect(retrievePassages(index, 'Which licence has a patent grant?').unaddressed).toEqual([]);
    // The GNU FDL says `technical measures`, not `technological`: it addresses DRM.
    const fdl = retrievePassages(
      index,
      'GFDL 1.3: may I use DRM to stop people copying the copies I give out?',
    );
    expect(fdl.unaddressed).toEqual([]);
    expect(fdl.passages.some((passage) => passage.text.includes('You may not use technical measures'))).toBe(
      true,
    );
    expect(retrievePassages(index, 'MIT: may I put DRM on copies?').unaddressed).toEqual([
      'technological-measures',
    ]);
  });

  it('lowers the share a passage must hold when nothing holds enough, but still asks for two of the question’s words', () => {
    // CPAL-1.0 says `launched or initially run` and `display of the Original Developer's Attribution Information`.
    const question =
      "Which licence makes apps show the original developer's credit on screen every time they start?";
    expect(retrievePassages(index, question, { fallbackTermShare: 1 }).passages).toEqual([]);
    const found = retrievePassages(index, question);
    expect(found.licenceRanking[0]?.family).toBe('CPAL-1.0');
    expect(found.passages[0]?.text).toContain('launched or initially run');
    // One word in common (`leaving this copyright notice intact`) is not enough.
    expect(retrievePassages(index, 'What time does the train to Paris leave?').passages).toEqual([]);
  });

  it('counts a passage shared word for word by several licences for each of them', () => {
    // The GPL-3.0 texts are the same under four ids: one family, every id that holds the best passage.
    const result = retrievePassages(
      index,
      'Which licence makes me give the Installation Information for a User Product?',
    );
    const gpl = result.licenceRanking.find((entry) => entry.family === 'GPL-3.0');
    expect(gpl?.ids.length).toBeGreaterThan(1);
  });

  it('returns no passage for a question of stop words, an empty one, or hostile input', () => {
    expect(retrievePassages(index, 'What is it that you would do?').passages).toEqual([]);
    expect(retrievePassages(index, '').passages).toEqual([]);
    expect(retrievePassages(index, '\u0000\u200b\u202e\ud800 __proto__ [[[[').passages).toEqual([]);
  });

  it('handles a huge query in bounded time', () => {
    const began = cpuNow();
    const result = retrievePassages(index, `${'warranty '.repeat(20_000)}${'[['.repeat(100_000)}`, {
      topK: 2,
    });
    expect(result.passages).toHaveLength(2);
    expect(cpuNow() - began).toBeLessThan(10_000); // CPU time, so a loaded machine does not stretch it
  });
});

describe('properTerms', () => {
  it('takes the words written with a capital inside a sentence, not the first word or `I`', () => {
    expect([...properTerms('Which licence requires arbitration in Finland, not a court?')]).toEqual([
      'finland',
    ]);
    expect([
      ...properTerms('Can the FreeType developers name my company? I ask because of the GPL.'),
    ]).toEqual(['freetyp', 'gpl']);
    expect(properTerms('Can I sell it? May I change it?').size).toBe(0);
  });

  it('lets a place the question names decide across the corpus (`arbitration in Finland`: the Nokia licence)', () => {
    const found = retrievePassages(
      index,
      'Which open source licence requires disputes to be resolved by arbitration in Finland rather than in court?',
    );
    expect(found.licenceRanking[0]?.family).toBe('Nokia');
    expect(found.passages[0]?.text).toMatch(/Finland/);
  });
});
