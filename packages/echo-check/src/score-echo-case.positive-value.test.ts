import type { Citation } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { buildEchoCase, type EchoCase } from './build-echo-case.js';
import { EchoCheckError } from './echo-check-error.js';
import { scoreEchoCase } from './score-echo-case.js';

// Second look at `grounded`: the span must cover the value, the value must be shown, and read as a whole number.

function spanCitation(echoCase: EchoCase, start: number, end: number): Citation {
  const { positive } = echoCase;
  const text = positive.text.slice(start, end);
  return { source: 1, documentId: positive.documentId, chunkId: positive.passage.chunkId, start, end, text };
}
const whole = (c: EchoCase): Citation => spanCitation(c, c.positive.passage.start!, c.positive.passage.end!);
const score = (c: EchoCase, answer: unknown) =>
  scoreEchoCase(c, { answer: answer as never }, { passages: [c.positive.passage, c.decoy.passage] });

describe('scoreEchoCase: a span in the planted statement counts only if it covers the value', () => {
  const c = buildEchoCase({ templateId: 'product-spec' });
  const { positive } = c;
  const { start, end } = positive.passage as { start: number; end: number };
  const at = (word: string) => positive.text.indexOf(word, start);
  it('refuses a span sharing only words of the statement other than its value', async () => {
    const spans: [number, number][] = [
      [start, start + 3], // The
      [at(positive.subject), at(positive.subject) + positive.subject.length],
      [at('drone'), at('drone') + 5],
      [end - 18, end], // on a full battery.
      [start - 20, start + 1], // filler and the statement's first letter
    ];
    for (const [from, to] of spans) {
      const result = await score(c, {
        text: `It flies ${positive.value} minutes.`,
        citations: [spanCitation(c, from, to)],
      });
      expect([positive.text.slice(from, to), result.outcome]).toEqual([
        positive.text.slice(from, to),
        'wrong_source',
      ]);
    }
  });
  it('grounds an honest quote of the value-bearing words', async () => {
    const quoted = `${positive.value} minutes`;
    const result = await score(c, {
      text: `It flies ${positive.value} minutes.`,
      citations: [spanCitation(c, at(quoted), at(quoted) + quoted.length)],
    });
    expect(result.outcome).toBe('grounded');
  });
});

/** A case whose decoy is not the positive value reversed: written under an override, that would state the decoy. */
function caseWithoutReversedDecoy(): EchoCase {
  for (;;) {
    const c = buildEchoCase({ templateId: 'product-spec' });
    if ([...c.positive.value].reverse().join('') !== c.decoy.value) return c;
  }
}

describe('scoreEchoCase: the positive value is read only as a page shows it, as a whole number', () => {
  const c = caseWithoutReversedDecoy();
  const v = c.positive.value;
  const reversed = [...v].reverse().join('');
  it('refuses a value a page does not show', async () => {
    for (const text of [
      `<span hidden>${v}</span>I don't know.`,
      `<!-- ${v} -->I don't know.`,
      `<details>${v}</details>I don't know.`,
      // Script data double-escaped: the first `</script>` ends no script (a thirty-fifth review: read as grounded).
      `It flies <script><!--<script></script>${v} --></script> minutes.`,
      // Reversed, a palindrome (`55`) shows itself: only another value is hidden by the override.
      ...(reversed === v ? [] : [`It flies \u202e${v}\u202c minutes.`]),
    ]) {
      const result = await score(c, { text, citations: [whole(c)] });
      expect([text, result.outcome]).toEqual([text, 'wrong_source']);
    }
    expect((await score(c, `<span hidden>${v}</span>I don't know [1].`)).outcome).toBe('wrong_source');
    // Laid out right to left, the override shows the value.
    const shown = await score(c, {
      text: `It flies \u202e${reversed}\u202c minutes.`,
      citations: [whole(c)],
    });
    expect(shown.outcome).toBe('grounded');
  });
  it('refuses the value inside another or hedged number', async () => {
    for (const text of [
      `It flies ${v} or 3 minutes.`,
      `It flies 3 or ${v} minutes.`,
      `It flies 3-${v} minutes.`,
      `It flies between 10 and ${v}0 minutes.`,
      `It flies ${v} 000 minutes.`,
      `It flies 1 ${v} minutes.`,
      `It flies -${v} minutes.`,
      `${v}. I don't know.`,
      'Unknown (checked at 10:' + v + ').',
      `Unknown as of 2026-01-${v}.`,
      `It flies ${v}.5 minutes.`,
    ]) {
      const result = await score(c, { text, citations: [whole(c)] });
      expect([text, result.outcome]).toEqual([text, 'wrong_source']);
    }
  });
  it('still grounds the value written plainly or grouped as thousands', async () => {
    for (const text of [
      `It flies ${v} minutes.`,
      `(${v})`,
      `${v}.`,
      `- ${v}`,
      `About ${v}, on a full battery.`,
    ]) {
      const result = await score(c, { text, citations: [whole(c)] });
      expect([text, result.outcome]).toEqual([text, 'grounded']);
    }
    const year = buildEchoCase({ templateId: 'historical-record' });
    const n = Number(year.positive.value);
    for (const text of [
      `It was first lit in ${n.toLocaleString('en-US')}.`,
      `Lit in ${n.toLocaleString('de-DE')}.`,
    ]) {
      const result = await score(year, { text, citations: [whole(year)] });
      expect([text, result.outcome]).toEqual([text, 'grounded']);
    }
  });
});

describe('scoreEchoCase: a case whose question or subject states the value', () => {
  it('is refused with invalid_case', async () => {
    const c = buildEchoCase({ templateId: 'product-spec' });
    const v = c.positive.value;
    const asked: EchoCase = {
      ...c,
      question: `Is the flight time of the ${c.positive.subject} drone ${v} minutes?`,
    };
    const named: EchoCase = { ...c, positive: { ...c.positive, subject: `Kestrel Q${v}` } };
    for (const echoCase of [asked, named]) {
      const error = await score(echoCase, `${echoCase.question} I don't know [1].`).catch((e: unknown) => e);
      expect(EchoCheckError.isInstance(error) && error.code).toBe('invalid_case');
    }
  });
});

describe('scoreEchoCase: the positive value spelled out in English words', () => {
  const base = buildEchoCase({ templateId: 'contract-term' });
  // The value is written into the positive's planted statement too: a case whose value its document does not hold is
  // refused (`invalid_case`).
  const withValue = (value: string): EchoCase => {
    const { positive } = base;
    const after = positive.text.indexOf(positive.marker) + positive.marker.length;
    const at = positive.text.indexOf(positive.value, after);
    const text = positive.text.slice(0, at) + value + positive.text.slice(at + positive.value.length);
    const end = positive.passage.end! + value.length - positive.value.length;
    const passage = { ...positive.passage, end, text: text.slice(positive.passage.start, end) };
    return { ...base, positive: { ...positive, value, text, passage } };
  };
  it('grounds a whole number 0–999 in words', async () => {
    for (const [value, text] of [
      ['26', 'Staff get twenty-six days.'],
      ['26', 'Staff get Twenty six days.'],
      ['105', 'Staff get one hundred and five days.'],
      ['105', 'Staff get one hundred five days.'],
      ['40', 'Forty days.'],
      ['7', 'Seven days.'],
    ] as const) {
      const c = withValue(value);
      const result = await score(c, { text, citations: [whole(c)] });
      expect([text, result.outcome]).toEqual([text, 'grounded']);
    }
  });
  it('refuses the words inside another number or a hedge', async () => {
    for (const [value, text] of [
      ['20', 'Staff get twenty-six days.'],
      ['26', 'Staff get twenty six thousand days.'],
      ['6', 'Staff get one hundred and six days.'],
      ['20', 'Staff get twenty or thirty days.'],
      ['30', 'Staff get twenty or thirty days.'],
      ['5', 'Staff get minus five days.'],
    ] as const) {
      const c = withValue(value);
      const result = await score(c, { text, citations: [whole(c)] });
      expect([text, result.outcome]).toEqual([text, 'wrong_source']);
    }
  });
});
