import { type Passage, verifyAnswer } from '@gk/citations';
import { generateText } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passages.js';
import { DEFAULT_PROMPT, NO_SOURCE_TOKEN, renderPrompt } from '../synthesize/default-prompt.js';
import { synthesize } from '../synthesize/synthesize.js';
import { extractiveModel } from './extractive-model.js';

// formatSources shows a passage sanitised: `[2]` as `(2)`, full-width brackets as parentheses, controls and invisible
// characters removed. The model reads only that; what it writes is checked against the passages themselves.

async function ask(question: string, passages: readonly Passage[], maxSentences = 4): Promise<string> {
  const prompt = await renderPrompt(DEFAULT_PROMPT, { question, passages });
  const { text } = await generateText({
    model: extractiveModel({ maxSentences }),
    system: prompt.system,
    prompt: prompt.user,
  });
  return text;
}

function rejectedCodes(answer: string, passages: readonly Passage[]): string[] {
  return verifyAnswer(answer, passages, { support: {}, noSourceToken: NO_SOURCE_TOKEN }).rejected.map(
    (claim) => claim.code,
  );
}

const PLAIN = 'The licence requires that notices be kept in all copies.';

// Each holds, in a link, an identifier or a quotation, text the prompt shows otherwise.
const ALTERED = [
  'The licence requires that notices see https://example.org/notice[2] for details.',
  'The licence requires that notices cite doi:10.1000/notice[2] in full.',
  'The licence requires that notices [link](https://example.org/notice[3]) the terms.',
  'The licence requires that notices link <https://example.org/notice[2]> in full.',
  'The licence requires that notices see https://example.org/notice［a］ for details.',
  'The licence requires that notices see https://example.org/notice[S3] for details.',
  'The licence requires that notices say "kept [2] intact" in all copies.',
  'The licence requires that notices say “kept ［a］ intact” in all copies.',
  'The licence requires that notices name ECLI:NL:HR:2020:1[2] in full.',
];

describe('extractiveModel with passage text the prompt shows differently', () => {
  it('answers NO_SOURCE, never a failing claim, for a link holding [2] (review repro: synthesize threw)', async () => {
    const result = await synthesize({
      model: extractiveModel(),
      question: 'What does the licence require for notices?',
      passages: [passage('d1', ALTERED[0]!)],
      verify: { support: {} },
      policy: 'drop-claims',
    });
    expect(result.status).toBe('abstained');
    expect(result.rejected).toEqual([]);
  });

  // A property run found a sentence inside a comment that a blank line parts from its opener quoted as a claim: the
  // verifier reads a word's edge as a page shows it (ADR 0078) and refuses a quotation that starts inside a comment.
  it.each([
    '<!-- \n\n. " warranty[2] [2]. warranty warranty-->.',
    '<!-- note\n\nThe warranty is void. "The warranty lasts two years." -->\n\nThe warranty lasts one year.',
    '<? x\n\n"The warranty lasts two years." ?> The warranty lasts one year.',
    '<!DOCTYPE x\n\n"The warranty lasts two years." > The warranty lasts one year.',
  ])('quotes no sentence from inside a comment: %j', async (text) => {
    const passages = [passage('d0', text), passage('d1', 'warranty warranty.', 1000)];
    for (const question of ['warranty?', 'How long does the warranty last?']) {
      const answer = await ask(question, passages);
      expect([answer, rejectedCodes(answer, passages)]).toEqual([answer, []]);
      expect(answer).not.toContain('two years');
    }
  });

  it.each(ALTERED)('answers with sentences that pass verification when a passage holds %s', async (text) => {
    const passages = [passage('d1', `${text} ${PLAIN}`)];
    const answer = await ask('What does the licence require for notices?', passages, 1);
    // Another sentence where the altered one would fail (a link, a long quotation), else whichever ranks first.
    expect(answer).not.toBe(NO_SOURCE_TOKEN);
    expect([answer, rejectedCodes(answer, passages)]).toEqual([answer, []]);
  });

  it('still quotes a sentence whose parentheses hold no identifier or quotation', async () => {
    const passages = [passage('d1', 'Notices (see section 2) must be kept in all copies [3].')];
    const answer = await ask('Must notices be kept?', passages);
    expect(answer).toBe('Notices (see section 2) must be kept in all copies (3). [1]');
    expect(rejectedCodes(answer, passages)).toEqual([]);
  });

  const WORDS = ['warranty', 'notice', 'licence', 'void', 'months', 'parts', 'the', 'is', 'of', '12'];
  const TRICKY = [
    // Markers and their look-alikes, in links, identifiers, code and quotations.
    '[2]',
    '[ 2 ]',
    '[1, 2]',
    '[2 and 4]',
    '[S3]',
    '[[2]]',
    '［5］',
    'x［5］y',
    '(2)',
    '(2)x',
    'https://example.org/notice[2]',
    'https://example.org/a(2)b',
    'https://example.org/wiki/Foo_(bar)',
    'https://example.org/［a］',
    '[see](https://example.org/x[3])',
    '<https://example.org/a[2]>',
    '![img](a[2].png)',
    'www.example.org/p[3]',
    '10.1000/xyz[2]',
    'doi:10.1000/a(3)',
    'ECLI:NL:HR:2020:1[2]',
    'user@example.org',
    'x@example.org[2]',
    '§ 2[3]',
    '`code [2] span`',
    '`warranty(2)`',
    '\n```\n',
    '`',
    '$[2]$',
    '\\[2\\]',
    // HTML.
    '<a href="https://example.org/[4]">warranty</a>',
    '<b>void</b>',
    '<!-- [5] -->',
    '<!--',
    '-->',
    '<code>',
    '</code>',
    '<br>',
    '&#91;2&#93;',
    // Quotations, straight, curly and look-alike, holding markers and invisible characters.
    '"',
    '“',
    '”',
    '"void [2] months"',
    '“void (2) months”',
    '“void ［a］ months”',
    "'void [2]'",
    '„void [2]“',
    '«void [2]»',
    '‹void›',
    '"warranty\u200b void"',
    '"void\u200e months"',
    '"void \u202e12\u202c"',
    '"void\u0007 x"',
    // Emoji, right-to-left text and bidi controls.
    '🙂',
    '👩\u200d💻',
    'שלום',
    'مرحبا',
    '\u05d0[2]\u05d1',
    '"\u05d0 [2] \u05d1"',
    '\u2067עברית\u2069',
    '\u202eabc\u202c',
    '\u200f',
    '\u061c',
    // Other text formatSources rewrites, and segmentation.
    '\u00ad',
    '\u00a0',
    'a\u0000b',
    '12\u201314',
    '\n',
    '\n\n',
    '\n- ',
    '> ',
    'e.g.',
    'Dr.',
    '?',
    ';',
    ':',
  ];
  const word = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...WORDS) },
    { weight: 2, arbitrary: fc.constantFrom(...TRICKY) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...TRICKY)).map(([a, b]) => a + b),
    },
  );
  const sentence = fc.array(word, { minLength: 2, maxLength: 10 }).map((words) => `${words.join(' ')}.`);
  const passages = fc
    .array(
      fc.array(sentence, { minLength: 1, maxLength: 4 }).map((sentences) => sentences.join(' ')),
      { minLength: 1, maxLength: 3 },
    )
    .map((texts) => texts.map((text, i) => passage(`d${i}`, text, i * 1000)));
  const question = fc
    .array(fc.constantFrom(...WORDS.slice(0, 6)), { minLength: 1, maxLength: 4 })
    .map((words) => `${words.join(' ')}?`);

  it('writes only claims that pass verifyAnswer on its own passages, over tricky passages', async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(passages, question, async (sources, asked) => {
        const answer = await ask(asked, sources);
        if (answer !== NO_SOURCE_TOKEN) answered++;
        expect([answer, rejectedCodes(answer, sources)]).toEqual([answer, []]);
      }),
      { numRuns: 500 },
    );
    // The property is not met by abstaining: runs answer. Over twelve unseeded runs 199 to 238 of the 500 answered
    // (mean 214); a bound of 200 failed now and then, so it sits well below chance and far above zero.
    expect(answered).toBeGreaterThan(125);
  });
});
