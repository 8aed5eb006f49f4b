import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import { createAnswerVerifier, type VerifiedUnit } from './create-answer-verifier.js';
import { type VerifyOptions, verifyAnswer } from './verify-answer.js';

// A look-alike marker that a soft line break cuts (`[1][\n3]`): a page joins the lines and shows `[1][ 3]`, a citation
// of a source not shown, as it shows the one-line form. Both parts of it are claims a reader takes for cited by it.
const WATER = [
  source('Water boils at 100 degrees Celsius at sea level. Ice melts at 0 degrees.', 'water'),
  source('Ice floats on water.', 'ice'),
];
const CLAIM = 'Water boils at 100 degrees Celsius at sea level [1]';
const OPTIONS: VerifyOptions[] = [{}, { requireCitations: false }, { unit: 'line' }, { ranges: true }];

const texts = (units: VerifiedUnit[]): string[] =>
  units.map((unit) => `${unit.status}:${unit.status === 'accepted' ? unit.claim.text : unit.rejected.code}`);

/**
 * The rejection codes of `answer`, once the streaming verifier, fed the answer in two pieces cut at every position
 * (and a character at a time), returned the units and the verification `verifyAnswer` and one push return.
 */
function codes(answer: string, options: VerifyOptions = {}): string[] {
  const whole = createAnswerVerifier(WATER, options);
  const units = [...whole.push(answer), ...whole.finish()];
  expect(whole.end()).toEqual(verifyAnswer(answer, WATER, options));
  for (let at = 0; at <= answer.length; at++) {
    const verifier = createAnswerVerifier(WATER, options);
    const returned = [...verifier.push(answer.slice(0, at)), ...verifier.push(answer.slice(at))];
    returned.push(...verifier.finish());
    expect(texts(returned), `${JSON.stringify(answer)} cut at ${at}`).toEqual(texts(units));
    expect(verifier.end()).toEqual(whole.end());
  }
  return streamedCodes(answer, WATER, options);
}

describe('verifyAnswer: a look-alike marker a soft line break cuts', () => {
  it('rejects both parts as marker_out_of_range, whatever requireCitations is (a review found them accepted)', () => {
    for (const cut of [
      '[\n3]',
      '[\r\n3]',
      '[\r3]',
      '[\n 3 ]',
      '[\n3, 4]',
      '[2,\n3]',
      '\uff3b\n\uff13\uff3d',
      '\u3010\n3\u3011',
      '[\n&#51;]',
      '&#91;\n3&#93;',
    ]) {
      for (const options of OPTIONS) {
        const label = `${JSON.stringify(cut)} ${JSON.stringify(options)}`;
        expect(codes(`${CLAIM}${cut}.`, options), label).toEqual([
          'marker_out_of_range',
          'marker_out_of_range',
        ]);
        // With more text on the line after it, and a claim of its own after that.
        const more = codes(`${CLAIM}${cut} at sea level. Ice floats [2].`, options);
        expect(
          more.filter((code) => code === 'marker_out_of_range'),
          label,
        ).toHaveLength(2);
        // The next sentence is a claim of its own (a line is one with `unit: 'line'`).
        const claims = verifyAnswer(`${CLAIM}${cut}. Ice floats [2].`, WATER, options).claims;
        expect(
          claims.map((c) => c.text),
          label,
        ).toEqual(options.unit === 'line' ? [] : ['Ice floats [2].']);
      }
    }
  });

  it('reads a bracket left alone after a sentence or on a line of its own (a thirty-fourth review found it accepted)', () => {
    // The splitter keeps no unit of bare punctuation, so the `[` was read by no part and carried to none.
    for (const answer of [
      `${CLAIM}. [\n3].`,
      `${CLAIM}.\n[\n3].`,
      `${CLAIM}. ([\n3]).`,
      `${CLAIM}. \uff3b\n\uff13\uff3d.`,
      `${CLAIM}. [\n3] Ice floats [2].`,
    ]) {
      for (const options of OPTIONS) {
        const label = `${JSON.stringify(answer)} ${JSON.stringify(options)}`;
        expect(codes(answer, options), label).toEqual(['marker_out_of_range', 'marker_out_of_range']);
        if (options.unit !== 'line')
          expect(verifyAnswer(answer, WATER, options).claims[0]?.text, label).toBe(`${CLAIM}.`);
      }
    }
    // A bracket that shows no number across the break, and an opening parenthesis, are no marker.
    for (const answer of [`${CLAIM}. [\nsee below].`, `${CLAIM}. (\n3).`, `${CLAIM}. [\n\n3].`])
      expect(codes(answer, { requireCitations: false }), answer).toEqual([]);
  });

  it('reads a closing bracket left alone on the next line (a thirty-fifth review found it accepted)', () => {
    // A line of bare punctuation was no part, so the bracket the line before left open closed in none.
    for (const answer of [
      `${CLAIM}[3\n].`,
      `${CLAIM}[3\u2028].`,
      `${CLAIM}[3\u0085].`,
      `${CLAIM}\uff3b\uff13\n\uff3d.`,
    ]) {
      for (const options of OPTIONS) {
        const label = `${JSON.stringify(answer)} ${JSON.stringify(options)}`;
        // Each part is refused (a line unit that reads NEL as no line break holds both: one refusal).
        const refused = codes(answer, options);
        expect(refused.length, label).toBeGreaterThan(0);
        expect(new Set(refused), label).toEqual(new Set(['marker_out_of_range']));
      }
    }
    // A closing bracket alone after a line that leaves none open shows no marker.
    for (const answer of [`${CLAIM}.\n].`, `${CLAIM}.\n)`, `${CLAIM} (see\nbelow\n).`])
      expect(codes(answer, { requireCitations: false }), answer).toEqual([]);
  });

  it('reads a backslash hard line break as the two-space one and `<br>` (a review found it accepted)', () => {
    for (const cut of [
      '[\\\n3]',
      '[\\\r\n3]',
      '[ \\\n3]',
      '[2,\\\n3]',
      '[\\\n 3 ]',
      '\uff3b\\\n\uff13\uff3d',
    ])
      for (const options of OPTIONS) {
        const label = `${JSON.stringify(cut)} ${JSON.stringify(options)}`;
        expect(codes(`${CLAIM}${cut}.`, options), label).toEqual([
          'marker_out_of_range',
          'marker_out_of_range',
        ]);
        // As the hard breaks that held already are read.
        expect(codes(`${CLAIM}${cut.replace('\\', '  ')}.`, options), label).toEqual([
          'marker_out_of_range',
          'marker_out_of_range',
        ]);
      }
    // A backslash a backslash escapes, one written as a reference, one before spaces and one in an HTML block, which
    // reads no markdown, show as text: `[\ 3]`.
    for (const answer of [
      `${CLAIM}[\\\\\n3].`,
      `${CLAIM}[&#92;\n3].`,
      `${CLAIM}[\\  \n3].`,
      `<div>\n${CLAIM}[\\\n3].\n</div>`,
    ])
      for (const options of OPTIONS)
        expect(codes(answer, options), `${JSON.stringify(answer)} ${JSON.stringify(options)}`).not.toContain(
          'marker_out_of_range',
        );
  });

  it('reads it as the one-line form is read: a number a cited passage shows in brackets is its text', () => {
    const passages = [source('See note [\n3] for details.', 'doc')];
    for (const options of OPTIONS)
      expect(
        verifyAnswer('See note [1][\n3] for details.', passages, options).rejected.map((r) => r.code),
        JSON.stringify(options),
      ).not.toContain('marker_out_of_range');
    expect(
      verifyAnswer('See note [1][\n3] for details.', passages, { requireCitations: false }).rejected,
    ).toEqual([]);
    // Cited on the second line only, as `See note [ 3] for details [1].` cites it.
    expect(
      verifyAnswer('See note [\n3] for details [1].', passages, { requireCitations: false }).rejected,
    ).toEqual([]);
  });

  it('rejects one with no real marker that reads as a marker once joined (`[ 3]`)', () => {
    for (const options of [{ requireCitations: false }, { unit: 'line' as const, requireCitations: false }])
      expect(codes('Ice floats [2]. Ice melts at 0 degrees [\n3].', options)).toEqual([
        'marker_out_of_range',
        'marker_out_of_range',
      ]);
  });

  it('keeps the parts apart across a hard break: a blank line, a heading, a list item or a block quote', () => {
    for (const answer of [
      `${CLAIM}[\n\n3] and ice melts at 0 degrees [1].`,
      `${CLAIM}[\r\n\r\n3] and ice melts at 0 degrees [1].`,
      `${CLAIM}[\r\r3] and ice melts at 0 degrees [1].`,
      `${CLAIM}[\n- 3] and ice melts at 0 degrees [1].`,
      `${CLAIM}[\n# 3] and ice melts at 0 degrees [1].`,
      `${CLAIM}[\n> 3] and ice melts at 0 degrees [1].`,
      `# ${CLAIM}[\n3] and ice melts at 0 degrees [1].`,
    ])
      for (const options of OPTIONS)
        expect(codes(answer, options), `${JSON.stringify(answer)} ${JSON.stringify(options)}`).not.toContain(
          'marker_out_of_range',
        );
    // A list item's own line and a block quote's go on with their paragraph.
    for (const answer of [
      `- ${CLAIM}[\n  3] and ice melts at 0 degrees [1].`,
      `> ${CLAIM}[\n> 3] and ice melts at 0 degrees [1].`,
      `> ${CLAIM}[\n3] and ice melts at 0 degrees [1].`,
    ])
      expect(codes(answer), JSON.stringify(answer)).toEqual(['marker_out_of_range', 'marker_out_of_range']);
  });
});
