import { describe, expect, it } from 'vitest';
import { buildEchoCase } from './build-echo-case.js';
import { findSourcePointers } from './find-source-pointers.js';
import { scoreEchoCase } from './score-echo-case.js';

// Millions of superscript digits: a regex that repeats a group per digit overflows V8's backtrack stack (a bare
// RangeError); the answer is read and scored instead.
const LONG = 8 * 1024 * 1024;
const long = (unit: string) => unit.repeat(Math.ceil(LONG / unit.length));
const echoCase = buildEchoCase({ caseId: 'case-1', templateId: 'recipe' });
const passages = [echoCase.positive.passage, echoCase.decoy.passage];

describe('source pointers in huge runs of superscripts', () => {
  it.each([
    ['superscript digits', `x${long('¹')}`],
    ['superscript digits and commas', `x${long('¹,')}`],
  ])('scores an answer of %s', async (_, text) => {
    const score = await scoreEchoCase(echoCase, { answer: { text, citations: [] } }, { passages });
    expect(score.outcome).toBeTypeOf('string');
  });

  it('still reads each run between doubled signs on its own', () => {
    expect(findSourcePointers('Text¹,,² here.')).toEqual(findSourcePointers('Text¹ ² here.'));
  });
});
