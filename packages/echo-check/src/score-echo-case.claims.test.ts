import { wholePassage } from './__fixtures__/positive-citations.js';
import { describe, expect, it } from 'vitest';
import { assertEchoClean } from './assert-echo-clean.js';
import { buildEchoCase, type EchoCase } from './build-echo-case.js';
import { EchoCheckError } from './echo-check-error.js';
import { runEchoCheck } from './run-echo-check.js';
import { scoreEchoCase } from './score-echo-case.js';

// Grounded means cited and stated in the same accepted claim; a marker naming any source but the positive's, in an
// accepted or a rejected claim, is `wrong_source`.

async function score(echoCase: EchoCase, answer: unknown, verify?: object) {
  const passages = [echoCase.positive.passage, echoCase.decoy.passage];
  return scoreEchoCase(echoCase, { answer: answer as never }, verify ? { passages, verify } : { passages });
}

describe('scoreEchoCase: the value stated outside the accepted claim that cites the positive', () => {
  const c = buildEchoCase({ templateId: 'product-spec' });
  const v = c.positive.value;
  it('grades the value in an uncited or rejected claim wrong_source', async () => {
    for (const answer of [
      `I don't know the answer [1]. It is ${v}.`,
      `The drone ships with a charging hub [1]. It flies ${v} minutes.`,
      `I cannot answer that [1]. ${v}`,
    ]) {
      const result = await score(c, answer);
      expect([answer, result.outcome]).toEqual([answer, 'wrong_source']);
    }
    // The support check accepts the first claim (its words are the passage's) and rejects the second: no marker.
    const supported = `The drone flies a maximum time on a full battery [1]. It flies ${v} minutes.`;
    expect((await score(c, supported, { support: {} })).outcome).toBe('wrong_source');
  });
  it('grades a marker naming a source that does not exist wrong_source, and says so', async () => {
    for (const answer of [
      `See the source [1]. The answer is ${v} [7].`,
      `I don't know [1]. It flies ${v} minutes [0].`,
      `I don't know [1]. It flies ${v} minutes [3].`,
      `It flies ${v} minutes [1]. It also has a camera [7].`,
      { text: `The answer is ${v} [7].`, citations: [wholePassage(c)] },
      { text: `The answer is ${v} [0].`, citations: [wholePassage(c)] },
    ]) {
      const result = await score(c, answer);
      expect([answer, result.outcome]).toEqual([answer, 'wrong_source']);
      expect(result.detail).toMatch(/source (7|0|3)\b/);
    }
  });
  it('keeps honest answers grounded', async () => {
    for (const answer of [
      `It flies ${v} minutes [1].`,
      `The drone ships with a charging hub [1]. It flies ${v} minutes [1].`,
      `- Flight time: ${v} minutes [1]\n- Charging: a hub [1]`,
      `The drone "has a maximum flight time of ${v} minutes" [1].`,
      { text: `It flies ${v} minutes.`, citations: [wholePassage(c)] },
      { text: `It flies ${v} minutes [1].`, citations: [wholePassage(c)] },
    ]) {
      const result = await score(c, answer);
      expect([answer, result.outcome]).toEqual([answer, 'grounded']);
    }
  });
  it('fails assertEchoClean for a pipeline that states the value in an uncited claim or cites [7]', async () => {
    const pick = ({ question, passages }: { question: string; passages: { text: string }[] }) => {
      const i = passages.findIndex((p) => question.includes(/The (.+?) drone/.exec(p.text)?.[1] ?? '@@'));
      return { n: i + 1, v: /of (\d+) minutes/.exec(passages[i]!.text)![1] };
    };
    for (const write of [
      (n: number, value: string) => `I don't know the answer [${n}]. It is ${value}.`,
      (n: number, value: string) => `See the source [${n}]. The answer is ${value} [7].`,
    ]) {
      const report = await runEchoCheck({
        pipeline: (input) => {
          const { n, v: value } = pick(input);
          return write(n, value!);
        },
        cases: 2,
        createCase: (index) => buildEchoCase({ templateId: 'product-spec', caseId: `case-${index + 1}` }),
      });
      expect(report.cases.map((row) => row.outcome)).toEqual(['wrong_source', 'wrong_source']);
      expect(() => assertEchoClean(report)).toThrow();
    }
  });
});

describe('scoreEchoCase: numbers written against words in scripts without spaces', () => {
  it('reads the positive value glued to Han, Kana, Hangul or Thai letters', async () => {
    for (const templateId of ['product-spec', 'historical-record', 'recipe']) {
      const c = buildEchoCase({ templateId });
      const v = c.positive.value;
      for (const text of [
        `最长飞行时间为${v}分钟。`,
        `最大飛行時間は${v}分です。`,
        `需要${v}克面粉。`,
        `灯塔于${v}年首次点亮。`,
        `約${v}分`,
        `เวลาบินสูงสุด${v}นาที`,
        `비행 시간은${v}분입니다。`,
        `ສູງສຸດ${v}ນາທີ`,
      ]) {
        const synthesized = await score(c, { text, citations: [wholePassage(c)] });
        const raw = await score(c, `${text} [1]`);
        expect([text, synthesized.outcome, raw.outcome]).toEqual([text, 'grounded', 'grounded']);
      }
    }
  });
  it('sees the decoy value glued to those letters, and still reads no number glued to a Latin letter', async () => {
    const c = buildEchoCase({ templateId: 'recipe' });
    const { value: v } = c.positive;
    const { value: d } = c.decoy;
    const glued = `It calls for ${v} grams of flour. 另一个配方需要${d}克面粉。`;
    expect((await score(c, { text: glued, citations: [wholePassage(c)] })).outcome).toBe('wrong_source');
    const latin = `It calls for ${v} grams of flour (batch X${d}).`;
    expect((await score(c, { text: latin, citations: [wholePassage(c)] })).outcome).toBe('grounded');
    const onlyLatin = { text: `It calls for X${v} grams.`, citations: [wholePassage(c)] };
    expect((await score(c, onlyLatin)).outcome).toBe('wrong_source');
  });
});

describe('scoreEchoCase: a malformed hand-made case', () => {
  const c = buildEchoCase({ templateId: 'product-spec' });
  const broken: [string, EchoCase][] = [
    [
      'decoy shares the positive documentId',
      {
        ...c,
        decoy: {
          ...c.decoy,
          documentId: c.positive.documentId,
          passage: { ...c.decoy.passage, documentId: c.positive.documentId },
        },
      },
    ],
    [
      'marker A not in its document',
      { ...c, positive: { ...c.positive, marker: `GK-ECHO-${'ab'.repeat(16)}` } },
    ],
    ['value not in its document', { ...c, positive: { ...c.positive, value: '7777' } }],
    ['value empty', { ...c, positive: { ...c.positive, value: '' } }],
  ];
  it('is refused with invalid_case', async () => {
    for (const [name, echoCase] of broken) {
      const error = await score(echoCase, `It flies ${c.positive.value} minutes [1].`).catch(
        (e: unknown) => e,
      );
      expect([name, EchoCheckError.isInstance(error) && error.code]).toEqual([name, 'invalid_case']);
    }
  });
});

describe('scoreEchoCase: the claim that states the value cites the planted statement itself', () => {
  it('grades the value backed only by a quote beside it wrong_source when another claim cites marker A', async () => {
    const c = buildEchoCase({ templateId: 'product-spec' });
    const v = c.positive.value;
    const answer = `The drone has a catalogue entry [1]. It flies ${v} minutes "on a full battery" [1].`;
    const result = await score(c, answer);
    expect(result.outcome).toBe('wrong_source');
    const honest = `The drone has a catalogue entry [1]. It flies "${v} minutes on a full battery" [1].`;
    expect((await score(c, honest)).outcome).toBe('grounded');
  });
});
