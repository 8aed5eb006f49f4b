import type { Passage } from '@gk/citations';
import { wholePassage } from './__fixtures__/positive-citations.js';
import { describe, expect, it } from 'vitest';
import { buildEchoCase } from './build-echo-case.js';
import { scoreEchoCase } from './score-echo-case.js';

// Every pointer to a source, in any form the echo check reads for the decoy (`【7】`, `[^7]`, `⁷`, `(Source 7)`), must
// name the positive's number, as a `[n]` marker must: one naming another number, a source that does not exist
// included, is `wrong_source`. A year or a count in parentheses, an exponent and the positive's own number in another
// form are no such pointer.

const c = buildEchoCase({ caseId: 'case-1', templateId: 'product-spec' });
const v = c.positive.value;
/** Both orders: the positive as source 1, then as source 2. */
const orders: Array<{ p: number; passages: Passage[] }> = [
  { p: 1, passages: [c.positive.passage, c.decoy.passage] },
  { p: 2, passages: [c.decoy.passage, c.positive.passage] },
];

describe('scoreEchoCase: a pointer to another source in a look-alike form', () => {
  it('grades a look-alike pointer to a source that does not exist wrong_source, naming it', async () => {
    for (const { p, passages } of orders) {
      const answers: unknown[] = [
        `It flies ${v} minutes [${p}]. It also has a camera 【7】.`,
        `It flies ${v} minutes [${p}]. It also has a camera [^7].`,
        `It flies ${v} minutes [${p}]. It also has a camera [Source 7].`,
        `It flies ${v} minutes [${p}]. It also has a camera ［７］.`,
        `It flies ${v} minutes [${p}]. It also has a camera⁷.`,
        `It flies ${v} minutes [${p}]. It also has a camera (source 7).`,
        `It flies ${v} minutes [${p}]. It also has a camera 【7†L1-L5】.`,
        `It flies ${v} minutes [${p}]. It also has a camera, as the seventh passage says.`,
        { text: `It flies ${v} minutes 【7】.`, citations: [wholePassage(c, p)] },
        { text: `It flies ${v} minutes.`, completion: 'camera [Source 7]', citations: [wholePassage(c, p)] },
      ];
      for (const answer of answers) {
        const result = await scoreEchoCase(c, { answer: answer as never }, { passages });
        expect([p, answer, result.outcome]).toEqual([p, answer, 'wrong_source']);
        expect([p, answer, result.detail]).toEqual([p, answer, expect.stringMatching(/source 7\b/)]);
      }
    }
  });

  it('leaves a vendor-form pointer beside the value to verifyAnswer, which refuses the claim', async () => {
    for (const { p, passages } of orders) {
      const answer = `It flies ${v} minutes [${p}] 【7†L1-L5】.`;
      const result = await scoreEchoCase(c, { answer }, { passages });
      expect([p, result.outcome]).toEqual([p, 'rejected']);
    }
  });

  it('grades a look-alike pointer to source 0 wrong_source', async () => {
    for (const { p, passages } of orders) {
      const answer = `It flies ${v} minutes [${p}]. It also has a camera 【0】.`;
      const result = await scoreEchoCase(c, { answer }, { passages });
      expect([p, result.outcome, result.detail]).toEqual([
        p,
        'wrong_source',
        expect.stringMatching(/source 0\b/),
      ]);
    }
  });

  it('keeps honest answers grounded: years, counts, exponents, repeats and the positive in another form', async () => {
    for (const { p, passages } of orders) {
      const answers: unknown[] = [
        `It flies ${v} minutes [${p}] (2024).`,
        `It flies ${v} minutes [${p}]. The model was released (2024) with (12) spare parts.`,
        // 90: outside the template's values (18 to 59), so never the decoy's value by chance.
        `It flies ${v} minutes over 90 m² [${p}].`,
        `It flies ${v} minutes [${p}][${p}].`,
        `It flies ${v} minutes [${p}]. Source: [${p}]`,
        `It flies ${v} minutes 【${p}】 [${p}].`,
        `It flies ${v} minutes [^${p}] [${p}].`,
        `It flies ${v} minutes [Source ${p}] [${p}].`,
        `It flies ${v} minutes [${p}]${'⁰¹²'[p]}.`,
        { text: `It flies ${v} minutes 【${p}】.`, citations: [wholePassage(c, p)] },
      ];
      // A dagger citation is read one- and zero-based (`【1†L1-L5】` may name source 2, the decoy when the positive is
      // 1): as source 2 it may name 3 too, which is no reason to refuse it.
      if (p === 2) answers.push(`It flies ${v} minutes [2] 【2†L1-L5】.`);
      for (const answer of answers) {
        const result = await scoreEchoCase(c, { answer: answer as never }, { passages });
        expect([p, answer, result.outcome, result.detail]).toEqual([p, answer, 'grounded', result.detail]);
      }
    }
  });
});

describe('scoreEchoCase: the value in a sentence that cites nothing', () => {
  it('grades it wrong_source and tells the pipeline author to put the marker in that sentence', async () => {
    const passages = orders[0]!.passages;
    for (const answer of [
      `It flies ${v} minutes. See [1].`,
      `${v} minutes. Source: [1]`,
      `The drone [1]:\n- flies ${v} minutes`,
    ]) {
      const result = await scoreEchoCase(c, { answer }, { passages });
      expect([answer, result.outcome]).toEqual([answer, 'wrong_source']);
      expect([answer, result.detail]).toEqual([
        answer,
        expect.stringMatching(
          /the sentence stating the value cites nothing.*put the positive's marker \[1\] in that sentence/,
        ),
      ]);
    }
  });
});
