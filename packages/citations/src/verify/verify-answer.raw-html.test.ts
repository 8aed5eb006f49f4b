import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { verdictLines } from '../__fixtures__/verdict-lines.js';

const PASSAGES = [
  source('Aspirin is not recommended for children. It is recommended for adults.', 'aspirin'),
  source('The tower is 300 metres tall.', 'tower'),
];

const outcome = (answer: string): string[] => verdictLines(answer, PASSAGES);

describe('verifyAnswer on raw HTML a renderer shows nothing of', () => {
  it('reads no citation in a processing instruction, a CDATA section or a declaration (security regression)', () => {
    // CommonMark passes each through as raw HTML, and a browser shows none of it: the claims were accepted.
    for (const hidden of ['<?[1]?>', '<![CDATA[[1]]]>', '<!doctype [1]>'])
      expect(marked.parse(`Aspirin cures cancer ${hidden}.`)).toContain(hidden);
    expect(outcome('Aspirin cures cancer in mice<?[1]?>')).toEqual([]); // no marker: an abstention
    expect(
      outcome('Aspirin cures cancer in mice <![CDATA[[1]]]>. The tower is 300 metres tall [2].'),
    ).toEqual([
      'The tower is 300 metres tall [2]. → 2',
      'no_marker: Aspirin cures cancer in mice <![CDATA[[1]]]>.',
    ]);
    // The `<!` of a declaration ended a sentence, and what it hid was a claim citing source 1.
    expect(outcome('Aspirin cures cancer <!doctype [1]>.\nThe tower is 300 metres tall [2].')).toEqual([
      'The tower is 300 metres tall [2]. → 2',
      'no_marker: Aspirin cures cancer <!doctype [1]>.',
    ]);
  });

  it('hides to the closer across lines, or to the end of the answer when none comes', () => {
    expect(outcome('The tower is tall <?pi\n[1] ?> indeed [2].')).toEqual([
      'indeed [2]. → 2',
      'no_marker: The tower is tall <?pi',
      'no_marker: [1] ?>', // what it hides on a later line cites nothing
    ]);
    expect(outcome('The tower is tall [2]. <![CDATA[ x\n\nIt is 300 metres tall [2].')).toEqual([
      'The tower is tall [2]. <![CDATA[ x → 2', // what shows nothing trails the sentence before it, as markers do
      'no_marker: It is 300 metres tall [2].',
    ]);
    // `<!` before no letter, and `<?` or `<!x` in a code span, open nothing.
    expect(outcome('The tower is tall <!1 [2]. Use `<?x` and `<!x` here [2].')).toEqual([
      'The tower is tall <!1 [2]. → 2',
      'Use `<?x` and `<!x` here [2]. → 2',
    ]);
  });

  it('ends a sentence before a tag or a comment by the word after it (regression)', () => {
    // The `br` or `p` in the tag read as a lower-case word after the full stop: one claim hid the uncited sentence.
    for (const between of [' <br> ', '<br>', '<br/>', '</p><p>', ' <!-- x --> '])
      expect(outcome(`Aspirin cures cancer.${between}It is recommended for adults [1].`), between).toEqual([
        'It is recommended for adults [1]. → 1',
        `no_marker: Aspirin cures cancer.${between.split('\n')[0]!.trimEnd()}`,
      ]);
    // A lower-case word after the tag goes on with the sentence, as it does without one.
    expect(outcome('The tower is tall. <br> indeed 300 metres [2].')).toEqual([
      'The tower is tall. <br> indeed 300 metres [2]. → 2',
    ]);
  });
});
