import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { locateQuote } from '../text/locate-quote.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { parseMarkers } from './parse-markers.js';
import { verifyAnswer } from './verify-answer.js';

// Runs of one short unit, up to 8 MB long: a regex that repeats a group keeps a backtrack entry per repetition and
// overflows V8's regexp stack ("Maximum call stack size exceeded") past a few million. Each input must give a result.
// A run is 8 MB unless the regexes read before the fix (0491f01, 520e6ab) overflowed already at half of it: then it is
// 1.25 times the shortest run found to overflow (halving from 8 MB), 5 MB for runs that overflowed at 4 MB.
const SIZE = 8_000_000;
const SHORTER = 5_000_000;
const run = (unit: string, size = SIZE): string => unit.repeat(Math.ceil(size / unit.length));
const passages = [passage('Water boils at 100 degrees Celsius at sea level.')];

describe('verifyAnswer and friends on runs of one short unit, up to 8 MB', () => {
  // Thematic-break marks (line-queue's block start), block-quote marks (quote depth, alerts, headings, fences) and
  // list bullets (fences' container marks).
  it.each([
    ['*', SHORTER],
    ['-', SHORTER],
    ['_', SHORTER],
    ['>', SHORTER],
    ['> ', SIZE],
    ['- ', SIZE],
    ['* ', SIZE],
    ['+ ', SIZE],
  ])('verifies a run of %j', (unit, size) => {
    const result = verifyAnswer(run(unit, size), passages);
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

  // Identifiers, each read as far as its characters go: a claim's or a passage's that runs on for millions of
  // characters is one identifier, which the other side does not hold (4 million `é` overflowed the stack already).
  it.each([
    ['an ECLI', 'claim', 'ECLI:NL:HR:2020:1', 'é'.repeat(4_000_000)],
    ['an ECLI', 'passage', 'ECLI:NL:HR:2020:1', 'é'.repeat(4_000_000)],
    ['a DOI', 'claim', '10.1000/x', 'é'.repeat(4_000_000)],
    ['a DOI', 'passage', '10.1000/x', 'é'.repeat(4_000_000)],
    ['an e-mail address', 'claim', 'a@b', run('.b')],
    ['an e-mail address', 'passage', 'a@b', run('.b')],
  ])('reads %s with a long tail in a %s', (_, side, identifier, tail) => {
    const long = `${identifier}${tail}`;
    const [said, held] = side === 'claim' ? [long, identifier] : [identifier, long];
    const result = verifyAnswer(`See ${said} here [1].`, [passage(`See ${held} here.`)]);
    expect(result.rejected.map((rejected) => rejected.code)).toEqual(['unknown_identifier']);
  });

  it.each(['> ', '- '])('reads a reference definition after a long run of %j in a passage', (unit) => {
    const cited = verifyAnswer('See http://a/ here [1].', [passage(`Links:\n${run(unit)}[1]: http://a`)]);
    expect(cited.citations).toHaveLength(1);
  });

  it.each(['> ', '- '])(
    'reads a line of a long run of %j before a reference definition in a claim',
    (unit) => {
      expect(verifyAnswer(`Water.\n${run(unit)}[x]: http://a [1].`, passages).citations).toEqual([]);
    },
  );

  it("reads a vendor's list of millions of numbers", () => {
    const shown = verifyAnswer(`Water boils at 100 degrees [1] [Source ${run('1, ')}1].`, passages);
    expect(shown.citations).toHaveLength(1);
    const past = verifyAnswer(`Water boils at 100 degrees [1] [Source ${run('1, ')}2].`, passages);
    expect(past.rejected.map((rejected) => rejected.code)).toEqual(['marker_out_of_range']);
  });

  it('checks a phone link against a passage of millions of digits', () => {
    // A loop with a least count of four or more (`[\d ().-]{5,}`) keeps a backtrack entry per repetition in any text,
    // and threw past about 6 million characters.
    const digits = passage(`${run('1', 6_500_000)} Call 555 010 0199.`);
    const shown = verifyAnswer('Call tel:5550100199 [1].', [digits]);
    expect({ cited: shown.citations.length, rejected: shown.rejected }).toEqual({ cited: 1, rejected: [] });
    const absent = verifyAnswer('Call tel:5550100198 [1].', [digits]);
    expect(absent.rejected.map((claim) => claim.code)).toEqual(['unknown_identifier']);
  });

  it('reads a code block in millions of block quotes', () => {
    // Each line of the block starts with as many marks: its marker is code, the one after the closing fence is not.
    // Before the fix, the fence regex built from these marks was refused (SyntaxError) at 4 MB already.
    const marks = run('>', SHORTER);
    const answer = `${marks}\`\`\`\n${marks}Water boils [2].\n${marks}\`\`\`\nWater boils at 100 degrees [1].`;
    expect(parseMarkers(answer).map((marker) => marker.numbers)).toEqual([[1]]);
  });
});
