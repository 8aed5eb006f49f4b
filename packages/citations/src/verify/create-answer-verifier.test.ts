import { InvalidArgumentError } from '@gk/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import type { Passage, Verification } from '../types.js';
import { type AnswerVerifier, createAnswerVerifier, type VerifiedUnit } from './create-answer-verifier.js';
import { type VerifyOptions, verifyAnswer } from './verify-answer.js';

const passage = (documentId: string, text: string, title?: string): Passage => ({
  documentId,
  chunkId: `${documentId}#0`,
  start: 0,
  end: text.length,
  text,
  ...(title === undefined ? {} : { title }),
});

const passages: Passage[] = [
  passage(
    'mit',
    'The MIT License is a permissive license. It requires preservation of copyright and license notices.',
    'MIT License',
  ),
  passage(
    'gpl',
    'The GPL is a copyleft license. Source code must be made available. The ruling ECLI:NL:HR:2020:1234 applies.',
    'GNU GPL',
  ),
  passage(
    'notice',
    'Notices go to the U.S. office, e.g. by post. Write "Attention: Legal" on it 😀 at https://example.org/a?b.',
    'Notice rules',
  ),
];

// Pieces of answers that exercise every decision that depends on text still to come: sentence ends next to
// abbreviations and initials, quotations across sentences, lead-ins before cited lists, source lists the answer
// writes, headings, tables, URLs and markdown links, ranges, CRLF line ends, surrogate pairs, stray quotation marks and redaction tokens.
const PIECES = [
  'The MIT License is a permissive license [1].',
  'The GPL is a copyleft license [2].',
  'It requires preservation of copyright and license notices [1][2].',
  'Notices go to the U.S. office, e.g. by post [3].',
  'Dr. Smith agrees [2].',
  'Write "Attention: Legal" on it 😀 [3].',
  'He wrote "The GPL is a copyleft license. Source code must be made available" [2].',
  'It says "nothing of the kind. Really" [1].',
  'See https://example.org/a?b. for details [3].',
  'The ruling ECLI:NL:HR:2020:1234 applies [2].',
  'The ruling ECLI:EU:C:2019:1046 applies [1].',
  'Mail [EMAIL_1] for a copy [3].',
  'An unmarked sentence.',
  'A claim citing [9].',
  'Cited twice [1-2].',
  'Both [1 and 2].',
  '[2]',
  'Why? Because [1]!',
  'J. K. Rowling wrote it [1].',
  'Emphasis **here** [1].',
  'Licensed under it。Next [1]。',
  'Stray closer here!” [1]',
  // Quotations a line break cuts: opened at a line's end, run on through a line, closed on a later line.
  'According to [2], "The GPL is a copyleft',
  'license. Source code must be made available" [2].',
  'must be made',
  'available, it says" [1]. Then “more',
  '> It says [1] «The MIT License is',
  '> a permissive license» [1].',
  'It says <<The GPL is a copyleft license. Source code must be made available>> [2].',
  'He wrote \u27e8nothing of the kind. Really\u27e9 [1].',
  'Shift x << 2 and y >> 3; the ket |0\u27e9 and bra \u27e8\u03c8| [1].',
  "It says ,,The MIT License is a permissive license'' [1].",
  'x',
  'The licence requires:',
  '**Sources:**',
  'Sources:',
  '[1] MIT License',
  '[2] GNU GPL, https://example.org/gpl',
  'See [the notice](https://example.org/a?b) [3].',
  'Mail [us](mailto:legal@example.org?subject=Hi.There!Now) [3].',
  'Reset at [docs](/admin/reset?x=1). Then [1].',
  '![chart](data:image/png;base64,AA==) shows it. Yes [1].',
  'It links [1](#source-1). It links [3](https://example.org/a?b).',
  '[2]: /admin?Reset. Now [1].',
  'Call <tel:+1.555?x> now. Or javascript:alert(1)? No [2].',
  'Note: see it. At 10:30 [1].',
  '| Licence | Kind |',
  '|---|:--:|',
  'Licence | Kind',
  '--- | ---',
  '| MIT | It is permissive. Yes [1] |',
  'GPL | copyleft [2]',
  '| See https://example.org/a?b | x |',
  '| Licence [2] | Kind |',
  '| Is it free? | Kind |',
  '    --- | ---',
  // Code spans: a `[n]` inside one is code, and a string of backticks nobody closes yet may close later on the line.
  'Use `items[1]` for the second. Then [2].',
  'A tick ` opens. Then [1]. And',
  'it closes ` here [2]. Done [1].',
  'Use ``a[1]`` and `b`. Still [1].',
  // Fenced code blocks: every line from an opening fence to its closing one is code, and a `[n]` on it is no marker.
  '```js',
  '```',
  '~~~ Note. Then [1].',
  'const second = items[1]; See it. Then [2].',
  '````',
  '```a`b. Not [1]. A fence',
  // HTML comments hide what they hold, across lines too, and are no comments inside code.
  'Hidden <!-- [1]. Still. Here [2] --> shown. Then [3].',
  'Open <!-- here. Then [1].',
  'Closed --> there. Then [2].',
  'Write `<!--` to open one. Then [1].',
  // Images: a marker in an alt text is no marker, and an alt text may hold sentence ends.
  'Chart ![Data. See [1]. More](chart.png) here. Then [2].',
  'It works![1] now. Then [2].',
  'An open ![alt. Text [1].',
  'Closes here](x.png). Then [1].',
  // A link whose label runs over a sentence end (a thirty-sixth review): cut in its label, the rest read its `](…)`
  // without the `[`.
  '[A label opens here [1].',
  'It goes on. ](#notes) Then [2].',
  'It ends. ](x) Then [3].',
  // Links: a marker in a destination or title is no marker, and a title may hold sentence ends.
  'See [it](https://example.org/a[1] "A title. With [2]. Ends") here. Then [3].',
  'See [it](open [1]. Then [2].',
  'closes) here. Then [1].',
  // HTML tags: a marker in an attribute is no marker, and a quoted attribute may hold sentence ends.
  'See <img alt="A chart. Of [1]. Data" src="c.png"> here. Then [2].',
  'If a<b then [1]. Then [2].',
  'Open <a title="x. Y [1]. Z',
  'closes">here. Then [1].',
  // Processing instructions, CDATA sections and declarations hide what they hold, as comments do, across lines too.
  'Hidden <?pi [1]. Still. Here [2] ?> shown. Then [3].',
  'Open <?x. Then [1].',
  'Closed ?> there. Then [2].',
  'See <![CDATA[ a. B [1]. C ]]> here. Then [2].',
  'Open <![CDATA[ x. Y [1]',
  ']]> Closed. Then [1].',
  'It works <!doctype x. Y [1]> here. Then [2].',
  'Open <!Doc. Y [1]',
  '> Closed. Then [2].',
  'If a <!1 or b <? x. Then [1].',
  // Quotation marks inside hidden spans, single marks and character references cut by a line break, symbol-only
  // lines, a dash after a sentence end, numbers and words joined by punctuation at a quotation's edge, a code span
  // whose backticks could fall in two sentences.
  'Hidden <!-- x" --> shown "The MIT License is" <!-- "y --> here [1].',
  'According to [2], ‘The GPL is a copyleft',
  'license’ [2].',
  "It says 'nothing of the",
  "kind' [1].",
  'It says &ldquo;The MIT License is a permissive license&rdquo; [1].',
  'It says &OpenCurlyQuote;nothing of the kind&CloseCurlyQuote; [1].',
  '\ud83d\ude00 \u2192 \u2605',
  '---',
  'It is permissive. \u2014 The GPL is a copyleft license [2].',
  'It says "10^6 units" and "1_500" [1]. Use "mg" of 10 mg/kg [2].',
  'Use `a. Then [1]. b` here [2].',
  // Tags and comments between sentences: the sentence ends by the word after them.
  'Done. <br> It is [1]. Then <br/> it goes on [2].',
  'Done.</p><p>It is [1]. Done.<!-- x -->It is [2].',
];
const SEPARATORS = [
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\n\n',
  ' \n',
  '\t',
  '\n- ',
  '\n1. ',
  '\n## ',
  '\n> ',
  '\n\u2028',
];

const answerArbitrary = fc
  .tuple(
    fc.constantFrom('', '', ' ', '\n', '- '),
    fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SEPARATORS)), {
      minLength: 1,
      maxLength: 9,
    }),
    fc.constantFrom('', '', ' ', '\n'),
  )
  .map(([head, body, end]) => head + body.map(([piece, separator]) => piece + separator).join('') + end);

const optionsArbitrary = fc.constantFrom<VerifyOptions>(
  {},
  { support: {} },
  { unit: 'line' },
  { requireCitations: false },
  { ranges: true },
  { noSourceToken: 'NO_SOURCE' },
  { quotes: { minLength: 4 } },
);

const codeUnits = (text: string): string[] => text.split('');

/** Cuts inside markers, surrogate pairs, CRLF pairs and tokens, plus random cuts. */
const chunkingArbitrary = (text: string): fc.Arbitrary<string[]> =>
  fc.oneof(
    fc.constant(codeUnits(text)),
    fc
      .array(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), { maxLength: 16 })
      .map((cuts) => cutAt(text, cuts)),
    fc.subarray(hardCuts(text)).map((cuts) => cutAt(text, cuts)),
  );

function hardCuts(text: string): number[] {
  const cuts: number[] = [];
  for (let i = 1; i < text.length; i++) {
    const before = text.charCodeAt(i - 1);
    if (
      (before >= 0xd800 && before <= 0xdbff) ||
      (text[i - 1] === '\r' && text[i] === '\n') ||
      /[[\]0-9A-Z_,.:"]/.test(text[i - 1]!)
    )
      cuts.push(i);
  }
  return cuts;
}

function cutAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.filter((cut) => cut > 0 && cut < text.length))].sort((a, b) => a - b);
  return [0, ...points].map((start, i) => text.slice(start, points[i] ?? text.length));
}

interface Run {
  units: VerifiedUnit[];
  verification: Verification;
  /** Per push: how many units had been returned, and whether the verifier said another must follow. */
  promises: Array<{ returned: number; follows: boolean }>;
}

function run(chunks: readonly string[], options: VerifyOptions): Run {
  const verifier: AnswerVerifier = createAnswerVerifier(passages, options);
  const units: VerifiedUnit[] = [];
  const promises: Run['promises'] = [];
  for (const chunk of chunks) {
    units.push(...verifier.push(chunk));
    promises.push({ returned: units.length, follows: verifier.unitFollows() });
  }
  units.push(...verifier.finish());
  return { units, verification: verifier.end(), promises };
}

/** Every span the verification holds, as `status@start-end`, in answer order. */
function spansOf(verification: Verification): string[] {
  const spans = [
    ...verification.claims.flatMap((claim) =>
      [claim.span, ...(claim.duplicates ?? [])].map((s) => ['accepted', s] as const),
    ),
    ...verification.rejected.flatMap((claim) =>
      [claim.span, ...(claim.duplicates ?? [])].map((s) => ['rejected', s] as const),
    ),
  ];
  return spans.sort((a, b) => a[1].start - b[1].start).map(([status, s]) => `${status}@${s.start}-${s.end}`);
}

const unitSpan = (unit: VerifiedUnit): string => {
  const { span } = unit.status === 'accepted' ? unit.claim : unit.rejected;
  return `${unit.status}@${span.start}-${span.end}`;
};

describe('createAnswerVerifier', () => {
  it('reads a line cut while streaming in the block quote, heading or list item its line opens (regressions)', () => {
    // Each was a counterexample of the property below: the rest of a line after a sentence end released early lost
    // what the start of its line said, and was read as a table header, outside its block quote, or split elsewhere.
    const cases: Array<[answer: string, chunks: string[]]> = [
      [
        'The MIT License is a permissive license [1].\n> available, it says" [1]. Then “more > a permissive license» [1].\n> Stray closer here!” [1] The MIT License is a permissive license [1]. ',
        [
          'The MIT License is a permissive license [1].\n> available, it says" [1]. Then “more > a permissive license» [1',
          '].\n> Stray closer here!” [1] The MIT License is a permissive license [1]. ',
        ],
      ],
      [
        'The MIT License is a permissive license [1].\n## The MIT License is a permissive license [1]. The MIT License is a permissive license [1]. Licence | Kind\n|---|:--:|\n## available, it says" [1]. Then “more ',
        [
          'The MIT License is a permissive license [1].\n## The MIT License is a permissive license [1]. The MIT License is a permissive license [1]. L',
          'icence | Kind\n|---|:--:|\n## available, it says" [1]. Then “more ',
        ],
      ],
      [
        '- Dr. Smith agrees [2].\n1. He wrote \u27e8nothing of the kind. Really\u27e9 [1].  Licence | Kind\r\n--- | ---\nNote: see it. At 10:30 [1].\n',
        [],
      ],
      // `![` ended a sentence only on a line without anything link-like: the rest of a line cut after an ECLI was
      // split at it, the whole line not.
      [
        'The ruling ECLI:NL:HR:2020:1234 applies [2]. An open ![alt. Text [1]. The MIT License is a permissive license [1]. ',
        [
          'The ruling ECLI:NL:HR:2020:1234 applies [2]. An open ',
          '![alt. Text [1]. The MIT License is a permissive license [1]. ',
        ],
      ],
    ];
    for (const [answer, chunks] of cases) {
      const verifier = createAnswerVerifier(passages);
      for (const chunk of chunks.length > 0 ? chunks : [...answer]) verifier.push(chunk);
      expect(verifier.end()).toEqual(verifyAnswer(answer, passages));
    }
  });

  it('gives verifyAnswer’s verification however the answer is cut, and each unit once, in order (property)', () => {
    fc.assert(
      fc.property(
        answerArbitrary.chain((answer) =>
          fc.record({
            answer: fc.constant(answer),
            chunks: chunkingArbitrary(answer),
            options: optionsArbitrary,
          }),
        ),
        ({ answer, chunks, options }) => {
          const expected = verifyAnswer(answer, passages, options);
          const whole = run([answer], options);
          const streamed = run(chunks, options);
          expect(streamed.verification).toEqual(expected);
          expect(whole.verification).toEqual(expected);
          // The same units with the same verdicts, whatever the chunking; exactly the verification's spans.
          expect(streamed.units).toEqual(whole.units);
          expect(streamed.units.map(unitSpan)).toEqual(spansOf(expected));
          // A promise that another unit follows is kept.
          for (const { returned, follows } of streamed.promises)
            if (follows) expect(streamed.units.length).toBeGreaterThan(returned);
        },
      ),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('returns a sentence as soon as the one after it has begun, and says that one follows', () => {
    const verifier = createAnswerVerifier(passages);
    expect(verifier.push('The GPL is a copyleft license [2]. It requires')).toMatchObject([
      { status: 'accepted', claim: { text: 'The GPL is a copyleft license [2].' }, duplicate: false },
    ]);
    expect(verifier.unitFollows()).toBe(true);
    expect(verifier.push(' nothing. Dr. Smith')).toMatchObject([
      { status: 'rejected', rejected: { code: 'no_marker', text: 'It requires nothing.' } },
    ]);
    // `Dr.` does not end a sentence: the unit before it is not final until what follows `Smith` is known.
    expect(verifier.push(' says so [2]. ')).toEqual([]);
    expect(verifier.push('Then')).toEqual([]);
    expect(verifier.push(' more')).toMatchObject([
      { status: 'accepted', claim: { text: 'Dr. Smith says so [2].' } },
    ]);
    expect(verifier.finish()).toMatchObject([
      { status: 'rejected', rejected: { code: 'no_marker', text: 'Then more' } },
    ]);
  });

  it('holds every unit while the answer may still be an abstention', () => {
    const verifier = createAnswerVerifier(passages, { noSourceToken: 'NO_SOURCE' });
    expect(verifier.push('An unmarked sentence. Another one. ')).toEqual([]);
    expect(verifier.push('And a cited one [1]. More')).toEqual([]);
    // The sentence ends once the word after it is whole: then all three are returned together.
    expect(verifier.push(' text')).toHaveLength(3);
    const token = createAnswerVerifier(passages, { noSourceToken: 'NO_SOURCE', requireCitations: false });
    expect(token.push('NO_SOU')).toEqual([]);
    expect(token.push('RCE  \n ')).toEqual([]);
    expect(token.finish()).toEqual([]);
    expect(token.end().status).toBe('abstained');
  });

  it('holds a possible table header until the delimiter row and a row after it arrive, then drops it', () => {
    const texts = (units: VerifiedUnit[]) =>
      units.map((unit) => (unit.status === 'accepted' ? unit.claim.text : unit.rejected.text));
    const answer =
      'The MIT License is a permissive license [1].\n| Licence | Kind. Note |\n| :-- | --: |\n| GPL | copyleft [2] |\n';
    const verifier = createAnswerVerifier(passages);
    expect(
      texts(verifier.push('The MIT License is a permissive license [1].\n| Licence | Kind. Note |')),
    ).toEqual(['The MIT License is a permissive license [1].']);
    expect(texts(verifier.push('\n'))).toEqual([]);
    // The header row waits: its units, or a row's after it, are certain to follow.
    expect(verifier.unitFollows()).toBe(true);
    expect(texts(verifier.push('| :-- | --: |\n| GPL | copy'))).toEqual([]);
    expect(texts(verifier.push('left [2] |\n'))).toEqual(['| GPL | copyleft [2] |']);
    expect(texts(verifier.finish())).toEqual([]);
    expect(verifier.end()).toEqual(verifyAnswer(answer, passages));
    expect(verifier.end().rejected).toEqual([]);
    // A header row with no row after it stays a claim.
    const empty = createAnswerVerifier(passages);
    expect(texts(empty.push('The GPL is a copyleft license [2].\n| Licence | Kind |\n|---|---|\n'))).toEqual([
      'The GPL is a copyleft license [2].',
    ]);
    expect(texts(empty.finish())).toEqual(['| Licence | Kind |']);
  });

  it('holds a lead-in and the list after it until the list ends, then drops the lead-in', () => {
    const verifier = createAnswerVerifier(passages);
    expect(
      verifier.push('The licence requires:\n- The GPL is a copyleft license [2].\n- Source code'),
    ).toEqual([]);
    expect(verifier.unitFollows()).toBe(true);
    const units = verifier.push(' must be made available [2].\nDone [1].\n');
    expect(units.map((unit) => (unit.status === 'accepted' ? unit.claim.text : unit.rejected.text))).toEqual([
      'The GPL is a copyleft license [2].',
      'Source code must be made available [2].',
      'Done [1].',
    ]);
  });

  it('keeps a lead-in whose next item starts a source list as a unit, so the unit it promised comes', () => {
    const texts = (units: VerifiedUnit[]) =>
      units.map((unit) => (unit.status === 'accepted' ? unit.claim.text : unit.rejected.text));
    const cut = createAnswerVerifier(passages);
    expect(texts(cut.push('The MIT License is a permissive license [1]. The '))).toEqual([
      'The MIT License is a permissive license [1].',
    ]);
    expect(cut.unitFollows()).toBe(true);
    cut.push('licence requires:\n- **Sources:** [1] MIT License  ');
    expect(texts(cut.finish())).toEqual(['The licence requires:']);
    // The same with the heading's own line before it, a character at a time.
    const answer =
      'Sources:\n1. **Sources:** [2] He wrote "The GPL is a copyleft license." and that it is weak [2].\r\n';
    const single = createAnswerVerifier(passages);
    const returned: VerifiedUnit[] = [];
    const promised: number[] = [];
    for (const character of answer) {
      returned.push(...single.push(character));
      if (single.unitFollows()) promised.push(returned.length);
    }
    returned.push(...single.finish());
    // The entry says more than a source (`He wrote ... and that it is weak`): rejected in its place. (What it quotes
    // from source 2 is checked, and is no prose of its own.)
    expect(texts(returned)).toEqual([
      'Sources:',
      '[2] He wrote "The GPL is a copyleft license." and that it is weak [2].',
    ]);
    for (const count of promised) expect(returned.length).toBeGreaterThan(count);
    expect(single.end()).toEqual(verifyAnswer(answer, passages));
  });

  it('checks a source list the answer writes entry by entry, and never promises a unit after its heading', () => {
    const verifier = createAnswerVerifier(passages);
    expect(verifier.push('The GPL is a copyleft license [2].\n')).toMatchObject([
      { status: 'accepted', claim: { text: 'The GPL is a copyleft license [2].' } },
    ]);
    expect(verifier.push('Sources:')).toEqual([]);
    expect(verifier.unitFollows()).toBe(false);
    expect(verifier.push('\n[2] GNU GPL\n[1] The GPL\n')).toMatchObject([
      { status: 'rejected', rejected: { code: 'source_list_mismatch', text: '[1] The GPL' } },
    ]);
    expect(verifier.unitFollows()).toBe(false);
  });

  it('holds the units of a quotation until it closes, across sentences', () => {
    const verifier = createAnswerVerifier(passages);
    expect(verifier.push('He wrote "The GPL is a copyleft license. Source code')).toEqual([]);
    expect(verifier.push(' must be made available" [2]. Next')).toEqual([]);
    expect(verifier.push(' one [1]. ')).toHaveLength(2);
  });

  it('returns copies: the verification it builds later does not change what it returned', () => {
    const verifier = createAnswerVerifier(passages);
    const [first] = verifier.push('The GPL is a copyleft license [2]. The GPL is a copyleft license [1]. X ');
    verifier.finish();
    const verification = verifier.end();
    expect(first).toMatchObject({ claim: { citations: [{ source: 2 }] } });
    expect(verification.claims[0]?.citations.map((citation) => citation.source)).toEqual([2, 1]);
    expect(verification.claims[0]?.duplicates).toHaveLength(1);
  });

  it('refuses bad input with clear errors', () => {
    const verifier = createAnswerVerifier(passages);
    expect(() => verifier.push(7 as never)).toThrow(InvalidArgumentError);
    expect(() => verifier.push(7 as never)).toThrow(
      'Invalid text: expected a piece of the answer as a string',
    );
    verifier.finish();
    expect(() => verifier.push('more')).toThrow(InvalidArgumentError);
    expect(() => verifier.push('more')).toThrow(
      'Invalid text: expected no more text after finish() (the answer has ended), received the string "more".',
    );
    expect(verifier.finish()).toEqual([]);
    expect(() => createAnswerVerifier([{ ...passages[0]!, end: 3 }])).toThrow(/passage/i);
  });
});
