// A bidi control in the uncited text beside a provider's claim reorders what the reader sees of it, as one inside it
// would (rt9 #3): refused as verifyAnswer refuses a claim that holds one (ADR 0042), with or without `support`.
import { describe, expect, it } from 'vitest';
import { controlsBesideClaims } from './controls-beside-claims.js';
import type { ProviderCitation, VerifyProviderCitationsOptions } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const text =
  'In 2020 prices rose by 12% last year across the region, the report says. Rents fell by 1 - 2 points.';
const documents = [{ documentId: 'report', chunkId: 'report#0', start: 0, end: text.length, text }];

/** An answer of blocks; every string in `cited` is a block citing the whole report, the others are uncited. */
function blocks(parts: string[], cited: readonly string[], options?: VerifyProviderCitationsOptions) {
  let answer = '';
  const citations: ProviderCitation[] = [];
  for (const part of parts) {
    if (cited.includes(part))
      citations.push({
        document: { index: 0 },
        answer: { start: answer.length, end: answer.length + part.length },
        location: { type: 'offsets', start: 0, end: text.length, unit: 'utf16' },
        citedText: text,
      });
    answer += part;
  }
  return verifyProviderCitations(answer, citations, documents, options);
}
/** Each claim's verdict: its code, or `ok`. */
const verdicts = (verification: ReturnType<typeof blocks>) =>
  Object.fromEntries([
    ...verification.claims.map((claim) => [claim.text, 'ok']),
    ...verification.rejected.map((claim) => [claim.text, claim.code]),
  ]);

describe('bidi controls beside a provider claim', () => {
  it.each([{}, { support: {} }])(
    'refuses the claims an override around a cited number reorders (%j)',
    (options) => {
      // Shown as "Prices rose by %21, last year across the region." (a claim of `12` alone would cut `12%`: refused
      // as answer_out_of_range, see verify-provider-citations.answer-cuts.test.ts).
      const parts = ['Prices rose by ', '\u202e', '12%', '\u202c', ', last year across the region.'];
      expect(
        verdicts(blocks(parts, ['Prices rose by ', '12%', ', last year across the region.'], options)),
      ).toEqual({
        'Prices rose by': 'ok',
        '12%': 'unsupported',
        ', last year across the region.': 'unsupported',
      });
    },
  );

  it.each([
    ['an override left open before a claim', ['Prices rose by \u202e', '12% last year across the region']],
    ['an embedding left open before a claim', ['Prices rose by \u202b', '12% last year across the region']],
    ['an isolate around a claim', ['Prices rose by \u2067', '12% last year', '\u2069 across the region.']],
    ['a right-to-left mark before a claim of digits', ['Rents fell by \u200f', '1 - 2 points.']],
    ['an Arabic letter mark after a claim of digits', ['Rents fell by ', '1 - 2', '\u061c points.']],
  ])('refuses a claim reordered by %s', (_, parts) => {
    const verification = blocks(parts, [parts[1]!]);
    expect(verification.claims).toEqual([]);
    expect(verification.rejected.map((claim) => claim.code)).toEqual(['unsupported']);
    expect(verification.rejected[0]?.message).toMatch(/reordered by U\+(202E|202B|2067|200F|61C)/);
  });

  // rt10 #4: a renderer decodes character references, so a control written as one reorders as the control does.
  // Claims start and end at word edges (`&#8238;12` and `2&#1564` read as one word each; `&|#x200F;` is an edge).
  it.each([
    [
      'an override written as a hexadecimal reference',
      // A page shows `12` and `percent` apart (a `%` after the pop would glue to the number: a span cut from it).
      ['Prices rose by &#x202E;', '12', '&#x202C; percent last year.'],
    ],
    [
      'an override written as a decimal reference',
      ['Prices rose by &#8238; ', '12', ' &#8236;percent last year.'],
    ],
    [
      'an embedding written with leading zeros',
      ['Prices rose by &#X0202b;', '12% last year across the region'],
    ],
    [
      'an isolate around a claim, as references',
      ['Prices rose by &#x2067; ', '12% last year', '&#x2069; across.'],
    ],
    ['a right-to-left mark by name', ['Rents fell by &rlm;', '1 - 2 points.']],
    ['an Arabic letter mark after a claim', ['Rents fell by ', '1 - 2', ' &#1564; points.']],
    ['a reference without its semicolon (raw HTML)', ['Rents fell by <b>&#8207', ' 1 - 2', ' </b> points.']],
    ['a reference the claim’s edge cuts', ['Rents fell by &', '#x200F;1 - 2 points.']],
  ])('refuses a claim reordered by %s', (_, parts) => {
    const verification = blocks(parts, [parts[1]!]);
    expect(verification.claims).toEqual([]);
    expect(verification.rejected.map((claim) => claim.code)).toEqual(['unsupported']);
  });

  it('refuses a claim that writes a control as a reference, as it refuses the control itself', () => {
    for (const claim of [
      'Prices rose by &#x202E;12&#x202C;% last year.',
      'Prices rose by &#8238;12&#8236;% last year.',
      'Rents fell by &rlm;1 - 2&lrm; points.',
      'Rents fell by 1 - 2&#x0061C; points.',
    ]) {
      const verification = blocks([claim], [claim]);
      expect(verification.claims, claim).toEqual([]);
      expect(verification.rejected.map(({ code }) => code)).toEqual(['unsupported']);
    }
  });

  it('refuses a claim reordered by a control in the claim before it, as that claim is for holding it', () => {
    const verification = blocks(
      ['Rents fell by \u202e', '1 - 2', ' points.'],
      ['Rents fell by \u202e', '1 - 2'],
    );
    expect(verification.rejected.map((claim) => [claim.text, claim.code])).toEqual([
      ['Rents fell by \u202e', 'unsupported'],
      ['1 - 2', 'unsupported'],
    ]);
  });

  it('accepts claims no control reaches: past a letter, or beyond the terminator that closes it', () => {
    const verification = blocks(
      [
        'Prices rose by 12% last year.',
        ' See\u200f notes \u2067x\u2069 and \u202eyz\u202c here. ',
        'Rents fell by 1 - 2 points.',
      ],
      ['Prices rose by 12% last year.', 'Rents fell by 1 - 2 points.'],
    );
    expect(verification.rejected).toEqual([]);
    expect(verification.claims).toHaveLength(2);
  });
});

describe('controlsBesideClaims', () => {
  const span = (answer: string, part: string) => ({
    start: answer.indexOf(part),
    end: answer.indexOf(part) + part.length,
  });

  it('reads what each control reaches as the bidi algorithm pairs them', () => {
    // A PDF does not close an isolate: the isolate runs on to its PDI, over the claim.
    const isolate = 'a \u2067b \u202c c\u2069 d';
    expect(controlsBesideClaims(isolate, [span(isolate, 'c')])).toEqual(['\u2067']);
    // A PDI closes the embeddings inside its isolate: the claim after it is not reached.
    const nested = 'a \u2067b \u202e c\u2069 d e';
    expect(controlsBesideClaims(nested, [span(nested, 'd e')])).toEqual([null]);
    // A control inside a claim is its own check's; the claim it reaches past is refused.
    const inside = 'x \u202eab cd';
    expect(controlsBesideClaims(inside, [span(inside, 'x \u202eab'), span(inside, 'cd')])).toEqual([
      null,
      '\u202e',
    ]);
    // A reference reaches as its control does, and is reported as the control; one to another number is text.
    const written = 'a &#x2067;b &#x202c; c&#x2069; d &#82380; e &#x202E0; f';
    expect(
      controlsBesideClaims(written, [span(written, 'c'), span(written, 'e'), span(written, 'f')]),
    ).toEqual(['\u2067', null, null]);
    // No control, nothing to read.
    expect(controlsBesideClaims('plain', [{ start: 0, end: 5 }])).toEqual([null]);
  });
});
