import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import type { Passage } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import type { VerifyOptions } from './verify-answer.js';

const passage = (documentId: string, text: string, title: string): Passage => ({
  documentId,
  chunkId: `${documentId}#0`,
  start: 0,
  end: text.length,
  text,
  title,
});

const passages: Passage[] = [
  passage(
    'mit',
    'The MIT License is a permissive license. It requires preservation of copyright.',
    'MIT License',
  ),
  passage('gpl', 'The GPL is a copyleft license. Source code must be made available.', 'GNU GPL'),
];

const CITED = 'The MIT License is a permissive license [1].\n';

/**
 * The prefixes of `answer` (pushed one character at a time) after which the verifier said a unit follows, but
 * finishing the answer there adds none: the whole answer's run of that prefix holds no more units than were returned.
 */
function brokenPromises(answer: string, options: VerifyOptions = {}): string[] {
  const streamed = createAnswerVerifier(passages, options);
  let returned = 0;
  const broken: string[] = [];
  for (let end = 1; end <= answer.length; end++) {
    returned += streamed.push(answer[end - 1]!).length;
    if (!streamed.unitFollows()) continue;
    const whole = createAnswerVerifier(passages, options);
    const units = whole.push(answer.slice(0, end)).length + whole.finish().length;
    if (units <= returned) broken.push(answer.slice(0, end));
  }
  return broken;
}

describe('createAnswerVerifier.unitFollows', () => {
  it('reads nested block quotes and list items before a line still being written as containers (regressions)', () => {
    // A fence behind `> 1. >` holds no unit, but `> 1` read as content once a block quote opened the line.
    for (const line of [
      '> 1. > ```',
      '> 1. > ~~~',
      '> 1. > ~~~~',
      '> 1) > ~~~',
      '> 12. ```',
      '1. 2. ```',
      '- 1. ```',
      '- > ```',
      '> - ```',
      '1. > ~~~',
      '> > ```',
      '- - ```',
      '>> ```',
      '  > ```',
      '* > ~~~js',
      '>\t1.\t```',
      // A GitHub alert's `[!NOTE]` line in nested block quotes is a callout's title, no unit.
      '> > [!NOTE]',
      '>> [!tip]',
      '> >  [!WARNING]  ',
    ])
      expect(brokenPromises(CITED + line), line).toEqual([]);
  });

  it('folds a source-list heading’s letters as the heading pattern does (regressions)', () => {
    // U+017F (long s) and U+212A (Kelvin sign) fold to `s` and `k` under /iu.
    for (const line of [
      'ſources: [1] MIT License',
      '**ſource list**: [2] GNU GPL',
      'ſOURCES:',
      'Wor\u212As cited: [1] MIT License',
      'RÉFÉRENCES : [1] MIT License',
      'Bibliografía: [2] GNU GPL',
    ])
      expect(brokenPromises(CITED + line), line).toEqual([]);
  });

  it('keeps every promise at every point an answer may stop (property)', () => {
    // Tokens that make a line structure rather than a claim, or change how its start reads: container prefixes,
    // fences, headings, alerts, source-list headings with letters /iu folds, markers, comments and HTML.
    const tokens = fc.constantFrom(
      '> ',
      '>',
      '1. ',
      '1) ',
      '12.',
      '- ',
      '* ',
      '+ ',
      '  ',
      '\t',
      ' ',
      'a. ',
      '```',
      '~~~',
      '``',
      '~',
      '`',
      'js',
      '# ',
      '## ',
      '[!NOTE]',
      '[!',
      'Sources',
      'ſources',
      'ſource list',
      'SOURCE',
      'Wor\u212As cited',
      '\u212A',
      'ſ',
      'Références',
      'Bibliografía',
      '**',
      ':',
      ' [1]',
      '[2]',
      ' MIT License',
      'The GPL is a copyleft license',
      '.',
      ' x',
      '<!--',
      '-->',
      '<div>',
      '|',
      '\n',
    );
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(tokens, { minLength: 1, maxLength: 8 }),
        fc.constantFrom<VerifyOptions>({}, { unit: 'line' }),
        (cited, parts, options) => {
          const answer = (cited ? CITED : '') + parts.join('');
          expect(brokenPromises(answer, options)).toEqual([]);
        },
      ),
      { numRuns: propertyRuns(400) },
    );
  });
});
