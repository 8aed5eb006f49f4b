import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../__fixtures__/run-gk.js';
import { InputError } from '../input-error.js';
import { loadDocuments } from './load-documents.js';

function write(name: string, content: string | Buffer): string {
  const path = join(temporaryFolder(), name);
  writeFileSync(path, content);
  return path;
}

async function failure(path: string): Promise<InputError> {
  const error = await loadDocuments(path).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!InputError.isInstance(error)) throw new Error('expected an InputError');
  return error;
}

describe('loadDocuments', () => {
  it('reads a TSV collection: a byte-order mark, CRLF, blank lines, text after the first tab', async () => {
    const path = write(
      'collection.tsv',
      '\ufeff1\tFirst passage.\r\n\n  \t \r\n2\tSecond\tpassage with a tab.\n10\tCafé “quoted”.\n 3 \t spaced ',
    );
    expect([...(await loadDocuments(path))]).toEqual([
      ['1', 'First passage.'],
      ['2', 'Second\tpassage with a tab.'],
      ['10', 'Café “quoted”.'],
      [' 3 ', ' spaced '],
    ]);
  });

  // A reader of the collection sees the first text; the claim would be checked against another one.
  it.each([
    ['a.tsv', '1\tThe report says nothing.\n2\tTwo.\n1\tWater boils at 100 C.\n', 3, 'id "1" is used twice'],
    ['b.tsv', `1\tOne.\n1\t${'é'.repeat(10)}\n`, 2, 'id "1" is used twice'],
    ['c.tsv', '1\tOne.\n\tno id\n1\tAgain.\n', 2, 'expected "<id><TAB><text>"'],
    ['d.jsonl', '{"id":"d1","text":"Nothing.","text":"Water boils."}\n', 1, 'key "text" appears twice'],
    ['e.jsonl', '{"id":"d1","text":"Nothing.","\\u0074ext":"Water boils."}\n', 1, 'key "text" appears twice'],
    ['f.jsonl', '{"id":"d1","id":"d2","text":"Water boils."}\n', 1, 'key "id" appears twice'],
    ['g.jsonl', '{"id":"d1","text":"One."}\n{"doc_id":"d1","contents":"Two."}\n', 2, 'id "d1" is used twice'],
    ['h.jsonl', '{"id":1,"text":"One."}\n{"id":"1","text":"Two."}\n', 2, 'id "1" is used twice'],
    ['i.jsonl', '{"id":"d1","doc_id":"d2","text":"One."}\n', 1, '"id" and "doc_id" disagree'],
    ['j.jsonl', '{"id":"d1","text":"One.","contents":"Two."}\n', 1, '"text" and "contents" disagree'],
  ])('refuses %s, where an id or a text would be chosen unseen', async (name, content, line, message) => {
    const error = await failure(write(name, content));
    expect(error).toMatchObject({ code: 'invalid_documents', line });
    expect(error.message).toContain(message);
  });

  it('refuses an id longer than 8,192 characters, naming the line, and accepts one of 8,192', async () => {
    // r15 finding 4: V8 hashes a string over 16,383 characters by its length alone, so a collection of long ids of
    // one length filled one bucket of the Map and loaded in quadratic time (40 MB of 20,006-character ids: 5.5 s).
    const long = 'i'.repeat(8_193);
    for (const [name, content] of [
      ['long.tsv', `1\tOne.\n${long}\tTwo.\n`],
      ['long.jsonl', `{"id":"1","text":"One."}\n${JSON.stringify({ id: long, text: 'Two.' })}\n`],
    ] as const) {
      const error = await failure(write(name, content));
      expect(error).toMatchObject({ code: 'invalid_documents', line: 2 });
      expect(error.message).toContain('id of 8193 characters is longer than 8192');
    }
    const path = write('ok.tsv', `${long.slice(1)}\tOne.\n`);
    expect((await loadDocuments(path)).get(long.slice(1))).toBe('One.');
  });

  it('accepts alternative keys that agree', async () => {
    const path = write('same.jsonl', '{"id":"d1","doc_id":"d1","text":"One.","contents":"One."}\n');
    expect([...(await loadDocuments(path))]).toEqual([['d1', 'One.']]);
  });

  it('names the first line without an id and a tab, or that is not UTF-8', async () => {
    const noTab = write('a.tsv', '1\tone\n\n2 two\n3\tthree\n');
    expect(await failure(noTab)).toMatchObject({
      code: 'invalid_documents',
      line: 3,
      message: `${noTab}:3: expected "<id><TAB><text>"`,
    });
    const noId = write('b.tsv', '1\tone\n\tno id\n');
    expect(await failure(noId)).toMatchObject({ line: 2, message: `${noId}:2: expected "<id><TAB><text>"` });
    const binary = write('c.tsv', Buffer.concat([Buffer.from('1\tone\n2\t'), Buffer.from([0xff, 0x0a])]));
    expect(await failure(binary)).toMatchObject({ line: 2, message: `${binary}:2: line is not valid UTF-8` });
  });

  it('reads a JSONL collection by its id and text fields', async () => {
    const path = write('docs.jsonl', '{"doc_id": 7, "contents": "Seven."}\n{"id": "x", "text": "Ex."}\n');
    expect([...(await loadDocuments(path))]).toEqual([
      ['7', 'Seven.'],
      ['x', 'Ex.'],
    ]);
  });

  it('refuses a JSONL id past 2^53 - 1, which JSON.parse would round onto another id', async () => {
    const path = write(
      'docs.jsonl',
      '{"id": 9007199254740992, "text": "Signed."}\n{"id": 9007199254740993, "text": "Never signed."}\n',
    );
    expect(await failure(path)).toMatchObject({
      code: 'invalid_documents',
      line: 1,
      message: expect.stringContaining('quote it'),
    });
  });

  // Finding cli2-2: ids were keyed by String(id), so -0, 1.0 and 1e2 became "0", "1" and "100" unrefused.
  it.each([
    ['{"id":-0,"text":"Nothing."}', '-0'],
    ['{"id":1.0,"text":"Nothing."}', '1.0'],
    ['{"doc_id":1e2,"contents":"Nothing."}', '1e2'],
    ['{"\\u0069d":10E-1,"text":"Nothing."}', '10E-1'],
    ['{"id":1,"doc_id":1.0,"text":"Nothing."}', '1.0'],
  ])(
    'refuses the JSONL id in %s, written otherwise than as its integer, naming the line',
    async (second, written) => {
      const path = write('inexact.jsonl', `{"id":"x","text":"Ex."}\n${second}\n`);
      const error = await failure(path);
      expect(error).toMatchObject({ code: 'invalid_documents', line: 2 });
      expect(error.message).toContain(`id ${written} `);
      expect(error.message).toContain('quote it');
    },
  );

  it('reads an integer id written as one beside other numbers written otherwise', async () => {
    const path = write(
      'exact.jsonl',
      '{"id":1,"text":"One.","score":1.0,"meta":{"id":1e0}}\n{"doc_id":-3,"contents":"Minus three.","n":[-0]}\n',
    );
    expect([...(await loadDocuments(path))]).toEqual([
      ['1', 'One.'],
      ['-3', 'Minus three.'],
    ]);
  });
});
