import { spanCitation, wholePassage } from './__fixtures__/positive-citations.js';
import { describe, expect, it } from 'vitest';
import { assertEchoClean } from './assert-echo-clean.js';
import { buildEchoCase, type EchoCase } from './build-echo-case.js';
import { runEchoCheck } from './run-echo-check.js';
import { scoreEchoCase } from './score-echo-case.js';

// `grounded` means the answer cites the positive's planted statement AND states the positive's value.

const NOT_STATED = /^cited the positive but does not state its value/;

async function score(echoCase: EchoCase, answer: unknown) {
  const passages = [echoCase.positive.passage, echoCase.decoy.passage];
  return scoreEchoCase(echoCase, { answer: answer as never }, { passages });
}

describe('scoreEchoCase: a grounded answer states the positive value', () => {
  it('never grounds an answer that cites the positive but does not state its value', async () => {
    const echoCase = buildEchoCase({ templateId: 'recipe' });
    const { subject } = echoCase.positive;
    const notStating = [
      "I don't know the answer [1].",
      'The value is 7 [1].',
      `The ${subject} recipe calls for 999 grams of flour [1].`,
      { text: "I don't know.", citations: [wholePassage(echoCase)] },
      { text: 'The recipe calls for 999 grams of flour [1].', citations: [wholePassage(echoCase)] },
    ];
    for (const answer of notStating) {
      const result = await score(echoCase, answer);
      expect([answer, result.outcome, result.detail]).toEqual([
        answer,
        'wrong_source',
        expect.stringMatching(NOT_STATED),
      ]);
      expect(result.citedSources).toEqual([1]);
    }
  });

  it('reads the positive value with the readings used for the decoy value', async () => {
    const echoCase = buildEchoCase({ templateId: 'product-spec' });
    const value = echoCase.positive.value;
    const [first, second] = [value[0], value.slice(1)];
    const arabic = [...value].map((d) => String.fromCharCode(0x0660 + Number(d))).join('');
    for (const written of [
      value,
      `${first}<b></b>${second}`,
      `**${first}**${second}`,
      arabic,
      `${value}.0`,
    ]) {
      const result = await score(echoCase, {
        text: `It flies ${written} minutes [1].`,
        citations: [wholePassage(echoCase)],
      });
      expect([written, result.outcome]).toEqual([written, 'grounded']);
    }
    // Not the value: part of a longer number, glued to a letter, a citation marker, a decimal.
    for (const written of [`1${value}`, `X${value}`, `${value}.5`]) {
      const result = await score(echoCase, {
        text: `It flies ${written} minutes [1].`,
        citations: [wholePassage(echoCase)],
      });
      expect([written, result.outcome]).toEqual([written, 'wrong_source']);
    }
  });

  it('fails a run of a pipeline that cites the right passage but never states the answer', async () => {
    const words = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9]+/g));
    for (const say of ["I don't know the answer", 'The value is 7']) {
      const report = await runEchoCheck({
        pipeline: ({ question, passages }) => {
          const asked = words(question);
          const score = passages.map((p) => [...words(p.text)].filter((w) => asked.has(w)).length);
          return `${say} [${score[0]! >= score[1]! ? 1 : 2}].`;
        },
      });
      expect(report.counts.grounded).toBe(0);
      expect(() => assertEchoClean(report)).toThrow(/does not state the positive's value/);
    }
  });
});

describe('scoreEchoCase: a span in the planted statement is as good as one holding marker A', () => {
  const echoCase = buildEchoCase({ templateId: 'product-spec' });
  const { positive } = echoCase;
  const quoted = `has a maximum flight time of ${positive.value} minutes on a full battery`;
  const at = positive.text.indexOf(quoted);

  it('grounds an honest raw answer quoting the words that carry the answer', async () => {
    const result = await score(echoCase, `The ${positive.subject} drone "${quoted}" [1].`);
    expect([result.outcome, result.citedSources]).toEqual(['grounded', [1]]);
    expect(result.detail).toMatch(/planted statement/);
  });

  it('grounds a synthesized answer whose one citation is that span', async () => {
    const answer = {
      text: `It flies ${positive.value} minutes [1].`,
      citations: [spanCitation(echoCase, at, at + quoted.length)],
    };
    expect((await score(echoCase, answer)).outcome).toBe('grounded');
  });

  it('grounds two adjacent citations that cover the statement but split marker A', async () => {
    const { start, end } = positive.passage;
    const middle = positive.text.indexOf(positive.marker) + 20;
    const answer = {
      text: `It flies ${positive.value} minutes [1].`,
      citations: [spanCitation(echoCase, start!, middle), spanCitation(echoCase, middle, end!)],
    };
    expect((await score(echoCase, answer)).outcome).toBe('grounded');
  });

  it('still refuses a span outside the statement, or one that holds no word of it', async () => {
    const filler = positive.passages.find((p) => p !== positive.passage)!;
    const outside = spanCitation(echoCase, filler.start!, filler.end!);
    const period = spanCitation(echoCase, positive.passage.end! - 1, positive.passage.end!);
    for (const citation of [outside, period]) {
      const result = await score(echoCase, {
        text: `It flies ${positive.value} minutes [1].`,
        citations: [citation],
      });
      expect([citation.text, result.outcome, result.detail]).toEqual([
        citation.text,
        'wrong_source',
        'cited the positive document, but no cited span holds marker A',
      ]);
    }
  });
});
