import { describe, expect, it } from 'vitest';
import { documents, passages } from '../__fixtures__/model-outputs/passages.js';
import { passage } from '../__fixtures__/passage.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import { InvalidPassageError } from '../verify/invalid-passage-error.js';
import { decodeQuotedRows } from './decode-quoted-rows.js';
import { resolveQuotedRows } from './resolve-quoted-rows.js';

describe('resolveQuotedRows', () => {
  describe('citations', () => {
    it('builds citations at the located quote, with the document’s own characters', () => {
      const rows = [
        { handle: 'S2', quote: "stele's top register", claim: 'The top register is hieroglyphic.' },
        { handle: 'S3', quote: 'Champollion' },
      ];
      const { accepted, rejected } = resolveQuotedRows(rows, passages);
      expect(rejected).toEqual([]);
      const rosetta = documents['rosetta.md']!;
      const start = rosetta.indexOf('stele’s top register');
      expect(accepted[0]).toEqual({
        index: 0,
        row: rows[0],
        citation: {
          source: 2,
          documentId: 'rosetta.md',
          chunkId: 'rosetta.md#1',
          start,
          end: start + 'stele’s top register'.length,
          text: 'stele’s top register', // the document's own apostrophe, not the model's
        },
      });
      for (const { citation } of accepted) {
        expect(documents[citation.documentId]!.slice(citation.start, citation.end)).toBe(citation.text);
      }
      expect(accepted[1]?.citation).toMatchObject({ source: 3, start: 22, end: 33, text: 'Champollion' });
    });

    it('builds every field of the citation from the passage the handle names, in document coordinates', () => {
      const rosetta = documents['rosetta.md']!;
      const { accepted, rejected } = resolveQuotedRows(
        [
          { handle: 'S2', quote: 'the middle in Demotic' },
          { handle: 'S1', quote: 'a granodiorite stele' },
        ],
        passages,
      );
      expect(rejected).toEqual([]);
      expect(accepted).toEqual([
        {
          index: 0,
          row: { handle: 'S2', quote: 'the middle in Demotic' },
          citation: {
            source: 2,
            documentId: 'rosetta.md',
            chunkId: 'rosetta.md#1',
            start: rosetta.indexOf('the middle in Demotic'),
            end: rosetta.indexOf('the middle in Demotic') + 21,
            text: 'the middle in Demotic',
          },
        },
        {
          index: 1,
          row: { handle: 'S1', quote: 'a granodiorite stele' },
          citation: {
            source: 1,
            documentId: 'rosetta.md',
            chunkId: 'rosetta.md#0',
            start: 21,
            end: 41,
            text: 'a granodiorite stele',
          },
        },
      ]);
      expect(rosetta.indexOf('the middle in Demotic')).toBe(165);
    });

    it('keeps each row’s index whether it was accepted or rejected', () => {
      const rows = [
        { handle: 'S9', quote: 'x' },
        { handle: 'S3', quote: 'Champollion' },
        { handle: 'S1', quote: 'not there' },
        { handle: 'S1', quote: 'Memphis' },
      ];
      const { accepted, rejected } = resolveQuotedRows(rows, passages);
      expect(accepted.map(({ index, row }) => [index, row])).toEqual([
        [1, rows[1]],
        [3, rows[3]],
      ]);
      expect(rejected.map(({ index, code }) => [index, code])).toEqual([
        [0, 'unknown_handle'],
        [2, 'quote_not_found'],
      ]);
    });
  });

  describe('rejections', () => {
    it('refuses rows that are not an array with an InvalidArgumentError', () => {
      for (const rows of [null, undefined, '[]', { length: 0 }]) {
        expect(() => resolveQuotedRows(rows as never, passages), String(rows)).toThrow(
          expect.objectContaining({ name: 'InvalidArgumentError', parameter: 'rows' }),
        );
      }
    });

    it('rejects unknown handles and quotes that are not in the named passage', () => {
      const rows = [
        { handle: 'S4', quote: 'Champollion' },
        { handle: 's3', quote: 'Champollion' },
        { handle: 'S1', quote: 'Champollion' }, // in S3, not in S1
        { handle: 'S2', quote: '   ' },
        { handle: 'S2', quote: 'found by British archaeologists in 1801' },
        { handle: '__proto__', quote: 'x' },
        { handle: 'S1', quote: 'GRANODIORITE STELE' },
      ];
      const { accepted, rejected } = resolveQuotedRows(rows, passages);
      expect(accepted).toEqual([]);
      expect(rejected.map(({ index, code }) => `${index}:${code}`)).toEqual([
        '0:unknown_handle',
        '1:unknown_handle',
        '2:quote_not_found',
        '3:quote_not_found',
        '4:quote_not_found',
        '5:unknown_handle',
        '6:quote_not_found',
      ]);
      expect(rejected[0]?.message).toBe(
        'Row 0 names a handle that was not handed out; expected one of S1…S3.',
      );
      expect(rejected[4]?.message).toBe('Row 4 quotes text (39 characters) that is not in passage S2.');
      expect(resolveQuotedRows([rows[6]!], passages, { ignoreCase: true }).accepted[0]?.citation.text).toBe(
        'granodiorite stele',
      );
    });

    it('names the handles that were handed out, for one passage and for three', () => {
      const rows = [{ handle: 'S2', quote: 'Rosetta Stone' }];
      expect(resolveQuotedRows(rows, passages.slice(0, 1)).rejected).toEqual([
        {
          index: 0,
          code: 'unknown_handle',
          message: 'Row 0 names a handle that was not handed out; expected one of S1…S1.',
        },
      ]);
      const fakes = [
        { handle: 'S4', quote: 'x' },
        { handle: 'S0', quote: 'x' },
        { handle: 'S3 ', quote: 'x' },
      ];
      expect(resolveQuotedRows(fakes, passages).rejected).toEqual([
        {
          index: 0,
          code: 'unknown_handle',
          message: 'Row 0 names a handle that was not handed out; expected one of S1…S3.',
        },
        {
          index: 1,
          code: 'unknown_handle',
          message: 'Row 1 names a handle that was not handed out; expected one of S1…S3.',
        },
        {
          index: 2,
          code: 'unknown_handle',
          message: 'Row 2 names a handle that was not handed out; expected one of S1…S3.',
        },
      ]);
    });

    it('says that no passages were handed out when there are none, not a range S1…S0', () => {
      const expected = [
        {
          index: 0,
          code: 'unknown_handle',
          message: 'Row 0 names a handle that was not handed out; no passages were handed out.',
        },
      ];
      expect(resolveQuotedRows([{ handle: 'S1', quote: 'safe' }], []).rejected).toEqual(expected);
      expect(decodeQuotedRows('[{"handle":"S1","quote":"safe"}]', []).rejected).toEqual(expected);
    });

    it('reports the length of a quote it cannot find, and 0 for a quote that is not a string', () => {
      const rows = [
        { handle: 'S3', quote: 'Champollion announced it in 1824' },
        { handle: 'S1', quote: 42 as unknown as string },
        { handle: 'S2', quote: null as unknown as string },
      ];
      expect(resolveQuotedRows(rows, passages).rejected).toEqual([
        {
          index: 0,
          code: 'quote_not_found',
          message: 'Row 0 quotes text (32 characters) that is not in passage S3.',
        },
        {
          index: 1,
          code: 'quote_not_found',
          message: 'Row 1 quotes text (0 characters) that is not in passage S1.',
        },
        {
          index: 2,
          code: 'quote_not_found',
          message: 'Row 2 quotes text (0 characters) that is not in passage S2.',
        },
      ]);
    });

    it('refuses passages whose offsets cannot yield exact citations', () => {
      const broken = [{ ...passages[0]!, end: 3 }];
      expect(() => resolveQuotedRows([{ handle: 'S1', quote: 'Rosetta' }], broken)).toThrow(
        InvalidPassageError,
      );
    });
  });

  describe('whole words', () => {
    const treatment = passage('The treatment was ineffective against the virus and unsafe for children.');
    const texts = (rows: Array<{ handle: string; quote: string }>, list = [treatment]): string[] =>
      resolveQuotedRows(rows, list).accepted.map(({ citation }) => citation.text);

    it('rejects a quote found only inside a word, with a message that says so', () => {
      const rows = [
        { handle: 'S1', quote: 'effective against the virus' },
        { handle: 'S1', quote: 'safe for children' },
        { handle: 'S1', quote: 'e' },
        { handle: 'S1', quote: 'treat' },
      ];
      expect(resolveQuotedRows(rows, [treatment])).toEqual({
        accepted: [],
        rejected: [
          {
            index: 0,
            code: 'quote_not_found',
            message:
              'Row 0 quotes text (27 characters) that occurs in passage S1 only as part of a word; expected whole words of the passage.',
          },
          {
            index: 1,
            code: 'quote_not_found',
            message:
              'Row 1 quotes text (17 characters) that occurs in passage S1 only as part of a word; expected whole words of the passage.',
          },
          {
            index: 2,
            code: 'quote_not_found',
            message:
              'Row 2 quotes text (1 characters) that occurs in passage S1 only as part of a word; expected whole words of the passage.',
          },
          {
            index: 3,
            code: 'quote_not_found',
            message:
              'Row 3 quotes text (5 characters) that occurs in passage S1 only as part of a word; expected whole words of the passage.',
          },
        ],
      });
    });

    it('rejects a quote without a letter or a digit', () => {
      const rows = ['.', ' . ', '"', '\u2014', '\u0301', '\u{1F600}', '   '].map((quote) => ({
        handle: 'S1',
        quote,
      }));
      const list = [passage('Yes. "No" \u2014 maybe\u0301 \u{1F600}.')];
      const { accepted, rejected } = resolveQuotedRows(rows, list);
      expect(accepted).toEqual([]);
      expect(rejected.map(({ code }) => code)).toEqual(Array(rows.length).fill('quote_not_found'));
      expect(rejected[0]?.message).toBe(
        'Row 0 quotes no letter or digit (1 characters); expected words of passage S1.',
      );
    });

    it('accepts the whole words, and finds them after an occurrence inside a word', () => {
      expect(
        texts(
          [
            { handle: 'S1', quote: 'ineffective against the virus' },
            { handle: 'S1', quote: 'unsafe for children.' },
            { handle: 'S1', quote: 'safe' },
            { handle: 'S2', quote: 'at' },
            { handle: 'S2', quote: '\u201cboils  at\u201d' },
          ],
          [treatment, passage('Water boils at 100 \u00b0C; "boils at" twice; safe.')],
        ),
      ).toEqual(['ineffective against the virus', 'unsafe for children.', 'at', 'boils at']);
      const { accepted } = resolveQuotedRows(
        [{ handle: 'S1', quote: 'at' }],
        [passage('Water boils at 100')],
      );
      expect(accepted[0]?.citation).toMatchObject({ start: 12, end: 14, text: 'at' });
    });

    it('reads words as verifyAnswer reads a quotation: digits, hyphens, apostrophes, marks and CJK', () => {
      const list = [
        passage(
          'In 2020, 20 trials. Well-known remedies. The students\u2019s rates. Cafe\u0301s. 我們的漢字很好。 한국어.',
        ),
      ];
      const rows = [
        { handle: 'S1', quote: '20' }, // the second one, a whole number
        { handle: 'S1', quote: 'Well-known remedies' }, // a hyphen glues its two words
        { handle: 'S1', quote: 's rates' }, // after an apostrophe
        { handle: 'S1', quote: 'Cafe' }, // its accent follows: part of a character
        { handle: 'S1', quote: '漢字' }, // every character of a script without spaces is a word
        { handle: 'S1', quote: '한국' }, // Hangul is written with spaces: part of a word
      ];
      expect(
        resolveQuotedRows(rows, list).accepted.map(({ index, citation }) => `${index}:${citation.text}`),
      ).toEqual(['0:20', '1:Well-known remedies', '2:s rates', '4:漢字']);
      // verifyAnswer accepts and refuses the same quotations.
      const remedies = passage(
        'These well-known remedies for the flu cost 2020 dollars; the students\u2019s rates rose.',
      );
      for (const [quote, status] of [
        ['ell-known remedies for the flu', 'rejected'],
        ['well-known remedies for the fl', 'rejected'],
        ['020 dollars; the students', 'rejected'],
        ['s rates rose', 'answered'],
      ] as const) {
        expect(verifyAnswer(`It says "${quote}" [1].`, [remedies]).status, quote).toBe(status);
        expect(resolveQuotedRows([{ handle: 'S1', quote }], [remedies]).accepted.length === 1, quote).toBe(
          status === 'answered',
        );
      }
    });
  });

  describe('agrees with verifyAnswer on words, separators and edges', () => {
    const signs = passage(
      'At night it falls to -40 degrees; prices rose by 20% and a ticket costs $20 each, up from \u20ac 15 in C#.',
    );
    const bare = passage('At night it falls to 40 degrees; prices rose by 20 points, a C rating.');
    const glued = passage(
      'The syrup is non-toxic to children: 1,500 people took 0.5 milligrams for 10\u201315 days at 10:30.',
    );
    const remedies = passage(
      'These well-known remedies for the flu cost 2020 dollars, about 2.5 times more.',
    );
    const checks = passage(
      'Exits \u2717 in May. Status: \u2717, then Status: \u2713 in June. Trend \u2193 \u2212 (down)',
    );
    // [passage, quote, verdict]: a row quoting `quote` from the passage, and an answer quoting it, both get it.
    const table: Array<[ReturnType<typeof passage>, string, 'answered' | 'rejected']> = [
      // Signs kept: a quote may neither drop a sign the passage writes beside a word or number nor add one.
      [signs, 'falls to -40 degrees', 'answered'],
      [signs, '-40 degrees', 'answered'],
      [signs, 'falls to 40 degrees', 'rejected'],
      [signs, '40 degrees', 'rejected'],
      [signs, 'prices rose by 20%', 'answered'],
      [signs, 'prices rose by 20', 'rejected'],
      [signs, 'a ticket costs $20 each', 'answered'],
      [signs, 'a ticket costs 20 each', 'rejected'],
      [signs, '$20 each', 'answered'],
      [signs, 'up from \u20ac 15', 'answered'],
      [signs, 'up from 15', 'rejected'],
      [signs, 'in C#', 'answered'],
      [signs, 'in C', 'rejected'],
      [bare, 'falls to -40 degrees', 'rejected'],
      [bare, 'falls to 40 degrees', 'answered'],
      [bare, 'prices rose by 20% points', 'rejected'],
      [bare, '$20 points', 'rejected'],
      [bare, 'rose by 20 points', 'answered'],
      [bare, 'a C# rating', 'rejected'],
      // Glue: a quote is not cut out of a hyphenated word or out of a number.
      [glued, 'toxic to children', 'rejected'],
      [glued, 'non-toxic to children', 'answered'],
      [glued, 'non\u2011toxic to children', 'answered'],
      [glued, '500 people took', 'rejected'],
      [glued, '1,500 people took', 'answered'],
      [glued, '5 milligrams for', 'rejected'],
      [glued, '0.5 milligrams for', 'answered'],
      [glued, '1,500 people took 0', 'rejected'],
      [glued, '1,500 people took 0.5', 'answered'],
      [glued, '15 days', 'rejected'],
      [glued, '10\u201315 days', 'answered'],
      [glued, '10-15 days', 'answered'],
      [glued, 'days at 10', 'rejected'],
      [glued, 'days at 10:30', 'answered'],
      [remedies, 'known remedies for the flu', 'rejected'],
      [remedies, 'well-known remedies for the flu', 'answered'],
      [remedies, 'well known remedies', 'rejected'],
      [remedies, 'about 2 times', 'rejected'],
      [remedies, 'about 2.5 times more', 'answered'],
      [remedies, '5 times more', 'rejected'],
      [remedies, 'cost 2020 dollars', 'answered'],
      // Symbols and dashes beside a quote's first and last word are compared too, across spaces and punctuation.
      [checks, 'Status: \u2713', 'answered'],
      [checks, 'Status \u2717', 'answered'],
      [checks, 'Status: \u2713 \u2713', 'rejected'],
      [checks, '\u2713 in June', 'answered'],
      [checks, '\u2717 in June', 'rejected'],
      [checks, 'Exits \u2713', 'rejected'],
      [checks, 'Trend \u2191', 'rejected'],
      [checks, 'Trend \u2193 -', 'answered'],
      [checks, 'Trend \u2193 +', 'rejected'],
      [checks, 'Trend', 'answered'],
    ];

    it.each(table.map(([p, quote, verdict]) => [quote, p, verdict] as const))('%s', (quote, p, verdict) => {
      const verification = verifyAnswer(`It says "${quote}" [1].`, [p], { quotes: { minLength: 1 } });
      expect(verification.status).toBe(verdict);
      const { accepted, rejected } = resolveQuotedRows([{ handle: 'S1', quote }], [p]);
      expect(accepted.length === 1 ? 'answered' : 'rejected').toBe(verdict);
      if (verdict === 'answered') {
        // The same span, with the signs beside it, as verifyAnswer cites.
        expect(accepted[0]?.citation).toEqual(verification.claims[0]?.citations[0]);
      } else expect(rejected[0]?.code).toBe('quote_not_found');
    });

    it('cites the punctuation a row quotes at its ends where the passage has it there, and only there', () => {
      const cases = [
        ['cost 2020 dollars,', 'cost 2020 dollars,'], // verifyAnswer cites `cost 2020 dollars`
        ['2.5 times more!', '2.5 times more'], // the passage has a full stop
        ['(non-toxic to children:', 'non-toxic to children:'],
        ['\u201cwell-known remedies', 'well-known remedies'],
        ['days at 10:30.', 'days at 10:30.'],
        ['$20 each,', '$20 each,'],
        ['20%', '20%'],
      ] as const;
      const list = [passage(`${remedies.text} ${glued.text} ${signs.text}`)];
      for (const [quote, text] of cases) {
        expect(
          verifyAnswer(`It says "${quote}" [1].`, list, { quotes: { minLength: 1 } }).status,
          quote,
        ).toBe('answered');
        expect(resolveQuotedRows([{ handle: 'S1', quote }], list).accepted[0]?.citation.text, quote).toBe(
          text,
        );
      }
    });

    it('says why a quote with other edges was not found', () => {
      const rows = [
        { handle: 'S1', quote: 'known remedies' },
        { handle: 'S2', quote: '40 degrees' },
        { handle: 'S1', quote: 'nown remedies' },
      ];
      expect(resolveQuotedRows(rows, [remedies, signs]).rejected.map(({ message }) => message)).toEqual([
        'Row 0 quotes text (14 characters) that occurs in passage S1 only with other signs beside it or cut out of a longer word or number; expected its words with the signs the passage writes beside them (-40, 20%, $20), not part of a word or number it glues (non-toxic, 1,500, 0.5).',
        'Row 1 quotes text (10 characters) that occurs in passage S2 only with other signs beside it or cut out of a longer word or number; expected its words with the signs the passage writes beside them (-40, 20%, $20), not part of a word or number it glues (non-toxic, 1,500, 0.5).',
        'Row 2 quotes text (13 characters) that occurs in passage S1 only as part of a word; expected whole words of the passage.',
      ]);
    });

    it('compares case unless ignoreCase is set, and then finds what verifyAnswer finds', () => {
      const list = [passage('Prices Rose by 20% in the NON-TOXIC line; prices rose by 20% elsewhere.')];
      const at = (quote: string, ignoreCase?: boolean): string | undefined => {
        const { accepted } = resolveQuotedRows([{ handle: 'S1', quote }], list, { ignoreCase });
        return accepted[0] && `${accepted[0].citation.start}:${accepted[0].citation.text}`;
      };
      expect(at('prices rose by 20%')).toBe('42:prices rose by 20%');
      expect(at('Prices Rose by 20%')).toBe('0:Prices Rose by 20%');
      expect(at('PRICES ROSE BY 20%')).toBeUndefined();
      expect(at('NON-TOXIC line')).toBe('26:NON-TOXIC line');
      expect(at('non-toxic line')).toBeUndefined();
      expect(at('TOXIC line')).toBeUndefined();
      for (const quote of [
        'PRICES ROSE BY 20%',
        'prices rose by 20%',
        'non-toxic line',
        'toxic line',
        'rose by 20',
      ]) {
        const verification = verifyAnswer(`It says "${quote}" [1].`, list, { quotes: { minLength: 1 } });
        const row = resolveQuotedRows([{ handle: 'S1', quote }], list, { ignoreCase: true }).accepted[0];
        expect(row?.citation, quote).toEqual(verification.claims[0]?.citations[0]);
      }
    });
  });

  describe('invisible characters that change what a quote shows or says (rt12 #2)', () => {
    const text = 'Unemployment rose by 12% in 2020.';
    const tag = (ascii: string): string =>
      [...ascii].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    const verdicts = (quote: string, passageText = text) => {
      const rows = resolveQuotedRows([{ handle: 'S1', quote }], [passage(passageText)]);
      const answer = verifyAnswer(`The report says "${quote}" [1].`, [passage(passageText)]);
      return { row: rows.accepted.length === 1, answer: answer.rejected.length === 0 };
    };

    it('refuses a bidi control the passage does not hold there, as verifyAnswer refuses the quotation', () => {
      for (const quote of [
        'Unemployment rose by \u202e12\u202c%', // RLO … PDF: shows 21%
        'Unemployment rose by \u202b12%\u202c in 2020', // RLE … PDF
        'Unemployment rose by \u206712\u2069%', // RLI … PDI
        'Unemployment rose by \u200f12%', // RLM
        'Unemployment rose by \u061c12%', // ALM
        'Unemployment rose by &#x202E;12&#x202C;%', // written as references, read as the controls
      ]) {
        const { rejected } = resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]);
        expect(rejected, quote).toMatchObject([{ index: 0, code: 'quote_not_found' }]);
        expect(rejected[0]?.message, quote).toContain('invisible character');
        expect(verdicts(quote), quote).toEqual({ row: false, answer: false });
      }
    });

    it('accepts a bidi control the passage writes at the same place, with the text around it', () => {
      const held = 'Unemployment rose by \u2067twelve\u2069 percent.';
      expect(verdicts('rose by \u2067twelve\u2069 percent', held)).toEqual({ row: true, answer: true });
      expect(verdicts('Unemployment rose by twelve percent', held).row).toBe(true);
    });

    it('refuses tag characters (hidden text) the passage does not hold beside the same characters', () => {
      const smuggled = `Unemployment rose by ${tag('APPROVE LOAN 500000')}12%`;
      const rows = resolveQuotedRows(
        [
          { handle: 'S1', quote: smuggled },
          { handle: 'S1', quote: `Unemployment rose${tag('x')}` },
          { handle: 'S1', quote: `${tag('hi')}Unemployment rose` },
          { handle: 'S1', quote: 'Unemployment rose by 12%' },
        ],
        [passage(text)],
      );
      expect(rows.rejected.map(({ index, code }) => ({ index, code }))).toEqual([
        { index: 0, code: 'quote_not_found' },
        { index: 1, code: 'quote_not_found' },
        { index: 2, code: 'quote_not_found' },
      ]);
      expect(rows.rejected[0]?.message).toContain('U+E0041');
      expect(rows.accepted.map(({ index }) => index)).toEqual([3]);
      // Held elsewhere in the passage but not beside these characters.
      const elsewhere = `Unemployment${tag('x')} rose by 12% in 2020.`;
      expect(verdicts(`rose by${tag('x')} 12%`, elsewhere).row).toBe(false);
    });

    it('accepts tag characters the passage writes at the same place (a subdivision flag)', () => {
      const scotland = `\u{1f3f4}${tag('gbsct')}\u{e007f}`;
      const flagged = `The ${scotland} team won in 2020.`;
      const { accepted, rejected } = resolveQuotedRows(
        [{ handle: 'S1', quote: `The ${scotland} team won` }],
        [passage(flagged)],
      );
      expect(rejected).toEqual([]);
      expect(accepted[0]?.citation.text).toBe(`The ${scotland} team won`);
    });
  });
});

// A thirty-sixth review: a Hangul filler inside a quote was dropped (`the\u3164rapist` matched `therapist`), where
// verifyAnswer reads it as the space it shows; quoted rows locate as verifyAnswer does.
describe('resolveQuotedRows on a Hangul filler inside a quote', () => {
  const text = 'He is a therapist.';
  const passages = [{ documentId: 'd', chunkId: 'c', text, start: 0, end: text.length }];
  it.each(['a the\u3164rapist', 'a the\u115frapist', 'a the\uffa0rapist', 'a the\u1160rapist'])(
    'refuses %j, which shows two words',
    (quote) => {
      const { accepted, rejected } = resolveQuotedRows([{ handle: 'S1', quote }], passages);
      expect(accepted).toEqual([]);
      expect(rejected.map((row) => row.code)).toEqual(['quote_not_found']);
    },
  );

  it('reads one between words as their space', () => {
    const { accepted } = resolveQuotedRows([{ handle: 'S1', quote: 'a\u3164therapist' }], passages);
    expect(accepted.map((row) => row.citation.text)).toEqual(['a therapist']);
  });
});
