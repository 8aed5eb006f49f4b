import { describe, expect, it } from 'vitest';
import { compileFieldMap, FIELD_MAP_PRESETS, NATIVE_MAP } from './field-map.js';
import { mapRecord } from './map-record.js';

const native = compileFieldMap(NATIVE_MAP);
const text = 'Water boils at 100 °C at sea level.';
const water = { documentId: 'physics.md', chunkId: 'p1', text, start: 10, end: 10 + text.length };

describe('mapRecord', () => {
  it('reads the native shape, keeping ids, offsets, titles and per-line options', () => {
    const result = mapRecord(
      {
        id: 3,
        answer: 'Water boils [1].',
        passages: [{ ...water, title: 'Physics' }],
        options: { unit: 'line', support: { minCoverage: 0.5 } },
      },
      native,
    );
    expect(result).toEqual({
      success: true,
      data: {
        id: 3,
        answer: 'Water boils [1].',
        passages: [{ ...water, title: 'Physics' }],
        options: { unit: 'line', support: { minCoverage: 0.5 } },
      },
    });
  });

  it.each([
    [{ answer: 'a [1]' }, 'missing_field', 'passages'],
    [{ passages: [water] }, 'missing_field', 'answer'],
    [{ answer: ['a'], passages: [water] }, 'wrong_type', 'answer'],
    [{ answer: 'a [1]', passages: [water], id: { nested: true } }, 'wrong_type', 'id'],
    [
      { answer: 'a [1]', passages: [{ ...water, end: water.end + 1 }] },
      'offsets_mismatch',
      'passages[0].end',
    ],
    [{ answer: 'a [1]', passages: [{ ...water, start: -1 }] }, 'wrong_type', 'passages[0].start'],
    [{ answer: 'a [1]', passages: [{ ...water, start: 2 ** 53 }] }, 'wrong_type', 'passages[0].start'],
    [
      { answer: 'a [1]', passages: [{ ...water, chunkId: undefined }] },
      'missing_field',
      'passages[0].chunkId',
    ],
    [{ answer: 'a [1]', passages: [{ ...water, text: 7 }] }, 'wrong_type', 'passages[0].text'],
    [{ answer: 'a [1]', passages: [null] }, 'wrong_type', 'passages[0]'],
    [
      { answer: 'a [1]', passages: [water], options: { unit: 'paragraph' } },
      'invalid_options',
      'options.unit',
    ],
    [
      { answer: 'a [1]', passages: [water], options: { identifiers: [{ name: 'x', pattern: '(a+)+$' }] } },
      'invalid_options',
      'options.identifiers',
    ],
  ])('rejects %j with %s at %s', (record, code, field) => {
    const result = mapRecord(record, native);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error).toMatchObject({ code, field });
  });

  it('refuses a numeric id that is not a safe integer, which JSON.parse or String() would change', () => {
    const lfrqa = compileFieldMap(FIELD_MAP_PRESETS.lfrqa);
    const documents = (id: string): string | undefined => (id === '9007199254740992' ? text : undefined);
    // 9007199254740993 is read as 9007199254740992: the log cites another document than the one it names.
    const record = JSON.parse(
      '{"qid":"q","faithful_answer_w_citation":"Water boils [1].","gold_doc_ids":[9007199254740993]}',
    );
    expect(mapRecord(record, lfrqa, { documents })).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'passages[0]', message: expect.stringContaining('quote the id') },
    });
    expect(mapRecord({ ...record, gold_doc_ids: [1e21] }, lfrqa, { documents })).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'passages[0]' },
    });
    expect(mapRecord({ ...record, qid: 2 ** 53 }, lfrqa, { documents })).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'id' },
    });
    const native1 = { answer: 'Water boils [1].', passages: [{ ...water, documentId: 1e21 }] };
    expect(mapRecord(native1, native)).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'passages[0].documentId' },
    });
    expect(mapRecord({ answer: 'x', passages: [{ ...water, chunkId: 2 ** 53 + 2 }] }, native)).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'passages[0].chunkId' },
    });
    expect(
      mapRecord({ id: 2 ** 53 - 1, answer: 'x', passages: [{ ...water, documentId: 7 }] }, native),
    ).toMatchObject({ success: true, data: { id: 2 ** 53 - 1, passages: [{ documentId: '7' }] } });
  });

  it('refuses a numeric id of -0, which String() writes as "0": the log would name another document', () => {
    const coll = (id: string): string | undefined =>
      ({ '-0': 'Water boils at 100 degrees Celsius.', '0': 'The moon is made of green cheese.' })[id];
    const answer = 'The moon is made of green cheese [1].';
    const cited = { documentId: -0, chunkId: 'c', start: 0, end: 33 };
    expect(mapRecord({ answer, passages: [cited] }, native, { documents: coll })).toMatchObject({
      success: false,
      error: {
        code: 'wrong_type',
        field: 'passages[0].documentId',
        message: expect.stringContaining('quote the id'),
      },
    });
    expect(mapRecord({ answer, passages: [{ ...water, chunkId: -0 }] }, native)).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'passages[0].chunkId' },
    });
    expect(mapRecord({ id: -0, answer, passages: [water] }, native)).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'id' },
    });
    const lfrqa = compileFieldMap(FIELD_MAP_PRESETS.lfrqa);
    const record = { qid: 'q', faithful_answer_w_citation: answer, gold_doc_ids: [-0] };
    expect(mapRecord(record, lfrqa, { documents: coll })).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'passages[0]' },
    });
  });

  it.each([
    [
      '{"answer":"Water boils [1].","passages":[{"documentId":1.0,"chunkId":"c","start":0,"end":35}]}',
      'passages[0].documentId',
    ],
    [
      '{"answer":"Water boils [1].","passages":[{"documentId":"d","chunkId":1e2,"start":0,"end":35}]}',
      'passages[0].chunkId',
    ],
    [
      '{"id":-0.0,"answer":"Water boils [1].","passages":[{"documentId":"d","chunkId":"c","start":0,"end":35}]}',
      'id',
    ],
    [
      '{"id":10E-1,"answer":"Water boils [1].","passages":[{"documentId":"d","chunkId":"c","start":0,"end":35}]}',
      'id',
    ],
  ])('refuses the numeric id in %s, written otherwise than as its integer', (line, field) => {
    const documents = (id: string): string | undefined => (['1', 'd', '100'].includes(id) ? text : undefined);
    expect(mapRecord(JSON.parse(line), native, { documents, text: line })).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field, message: expect.stringContaining('quote the id') },
    });
  });

  it('refuses scalar ids written otherwise than as their integer, and keeps those written as one', () => {
    const lfrqa = compileFieldMap(FIELD_MAP_PRESETS.lfrqa);
    const documents = (id: string): string | undefined => (id === '1' || id === '2' ? text : undefined);
    const line = '{"qid":"q","faithful_answer_w_citation":"Water boils [1][2].","gold_doc_ids":[2,1.0]}';
    expect(mapRecord(JSON.parse(line), lfrqa, { documents, text: line })).toMatchObject({
      success: false,
      error: { code: 'wrong_type', field: 'passages[1]', message: expect.stringContaining('1.0') },
    });
    // A number written so under another key (a score) is not an id: the line is read.
    const scored =
      '{"qid":7,"score":1.0,"n":-0,"faithful_answer_w_citation":"Water boils [1][2].","gold_doc_ids":[2,1]}';
    expect(mapRecord(JSON.parse(scored), lfrqa, { documents, text: scored })).toMatchObject({
      success: true,
      data: { id: 7, passages: [{ documentId: '2' }, { documentId: '1' }] },
    });
  });

  it('refuses non-objects', () => {
    expect(mapRecord([1, 2], native)).toMatchObject({ success: false, error: { code: 'not_object' } });
    expect(mapRecord('answer', native)).toMatchObject({ success: false, error: { code: 'not_object' } });
  });

  it('ignores __proto__ and constructor keys instead of following them', () => {
    const record = JSON.parse(
      '{"__proto__": {"answer": "polluted"}, "constructor": {"x": 1}, "passages": []}',
    );
    expect(mapRecord(record, native)).toMatchObject({
      success: false,
      error: { code: 'missing_field', field: 'answer' },
    });
    expect(({} as Record<string, unknown>).answer).toBeUndefined();
  });

  it('lets an uncited passage lack its text, but not a cited one', () => {
    const record = { answer: 'Water boils [2].', passages: [{ documentId: 'x', chunkId: 'x' }, water] };
    const result = mapRecord(record, native);
    expect(result.success).toBe(true);
    if (result.success)
      expect(result.data.passages[0]).toEqual({ documentId: 'x', chunkId: 'x', text: '', start: 0, end: 0 });
    expect(mapRecord({ ...record, answer: 'Water boils [1].' }, native)).toMatchObject({
      success: false,
      error: { code: 'missing_field', field: 'passages[0].text' },
    });
    // Numbers that are no source ([0], [7]) do not count towards every source being cited.
    const later = { answer: 'Water boils [0][2][7]. Ice floats [1].', passages: record.passages };
    expect(mapRecord(later, native)).toMatchObject({
      success: false,
      error: { code: 'missing_field', field: 'passages[0].text' },
    });
  });

  it('reads a range as citing every source in it when the command reads ranges, not when only the line does', () => {
    const record = { answer: 'Water boils [1-2].', passages: [water, { documentId: 'x', chunkId: 'x' }] };
    const refused = { success: false, error: { code: 'missing_field', field: 'passages[1].text' } };
    expect(mapRecord(record, native, { ranges: true })).toMatchObject(refused);
    expect(mapRecord({ ...record, options: { ranges: true } }, native, { ranges: true })).toMatchObject(
      refused,
    );
    // gk verify ignores a line's own ranges (ADR 0040), so `[1-2]` cites nothing there and passage 2
    // cannot affect the result; reading the line's ranges here only cost time (every range expanded).
    expect(mapRecord({ ...record, options: { ranges: true } }, native).success).toBe(true);
    // Without ranges `[1-2]` is no marker, so passage 2 is not cited and may lack its text.
    expect(mapRecord(record, native).success).toBe(true);
    expect(mapRecord(record, native, { ranges: false }).success).toBe(true);
  });

  it('resolves passage ids in a collection (LFRQA)', () => {
    const lfrqa = compileFieldMap(FIELD_MAP_PRESETS.lfrqa);
    const documents = new Map([['1541811', text]]);
    const record = {
      qid: 'science-1',
      faithful_answer_w_citation: 'Water boils [1].',
      gold_doc_ids: [1541811, 99],
    };
    const result = mapRecord(record, lfrqa, { documents: (id) => documents.get(id) });
    expect(result).toMatchObject({
      success: true,
      data: {
        id: 'science-1',
        passages: [
          { documentId: '1541811', chunkId: '1541811', text, start: 0, end: text.length },
          { documentId: '99', text: '' },
        ],
      },
    });
    expect(
      mapRecord({ ...record, faithful_answer_w_citation: 'x [2]' }, lfrqa, {
        documents: (id) => documents.get(id),
      }),
    ).toMatchObject({
      success: false,
      error: { code: 'missing_field', field: 'passages[1].text' },
    });
    expect(mapRecord(record, lfrqa)).toMatchObject({
      success: false,
      error: { code: 'wrong_type', message: expect.stringContaining('--documents') },
    });
  });

  it('holds a passage object that names a document of --documents to that document (a log cannot swap its text)', () => {
    const document = `Preface. ${text} Ice floats.`;
    const collection = new Map([['physics.md', document]]);
    const documents = (id: string): string | undefined => collection.get(id);
    const at = document.indexOf(text);
    const chunk = { documentId: 'physics.md', chunkId: 'c', start: at, end: at + text.length };
    const fake = 'The moon is made of cheese.';
    const answer = 'The moon is made of cheese [1].';
    // With offsets: the logged text must be document.slice(start, end); without a text it is taken from there.
    expect(mapRecord({ answer, passages: [{ ...chunk, text }] }, native, { documents })).toMatchObject({
      success: true,
      data: { passages: [{ text, start: at }] },
    });
    expect(mapRecord({ answer, passages: [chunk] }, native, { documents })).toMatchObject({
      success: true,
      data: { passages: [{ text, start: at, end: at + text.length }] },
    });
    const swapped = { ...chunk, text: fake, end: at + fake.length };
    expect(mapRecord({ answer, passages: [swapped] }, native, { documents })).toMatchObject({
      success: false,
      error: { code: 'conflicting_passages', field: 'passages[0].text' },
    });
    // Uncited, a swapped text is still refused: the log disagrees with the collection.
    expect(mapRecord({ answer: 'Nothing cited.', passages: [swapped] }, native, { documents })).toMatchObject(
      { success: false, error: { code: 'conflicting_passages' } },
    );
    expect(
      mapRecord({ answer, passages: [{ ...chunk, end: document.length + 1 }] }, native, { documents }),
    ).toMatchObject({ success: false, error: { code: 'offsets_mismatch', field: 'passages[0].end' } });
    // A cited document the collection lacks is refused; an uncited one keeps what the log says.
    const elsewhere = { ...swapped, documentId: 'moon.md', start: 0, end: fake.length };
    expect(mapRecord({ answer, passages: [elsewhere] }, native, { documents })).toMatchObject({
      success: false,
      error: { code: 'conflicting_passages', field: 'passages[0].documentId' },
    });
    expect(
      mapRecord({ answer: 'Nothing cited.', passages: [elsewhere] }, native, { documents }).success,
    ).toBe(true);
    // Without offsets (a Langfuse trace) the passage is its whole document.
    const langfuse = compileFieldMap(FIELD_MAP_PRESETS.langfuse);
    const trace = (pageContent: string) => ({
      id: 't',
      output: answer,
      observations: [{ type: 'RETRIEVER', output: [{ pageContent, metadata: { source: 'physics.md' } }] }],
    });
    expect(mapRecord(trace(fake), langfuse, { documents })).toMatchObject({
      success: false,
      error: { code: 'conflicting_passages', field: 'passages[0].text' },
    });
    expect(mapRecord(trace(document), langfuse, { documents })).toMatchObject({ success: true });
    // Numbered items are checked once merged.
    const expertqa = compileFieldMap(FIELD_MAP_PRESETS.expertqa);
    const numbered = {
      answer,
      attribution: [{ n: 1, url: 'physics.md' }],
      claims: [{ evidence: [{ n: 1, text: fake }] }],
    };
    expect(mapRecord(numbered, expertqa, { documents })).toMatchObject({
      success: false,
      error: { code: 'conflicting_passages', field: 'passages[0].text' },
    });
  });

  it('drops the title and uri a log gives a passage held to --documents, unless they are its document id', () => {
    const collection = new Map([['d1', text]]);
    const documents = (id: string): string | undefined => collection.get(id);
    const answer = 'Water boils at 100 °C at sea level, see https://evil.example/fake-study [1].';
    const logged = {
      documentId: 'd1',
      chunkId: 'd1',
      text,
      start: 0,
      end: text.length,
      title: 'ECLI:NL:HR:2020:1234',
      uri: 'https://evil.example/fake-study',
    };
    const held = { documentId: 'd1', chunkId: 'd1', text, start: 0, end: text.length };
    expect(mapRecord({ answer, passages: [logged] }, native, { documents })).toEqual({
      success: true,
      data: { id: null, answer, passages: [held], options: undefined },
    });
    // Nor does the collection vouch for a chunk id; the page showed it as the source's name.
    const named = { ...logged, chunkId: 'WHO-guideline-2024.pdf' };
    expect(mapRecord({ answer, passages: [named] }, native, { documents })).toEqual({
      success: true,
      data: { id: null, answer, passages: [held], options: undefined },
    });
    // Without --documents the log is all there is, and its title and uri stand.
    expect(mapRecord({ answer, passages: [logged] }, native)).toMatchObject({
      success: true,
      data: { passages: [logged] },
    });
    // ExpertQA's url is the document id and the uri both: the collection holds that id, so it is kept.
    const url = 'https://a.example/boiling';
    const byUrl = new Map([[url, text]]);
    const expertqa = compileFieldMap(FIELD_MAP_PRESETS.expertqa);
    const numbered = { answer: 'See https://a.example/boiling [1].', attribution: [{ n: 1, url }] };
    expect(mapRecord(numbered, expertqa, { documents: (id) => byUrl.get(id) })).toMatchObject({
      success: true,
      data: { passages: [{ documentId: url, uri: url, text }] },
    });
  });

  it('merges numbered items from several paths (ExpertQA): url from the source list, text from the evidence', () => {
    const expertqa = compileFieldMap(FIELD_MAP_PRESETS.expertqa);
    const record = {
      answer: 'Boiling happens at 100 °C [2].',
      attribution: [
        { n: 1, url: 'https://a.example' },
        { n: 2, url: 'https://b.example' },
      ],
      claims: [
        { claim: 'x', evidence: [{ n: 2, url: 'https://b.example', text }] },
        { claim: 'y', evidence: [{ n: 2, url: 'https://b.example', text }] },
      ],
    };
    const result = mapRecord(record, expertqa);
    expect(result).toMatchObject({
      success: true,
      data: {
        id: null,
        passages: [
          { documentId: 'https://a.example', text: '' },
          {
            documentId: 'https://b.example',
            chunkId: 'https://b.example',
            uri: 'https://b.example',
            text,
            start: 0,
            end: text.length,
          },
        ],
      },
    });
    const conflicting = {
      ...record,
      claims: [...record.claims, { claim: 'z', evidence: [{ n: 2, text: 'Something else.' }] }],
    };
    expect(mapRecord(conflicting, expertqa)).toMatchObject({
      success: false,
      error: { code: 'conflicting_passages', field: 'passages[1].text' },
    });
    expect(mapRecord({ ...record, answer: 'A [1].' }, expertqa)).toMatchObject({
      success: false,
      error: { code: 'missing_field', field: 'passages[0].text' },
    });
  });

  it('reads a Langfuse trace: the RETRIEVER observation output as LangChain documents', () => {
    const langfuse = compileFieldMap(FIELD_MAP_PRESETS.langfuse);
    const trace = {
      id: 'trace-1',
      output: 'Water boils at 100 °C at sea level [1].',
      observations: [
        { type: 'GENERATION', name: 'answer', output: 'ignored' },
        {
          type: 'RETRIEVER',
          name: 'retrieve',
          output: [{ pageContent: text, metadata: { source: 'physics.md', title: 'Physics' } }],
        },
      ],
    };
    expect(mapRecord(trace, langfuse)).toMatchObject({
      success: true,
      data: {
        id: 'trace-1',
        passages: [{ documentId: 'physics.md', title: 'Physics', text, start: 0, end: text.length }],
      },
    });
  });

  it('rejects a number that is not a source number', () => {
    const expertqa = compileFieldMap(FIELD_MAP_PRESETS.expertqa);
    for (const n of [0, -1, 1.5, 2 ** 60, 'x', 100_001]) {
      expect(mapRecord({ answer: 'a [1]', attribution: [{ n, url: 'u' }] }, expertqa)).toMatchObject({
        success: false,
        error: { code: 'wrong_type', field: 'passages[0].number' },
      });
    }
  });

  it('refuses a source number more than 16 past the items on the line, which would fill the gap with empty passages', () => {
    const expertqa = compileFieldMap(FIELD_MAP_PRESETS.expertqa);
    expect(mapRecord({ answer: 'x', attribution: [{ n: 100_000, url: 'u' }] }, expertqa)).toMatchObject({
      success: false,
      error: {
        code: 'wrong_type',
        field: 'passages[0].number',
        message: expect.stringContaining('16 past the 1'),
      },
    });
    expect(mapRecord({ answer: 'x', attribution: [{ n: 18, url: 'u' }] }, expertqa)).toMatchObject({
      success: false,
    });
    const result = mapRecord({ answer: 'x', attribution: [{ n: 17, url: 'u' }] }, expertqa);
    expect(result.success && result.data.passages.length).toBe(17);
  });

  it('bounds the passage text one line takes from --documents, counting every passage (r16 finding 1)', () => {
    // A short line that names one 1 MB document many times (as ids, or at distinct offsets) made the verifier index
    // (ids on the line) x (document size): 80 passages took 977 MB and 11 s, 800 ran out of memory.
    const document = 'w'.repeat(1_000_000);
    const documents = (id: string): string | undefined => (id === 'd1' ? document : undefined);
    const markers = (n: number): string => Array.from({ length: n }, (_, i) => `[${i + 1}]`).join('');
    const chunks = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        documentId: 'd1',
        chunkId: `c${i}`,
        start: i,
        end: 999_999 - i,
      }));
    const native80 = { answer: `The text says "zzz qqq" ${markers(80)}.`, passages: chunks(80) };
    const refused = mapRecord(native80, native, { documents });
    expect(refused).toMatchObject({
      success: false,
      error: {
        code: 'resolved_too_long',
        field: 'passages[16]',
        message: expect.stringContaining('--max-resolved-bytes'),
      },
    });
    // Repeated ids are not folded into one: each copy is a passage the verifier is given.
    const lfrqa = compileFieldMap(FIELD_MAP_PRESETS.lfrqa);
    const ids = {
      qid: 1,
      faithful_answer_w_citation: `Says "zzz qqq" ${markers(25)}.`,
      gold_doc_ids: Array(25).fill('d1'),
    };
    expect(mapRecord(ids, lfrqa, { documents })).toMatchObject({
      success: false,
      error: { code: 'resolved_too_long', field: 'passages[16]' },
    });
    // Raised, the same lines map; the limit counts UTF-8 bytes, as --max-line-bytes does.
    expect(mapRecord(native80, native, { documents, maxResolvedBytes: 80_000_000 }).success).toBe(true);
    expect(mapRecord(ids, lfrqa, { documents, maxResolvedBytes: 25_000_000 }).success).toBe(true);
    const accents = (id: string): string | undefined => (id === 'd1' ? 'é'.repeat(10) : undefined);
    const one = { qid: 1, faithful_answer_w_citation: 'é [1].', gold_doc_ids: ['d1'] };
    expect(mapRecord(one, lfrqa, { documents: accents, maxResolvedBytes: 19 })).toMatchObject({
      success: false,
      error: { code: 'resolved_too_long', field: 'passages[0]' },
    });
    expect(mapRecord(one, lfrqa, { documents: accents, maxResolvedBytes: 20 }).success).toBe(true);
    for (const bad of [0, -1, 1.5, '5', Number.POSITIVE_INFINITY])
      expect(() => mapRecord(one, lfrqa, { documents: accents, maxResolvedBytes: bad as never })).toThrow(
        expect.objectContaining({ code: 'usage', field: 'maxResolvedBytes' }),
      );
  });

  it('takes a plain field map as well as a compiled one, and refuses other arguments with coded errors', () => {
    const record = { answer: 'Water boils [1].', passages: [water] };
    expect(mapRecord(record, NATIVE_MAP)).toEqual(mapRecord(record, native));
    expect(mapRecord(record, NATIVE_MAP).success).toBe(true);
    for (const map of [null, {}, 'native']) {
      expect(() => mapRecord(record, map as never)).toThrow(expect.objectContaining({ code: 'invalid_map' }));
    }
    expect(() => mapRecord(record, native, { documents: 5 as never })).toThrow(
      expect.objectContaining({ code: 'usage', field: 'documents' }),
    );
    expect(() => mapRecord(record, native, { ranges: 'yes' as never })).toThrow(
      expect.objectContaining({ code: 'usage', field: 'ranges' }),
    );
  });
});
