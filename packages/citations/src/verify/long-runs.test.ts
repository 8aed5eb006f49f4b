import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { locateQuote } from '../text/locate-quote.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { parseMarkers } from './parse-markers.js';
import { verifyAnswer } from './verify-answer.js';

// Runs of one short unit, 8 MB long: a regex that repeats a group keeps a backtrack entry per repetition and overflows
// V8's regexp stack ("Maximum call stack size exceeded") past a few million. Each input must give a result.
const SIZE = 8_000_000;
const run = (unit: string): string => unit.repeat(Math.ceil(SIZE / unit.length));
const passages = [passage('Water boils at 100 degrees Celsius at sea level.')];

describe('verifyAnswer and friends on 8 MB runs of one short unit', () => {
  // Thematic-break marks (line-queue's block start), block-quote marks (quote depth, alerts, headings, fences) and
  // list bullets (fences' container marks).
  it.each(['*', '-', '_', '>', '> ', '- ', '* ', '+ '])('verifies a run of %j', (unit) => {
    const result = verifyAnswer(run(unit), passages);
    expect(result.citations).toEqual([]);
  });

  it('verifies a long line of block-quote marks before a claim and its marker, streamed', () => {
    const answer = `${run('> ')}Water boils at 100 degrees Celsius [1].`;
    const verifier = createAnswerVerifier(passages);
    verifier.push(answer.slice(0, SIZE / 2));
    verifier.push(answer.slice(SIZE / 2));
    expect(verifier.end()).toEqual(verifyAnswer(answer, passages));
  });

  it('reads a tag with a long run of attributes, or of values, as one tag', () => {
    const attributes = `<span ${run('a ')}>[1]</span>`;
    expect(parseMarkers(attributes).map((marker) => marker.numbers)).toEqual([[1]]);
    const values = `<span a${run('=""')}>[1]</span>`;
    expect(parseMarkers(values).map((marker) => marker.numbers)).toEqual([[1]]);
  });

  it('verifies a claim holding a tag with a long run of quoted values, or a long run of bullets', () => {
    for (const answer of [
      `Water boils <a${run('=""')}> at 100 degrees [1].`,
      `Water boils ${run('- ')} at 100 [1].`,
    ])
      expect(verifyAnswer(answer, passages).claims).toHaveLength(1);
  });

  it('locates a quote in a long text of short words', () => {
    const text = `${run('a ')}water boils`;
    expect(locateQuote('water boils', text)).toEqual({ start: text.length - 11, end: text.length });
  });
});
