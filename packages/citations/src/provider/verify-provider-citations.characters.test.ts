// Offsets, in the document or in the answer, must fall between characters as they are shown: never between a letter
// and its combining mark, inside a ZWJ emoji sequence, between the two halves of a flag, inside a Hangul syllable
// written in jamo or between CR and LF. Cut there, a slice can read as other words (`esta` in `esta\u0301`: "this",
// not "is"), so the citation is refused as offsets inside a character are, whatever the unit.
import { describe, expect, it } from 'vitest';
import { countIn, documentOf } from '../__fixtures__/provider-document.js';
import type { OffsetUnit } from './create-offset-converter.js';
import type { ProviderCitation } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const UNITS: OffsetUnit[] = ['utf16', 'code-point', 'utf8'];
const SIGNED = 'El contrato esta\u0301 firmado.'; // "está" written as a + U+0301
const ANSWER = 'The contract is signed.';

const count = countIn;

/** Checks a citation of UTF-16 span `start..end` of `text`, sent in `unit`, with that slice as its cited text. */
function verdict(
  text: string,
  start: number,
  end: number,
  unit: OffsetUnit = 'utf16',
): string | [number, number, string] {
  const citation: ProviderCitation = {
    type: 'char_location',
    document: { index: 0 },
    answer: { start: 0, end: ANSWER.length },
    location: { type: 'offsets', start: count(text, start, unit), end: count(text, end, unit), unit },
    citedText: text.slice(start, end),
  };
  const result = verifyProviderCitations(ANSWER, [citation], [documentOf(text)], { quotes: false });
  const citations = result.citations.map((c): [number, number, string] => [c.start, c.end, c.text]);
  return result.rejected[0]?.code ?? citations[0]!;
}

describe('verifyProviderCitations: offsets and characters shown as one', () => {
  it.each(UNITS)('refuses %s offsets that cut a letter from its combining mark', (unit) => {
    const at = SIGNED.indexOf('esta');
    expect(verdict(SIGNED, at, at + 4, unit)).toBe('offsets_out_of_range');
    expect(verdict(SIGNED, at + 4, at + 10, unit)).toBe('offsets_out_of_range'); // starts between a and U+0301
    const citation: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: ANSWER.length },
      location: { type: 'offsets', start: 12, end: 16, unit: 'code-point' },
      citedText: 'esta',
    };
    expect(verifyProviderCitations(ANSWER, [citation], [documentOf(SIGNED)]).rejected).toMatchObject([
      {
        code: 'offsets_out_of_range',
        message:
          'Citation 1 cites 12..16 (code points) of document [1] ("d"), which fall inside a character; expected character boundaries.',
      },
    ]);
  });

  it.each(UNITS)(
    'refuses %s offsets inside an emoji ZWJ sequence, a flag, a Hangul syllable or CR LF',
    (unit) => {
      const team = 'Team 👩‍💻 ships it.';
      const woman = team.indexOf('👩');
      expect(verdict(team, 0, woman + 2, unit)).toBe('offsets_out_of_range'); // 'Team 👩', before the ZWJ
      expect(verdict(team, 0, woman + 3, unit)).toBe('offsets_out_of_range'); // 'Team 👩\u200d', before 💻
      const flags = 'Made in 🇪🇸🇫🇷 today.';
      const flag = flags.indexOf('🇪🇸');
      expect(verdict(flags, 0, flag + 2, unit)).toBe('offsets_out_of_range'); // 'Made in 🇪'
      expect(verdict(flags, flag + 6, flags.length, unit)).toBe('offsets_out_of_range'); // '🇷 today.'
      const hangul = 'Say \u1112\u1161\u11ab now.'; // 한 in jamo
      expect(verdict(hangul, 0, 6, unit)).toBe('offsets_out_of_range'); // 'Say 하', its final ㄴ cut off
      const lines = 'First line\r\nSecond line';
      expect(verdict(lines, 11, lines.length, unit)).toBe('offsets_out_of_range'); // '\nSecond line'
    },
  );

  it.each(UNITS)('accepts %s offsets on the boundaries beside such characters', (unit) => {
    const at = SIGNED.indexOf('esta');
    expect(verdict(SIGNED, at, at + 5, unit)).toEqual([at, at + 5, 'esta\u0301']);
    expect(verdict(SIGNED, 0, at + 5, unit)).toEqual([0, at + 5, 'El contrato esta\u0301']);
    expect(verdict(SIGNED, at + 6, SIGNED.length, unit)).toEqual([at + 6, SIGNED.length, 'firmado.']);
    const team = 'Team 👩‍💻 ships it.';
    const end = team.indexOf(' ships');
    expect(verdict(team, 0, end, unit)).toEqual([0, end, 'Team 👩‍💻']);
    expect(verdict(team, end + 1, team.length, unit)).toEqual([end + 1, team.length, 'ships it.']);
    // Between two flags is a boundary: regional indicators pair from the start of their run. Yet a span there
    // leaves out the flag beside it, a sign, which a cited span may not (as a cited text without a location may not).
    const flags = 'Made in 🇪🇸🇫🇷 today.';
    const second = flags.indexOf('🇫🇷');
    expect(verdict(flags, 0, second, unit)).toBe('span_mismatch');
    expect(verdict(flags, second, flags.length, unit)).toBe('span_mismatch');
    const apart = 'Made in 🇪🇸 🇫🇷 today.';
    const next = apart.indexOf('🇫🇷');
    expect(verdict(apart, 0, next - 1, unit)).toEqual([0, next - 1, 'Made in 🇪🇸']);
    expect(verdict(apart, next, apart.length, unit)).toEqual([next, apart.length, '🇫🇷 today.']);
    const hangul = 'Say \u1112\u1161\u11ab now.';
    expect(verdict(hangul, 0, 7, unit)).toEqual([0, 7, 'Say \u1112\u1161\u11ab']);
    const lines = 'First line\r\nSecond line';
    expect(verdict(lines, 12, lines.length, unit)).toEqual([12, lines.length, 'Second line']);
  });

  it('names no other unit whose reading of the offsets would cut a character', () => {
    // As UTF-8 bytes, 2..6 hold ' est'; as code points they would hold 'esta', cut from its accent.
    const text = '\u00e9 esta\u0301 x';
    const citation: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: ANSWER.length },
      location: { type: 'offsets', start: 2, end: 6, unit: 'utf8' },
      citedText: 'esta',
    };
    const [rejection] = verifyProviderCitations(ANSWER, [citation], [documentOf(text)]).rejected;
    expect(rejection?.code).toBe('span_mismatch');
    expect(rejection?.message).not.toContain('Read as');
  });

  it.each(UNITS)(
    'refuses %s answer offsets that cut a character, as Gemini segments and OpenAI indices are',
    (unit) => {
      const document = documentOf(SIGNED);
      const check = (answer: ProviderCitation['answer']) =>
        verifyProviderCitations(
          SIGNED,
          [{ document: { index: 0 }, answer, citedText: 'contrato' }],
          [document],
        );
      const at = SIGNED.indexOf('esta') + 4; // between a and U+0301
      const claim = check({ start: 0, end: count(SIGNED, at, unit), unit });
      expect(claim.rejected.map((r) => [r.code, r.message])).toEqual([
        [
          'answer_out_of_range',
          `Citation 1 has answer offsets 0..${count(SIGNED, at, unit)} (${{ utf16: 'UTF-16 code units', 'code-point': 'code points', utf8: 'UTF-8 bytes' }[unit]}) that fall inside a character; expected character boundaries.`,
        ],
      ]);
      const marker = check({
        start: count(SIGNED, at, unit),
        end: count(SIGNED, at, unit),
        unit,
        role: 'marker',
      });
      expect(marker.rejected.map((r) => r.code)).toEqual(['answer_out_of_range']);
      const whole = check({ start: 0, end: count(SIGNED, at + 1, unit), unit });
      expect(whole.claims.map((c) => c.text)).toEqual(['El contrato esta\u0301']);
    },
  );

  it('takes the ends of an answer part as boundaries, whatever the answer joins to them', () => {
    // A part that starts with a combining mark (the joined answer puts it after the previous part's last letter).
    const answer = 'Contrato firmado\u0301 otra vez.';
    const from = answer.indexOf('\u0301');
    const result = verifyProviderCitations(
      answer,
      [
        {
          document: { index: 0 },
          answer: { start: 0, end: answer.length - from, within: { start: from, end: answer.length } },
          citedText: 'contrato',
        },
      ],
      [documentOf(SIGNED)],
    );
    expect(result.rejected).toEqual([]);
  });
});
