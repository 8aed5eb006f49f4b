import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import type { VerifyOptions } from './verify-answer.js';
import { verifyAnswer } from './verify-answer.js';

// Review round 16: look-alike markers in brackets no hand-kept list named, a lead-in that shows one, and a digit an
// inline SVG draws inside a bracket.
const PASSAGES = [
  source('Water boils at 100 °C at sea level.', 'water'),
  source('Ice floats on water.', 'ice'),
];
const CLAIM = 'Water boils at 100 °C at sea level [1]';

/** The codes of the rejections, the same whole and streamed. */
const codes = (answer: string, options: VerifyOptions = {}): string[] =>
  streamedCodes(answer, PASSAGES, options);

/** Every open punctuation character followed by the close punctuation of its pair (`(` `)`, `⟬` `⟭`, `｢` `｣`). */
function openClosePairs(): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let code = 0; code < 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const open = String.fromCodePoint(code);
    const close = String.fromCodePoint(code + 1);
    if (/\p{Ps}/u.test(open) && /\p{Pe}/u.test(close)) pairs.push([open, close]);
  }
  // Pairs whose halves do not stand side by side, and the ornate parentheses (closing first, for right-to-left text).
  pairs.push(['[', ']'], ['{', '}'], ['\uff3b', '\uff3d'], ['\uff5b', '\uff5d'], ['\ufd3f', '\ufd3e']);
  return pairs;
}

// Parentheses and braces in any form (`(3)` in prose is no citation), quotation marks that are open punctuation, and
// (review round 16, second look) the brackets that quote or title text in Chinese and Japanese (〈《「『 and the forms
// NFKC reads as them: ｢ ﹁ ﹃ ︽ ︿ 〈) and the math delimiters ⌈ ⌊ ⟨: they hold numbers in honest prose (`《1984》`,
// `「3」を選択`, `⌈3⌉`).
const NOT_A_BRACKET = (open: string): boolean =>
  /^[({\u3008\u300a\u300c\u300e\u2308\u230a\u27e8]$/.test(open.normalize('NFKC')) || open === '\u301d';

describe('verifyAnswer: look-alike marker brackets read as a class (review round 16)', () => {
  it('rejects a number in every pair of open and close punctuation beside a real marker, but parentheses and braces', () => {
    const pairs = openClosePairs();
    expect(pairs.length).toBeGreaterThan(70);
    for (const [open, close] of pairs) {
      const answer = `${CLAIM}${open}3${close}.`;
      const name = `U+${open.codePointAt(0)!.toString(16)} ${open}3${close}`;
      if (NOT_A_BRACKET(open)) {
        if (open !== '[') expect(codes(answer), name).not.toContain('marker_out_of_range');
      } else expect(codes(answer), name).toEqual(['marker_out_of_range']);
    }
  });

  it('rejects the ones a review found accepted, and the corners and bracket pieces', () => {
    for (const lookAlike of [
      '⟬3⟭',
      '❲3❳',
      '⦗3⦘',
      '⸢3⸣',
      '⎡3⎤',
      '⎣3⎦',
      '⎛3⎞',
      '⎝3⎠',
      '⎧3⎫',
      '⎩3⎭',
      '⌜3⌝',
      '⌞3⌟',
      '⦃3⦄',
      '⟮3⟯',
      '⦅3⦆',
      '︗3︘',
      '&loang;3&roang;',
      '&lbbrk;3&rbbrk;',
      '&lopar;3&ropar;',
      '&ulcorn;3&urcorn;',
      '&#x27EC;3&#x27ED;',
      '⟬2,3⟭',
      '⟬３⟭',
    ])
      expect(codes(`${CLAIM}${lookAlike}.`), lookAlike).toEqual(['marker_out_of_range']);
  });

  it('keeps a number in parentheses or braces in prose, and one a cited passage shows in such a bracket', () => {
    for (const answer of [
      'Water boils at 100 °C (3) at sea level [1].',
      'Water boils at 100 °C （3） at sea level [1].',
      'Water boils at 100 °C ⁽³⁾ at sea level [1].',
      'Water boils at 100 °C ⑶ at sea level [1].',
      'Water boils at 100 °C {3} at sea level [1].',
      'Steps: (1) boil (2) wait, at 100 °C at sea level [1].',
    ])
      expect(codes(answer), answer).toEqual([]);
    // A number in quotation marks is a quotation, checked as one (it holds a digit), never a marker.
    const quoted = 'Water boils at 100 °C at sea level „3“ [1].';
    expect(
      streamedCodes(quoted, [source('Water boils at 100 °C at sea level, rule 3 says.', 'water')]),
    ).toEqual([]);
    expect(codes(quoted)).toEqual(['quote_not_found']);
    const shown = [source('Water boils at 100 °C ⟬3⟭ at sea level.', 'water')];
    expect(streamedCodes(`${CLAIM}⟬3⟭.`, shown)).toEqual([]);
    // An in-range number beside a real marker stays what it was: the claim is checked against its real markers.
    expect(codes(`${CLAIM}⟬2⟭.`)).toEqual([]);
  });

  it('reads a bracket a line break cuts in the new brackets too', () => {
    // Both lines show it, joined: the one that opens it and the one that closes it.
    expect(codes(`${CLAIM}⟬\n3⟭ and ice floats on water [2].`)).toEqual([
      'marker_out_of_range',
      'marker_out_of_range',
    ]);
  });
});

describe('verifyAnswer: a lead-in that shows a look-alike marker (review round 16)', () => {
  const ITEMS = '\n- Water boils at 100 °C [1].\n- Ice floats [2].';

  it('rejects it, so that the verification records it, whether or not the support check is on', () => {
    for (const marker of [
      '［1］',
      '[1\u200b]',
      '[<b>1</b>]',
      '&#91;1&#93;',
      '〚2〛',
      '⟬1⟭',
      '[<svg><text>1</text></svg>]',
    ]) {
      const leadIn = `Aspirin cures cancer in mice ${marker}:`;
      for (const options of [{}, { support: {} }]) {
        expect(codes(`${leadIn}${ITEMS}`, options), leadIn).toEqual(['no_marker']);
        const { claims, rejected } = verifyAnswer(`${leadIn}${ITEMS}`, PASSAGES, options);
        expect(claims.map((claim) => claim.text)).toEqual(['Water boils at 100 °C [1].', 'Ice floats [2].']);
        expect(rejected[0]!.text).toBe(leadIn);
      }
    }
  });

  it('rejects one of a source not shown as out of range, as before', () => {
    expect(codes(`Aspirin cures cancer in mice 〚3〛:${ITEMS}`)).toEqual(['marker_out_of_range']);
  });

  it('refuses it when citations are not required, as a claim left uncited that shows a citation (ADR 0072)', () => {
    const answer = `Aspirin cures cancer in mice ［1］:${ITEMS}`;
    expect(codes(answer, { requireCitations: false })).toEqual(['no_marker']);
    const { claims, rejected } = verifyAnswer(answer, PASSAGES, { requireCitations: false });
    expect(claims.map((claim) => claim.text)).not.toContain('Aspirin cures cancer in mice ［1］:');
    expect(rejected[0]).toMatchObject({ text: 'Aspirin cures cancer in mice ［1］:', code: 'no_marker' });
  });

  it('still drops a lead-in that shows no marker', () => {
    expect(codes(`Aspirin cures cancer in mice:${ITEMS}`)).toEqual([]);
    expect(codes(`Water boils, as follows (see 2 below):${ITEMS}`)).toEqual([]);
  });
});

describe('verifyAnswer: a digit an inline SVG draws inside a bracket (review round 16)', () => {
  it('reads what `<text>` and `<tspan>` draw as shown, with the support check on or off', () => {
    for (const drawn of [
      '[<svg width="8" height="14"><text y="12">3</text></svg>]',
      '[<svg><text><tspan>3</tspan></text></svg>]',
      '[<svg>3</svg>]',
      '<svg><text>[3]</text></svg>',
    ])
      for (const options of [{}, { support: {} }])
        expect(codes(`${CLAIM}${drawn}.`, options), drawn).toEqual(['marker_out_of_range']);
  });

  it('reads what an SVG never draws (its title, a script) as hidden still', () => {
    for (const hidden of ['[<svg><title>3</title></svg>]', '[<svg><script>3</script></svg>]'])
      expect(codes(`${CLAIM}${hidden}.`), hidden).toEqual([]);
  });
});
