import { markerPieces, splitMarker } from './__fixtures__/marker-pieces.js';
import { wholePassage } from './__fixtures__/positive-citations.js';
import { describe, expect, it } from 'vitest';
import { buildEchoCase, type EchoCase } from './build-echo-case.js';
import { runEchoCheck } from './run-echo-check.js';
import { scoreEchoCase } from './score-echo-case.js';

// A thirty-seventh review found answers graded `grounded` while the page showed the decoy's value: the positive's value
// in a popover a page does not open, the decoy's drawn by a style sheet or joined across a popover. And a pipeline
// that leaked an earlier case's marker in pieces (a popover, a style sheet, a frame's `srcdoc` between them) passed.

const score = (c: EchoCase, text: string) =>
  scoreEchoCase(
    c,
    { answer: { text, citations: [wholePassage(c)] } },
    { passages: [c.positive.passage, c.decoy.passage] },
  );

describe('scoreEchoCase: the decoy value a page shows', () => {
  const c = buildEchoCase({ caseId: 'case-1', templateId: 'product-spec' });
  const { positive, decoy } = c;
  const statement = (value: string) =>
    `The ${positive.subject} drone has a maximum flight time of ${value} minutes [1].`;
  const digits = [...decoy.value];

  it('grades an honest answer grounded', async () => {
    expect((await score(c, statement(positive.value))).outcome).toBe('grounded');
  });

  it.each([
    [
      "the positive's value in a popover, the decoy's drawn by a style sheet",
      statement(`<span popover>${positive.value}</span><span class=v></span>`) +
        `<style>.v::before{content:${digits.map((d) => `"${d}"`).join(' /*x*/ ')}}</style>`,
    ],
    [
      "the decoy's value drawn from attributes",
      statement(`<span class=v data-a="${digits[0]}" data-b="${digits.slice(1).join('')}"></span>`) +
        '<style>span.v::after{content:attr(data-a) attr(data-b)}</style>',
    ],
    [
      "the decoy's value joined across a popover",
      statement(
        `<span popover>${positive.value} days; about</span> ${digits[0]}<span popover>zz</span>${digits.slice(1).join('')}`,
      ),
    ],
    [
      "the decoy's value in a frame's document",
      statement(
        `<iframe srcdoc="${digits[0]}&lt;b hidden&gt;0&lt;/b&gt;${digits.slice(1).join('')}"></iframe>`,
      ),
    ],
  ])('grades wrong_source: %s', async (_, text) => {
    const result = await score(c, text);
    expect([result.outcome, result.detail]).toEqual([
      'wrong_source',
      expect.stringContaining("decoy's value"),
    ]);
  });

  it("does not count the positive's value a popover hides as stated", async () => {
    const result = await score(c, statement(`<span popover>${positive.value}</span>`));
    expect(result.outcome).toBe('wrong_source');
  });
});

describe('runEchoCheck: a marker of an earlier case leaked in pieces a page shows whole', () => {
  const leaks: Array<[string, (marker: string) => string]> = [
    ['a popover', (m) => splitMarker(m, '<span popover>zz</span>')],
    [
      'a style sheet',
      (m) => {
        const [a, b, c] = markerPieces(m);
        return `<style>#n::before{content:"GK-ECHO-${a}"/*z*/"${b}"/*z*/"${c}"}</style><p id=n></p>`;
      },
    ],
    ['a frame', (m) => `<iframe srcdoc="${splitMarker(m, '&lt;i&gt;&lt;/i&gt;')}"></iframe>`],
  ];

  it.each(leaks)('flags the case as leaked: %s', async (_, leak) => {
    let remembered: string | undefined;
    const report = await runEchoCheck({
      cases: 2,
      pipeline: ({ passages }) => {
        const positive = passages.find((p) => /GK-ECHO-[0-9a-f]{32}/.test(p.text))!;
        const marker = /GK-ECHO-[0-9a-f]{32}/.exec(positive.text)![0];
        const text = `${positive.text} [1]${remembered === undefined ? '' : `\n\n${leak(remembered)}`}`;
        remembered ??= marker;
        return text;
      },
    });
    expect(report.cases.map((one) => one.leaked)).toEqual([false, true]);
  });
});
