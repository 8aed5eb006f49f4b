import { hashLabelSet, type LabelItem, type LabelSet } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { copyLabelSet, licenceLabelSet } from '../__fixtures__/label-set.js';
import { createLabelSet } from './create-label-set.js';
import { defaultJudgePrompt, faithfulnessRubric } from '../faithfulness/default-judge-prompt.js';
import { isJudgeRubric, verifyLabelSet } from './verify-label-set.js';

const items: LabelItem[] = licenceLabelSet.items.slice(0, 3);

describe('createLabelSet', () => {
  it('freezes items with the shared rubric and a content hash that verifies', async () => {
    const set = await createLabelSet({ name: 'small', items, createdAt: new Date('2026-11-30T05:00:00Z') });
    expect(set).toMatchObject({ schemaVersion: 1, name: 'small', createdAt: '2026-11-30T05:00:00.000Z' });
    expect(set.rubric).toBe(faithfulnessRubric);
    expect(set.hash).toBe(await hashLabelSet(set));
    expect(await verifyLabelSet(set, { prompt: defaultJudgePrompt })).toEqual({ success: true, data: set });
  });

  it('refuses a misspelt option instead of recording its default (the shared rubric, the time now)', async () => {
    for (const key of ['rubic', 'createdat', 'description']) {
      await expect(createLabelSet({ name: 'small', items, [key]: 'x' } as never)).rejects.toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', parameter: `options.${key}` }),
      );
    }
  });

  it('gives the same hash for reordered items and another for any edited label', async () => {
    const createdAt = new Date('2026-11-30T05:00:00Z');
    const a = await createLabelSet({ name: 'small', items, createdAt });
    const b = await createLabelSet({ name: 'small', items: [...items].reverse(), createdAt });
    const c = await createLabelSet({
      name: 'small',
      items: [{ ...items[0]!, faithful: !items[0]!.faithful }, ...items.slice(1)],
      createdAt,
    });
    expect(b.hash).toBe(a.hash);
    expect(c.hash).not.toBe(a.hash);
  });

  it('throws the schema error for duplicate ids, items without passages or unknown keys', async () => {
    await expect(createLabelSet({ name: 'dup', items: [items[0]!, items[0]!] })).rejects.toThrow(
      /duplicate id/,
    );
    await expect(createLabelSet({ name: 'bare', items: [{ ...items[0]!, passages: [] }] })).rejects.toThrow();
    const withScore = { ...items[0]!, score: 0.7 } as unknown as LabelItem;
    await expect(createLabelSet({ name: 'score', items: [withScore] })).rejects.toThrow(/score/);
    await expect(createLabelSet({ name: 'empty', items: [] })).rejects.toThrow();
  });
});

describe('verifyLabelSet', () => {
  it('verifies the committed example set, also from its JSON text', async () => {
    expect((await verifyLabelSet(licenceLabelSet)).success).toBe(true);
    expect((await verifyLabelSet(JSON.stringify(licenceLabelSet))).success).toBe(true);
  });

  type Edit = (set: LabelSet) => void;
  it.each<[string, Edit]>([
    [
      'a flipped label',
      (set) => {
        set.items[0]!.faithful = false;
      },
    ],
    [
      'an edited passage',
      (set) => {
        set.items[1]!.passages[0]!.title = 'Other';
      },
    ],
    [
      'an edited rubric',
      (set) => {
        set.rubric += ' ';
      },
    ],
    [
      'a zero-width edit',
      (set) => {
        set.items[2]!.answer += '\u200b';
      },
    ],
  ])('reports %s as a hash mismatch', async (_name, edit) => {
    const set = copyLabelSet();
    edit(set);
    const result = await verifyLabelSet(set);
    expect(result).toEqual({
      success: false,
      error: {
        code: 'invalid_label_set',
        message: 'The label set cannot be trusted (hash_mismatch).',
        problems: [expect.objectContaining({ code: 'hash_mismatch' })],
      },
    });
  });

  it('reports labels made under another rubric than the judge prompt', async () => {
    const result = await verifyLabelSet(licenceLabelSet, {
      prompt: { system: 'Is it true?', user: '{{sources}} {{answer}}' },
    });
    expect(result).toEqual({
      success: false,
      error: expect.objectContaining({
        code: 'invalid_label_set',
        problems: [expect.objectContaining({ code: 'rubric_not_in_prompt' })],
      }),
    });
  });

  it("reports a blank rubric, or a part of the judge's, as another rubric", async () => {
    const firstSentence = faithfulnessRubric.slice(0, faithfulnessRubric.indexOf('.') + 1);
    for (const rubric of [' ', '\n', 'answer', firstSentence, `${faithfulnessRubric} Be lenient.`]) {
      const set = await createLabelSet({
        name: 'rubric',
        items: licenceLabelSet.items,
        rubric,
        createdAt: new Date(licenceLabelSet.createdAt),
      });
      const result = await verifyLabelSet(set, { prompt: defaultJudgePrompt });
      expect(result.success, JSON.stringify(rubric)).toBe(false);
      expect(result.success ? [] : result.error.problems.map((p) => p.code)).toEqual([
        'rubric_not_in_prompt',
      ]);
    }
    // The whole rubric, on its own line or after a label, is the judge's.
    const own = await verifyLabelSet(licenceLabelSet, { prompt: defaultJudgePrompt });
    expect(own.success).toBe(true);
    const alone = {
      ...defaultJudgePrompt,
      system: `Check the answer.\n${faithfulnessRubric}\nReply in JSON.`,
    };
    expect((await verifyLabelSet(licenceLabelSet, { prompt: alone })).success).toBe(true);
  });

  it("refuses a line of the prompt's scaffolding as its rubric: a heading, a placeholder, a tag, a format rule", async () => {
    const scaffolding = [
      'Sources:',
      'Question:',
      'Answer to check:',
      '{{answer}}',
      '{{sources}}',
      '</sources>',
      '<answer>',
      'the JSON boolean true or false (not a string);',
      '- "reasoning": a short, non-empty explanation of the verdict.',
      'You are checking whether an answer is faithful to a fixed set of numbered sources.',
      `${faithfulnessRubric}\n\nReply with exactly one JSON object and nothing else: no prose, no second object. It has exactly these keys:`,
    ];
    for (const rubric of scaffolding) {
      expect(defaultJudgePrompt.system.includes(rubric) || defaultJudgePrompt.user.includes(rubric)).toBe(
        true,
      );
      const set = await createLabelSet({ name: 'rubric', items: licenceLabelSet.items, rubric });
      const result = await verifyLabelSet(set, { prompt: defaultJudgePrompt });
      expect(result.success ? [] : result.error.problems.map((p) => p.code), JSON.stringify(rubric)).toEqual([
        'rubric_not_in_prompt',
      ]);
    }
  });

  it('takes a custom rubric from the text after a Rubric label, and refuses a placeholder or tag even there', async () => {
    const rubric = 'Faithful means every claim is stated by a source.';
    const set = await createLabelSet({ name: 'custom', items: licenceLabelSet.items, rubric });
    const accepted = [
      `Judge the answer.\nRubric: ${rubric}\nReply in JSON.`,
      `Judge the answer.\n\n## Rubric\n${rubric}\n\nReply in JSON.`,
      `RUBRIC:\n${rubric}`,
    ];
    for (const system of accepted) {
      const result = await verifyLabelSet(set, { prompt: { system, user: '{{sources}}\n{{answer}}' } });
      expect(result.success, system).toBe(true);
    }
    const refused: Array<[string, string, string]> = [
      [rubric, `Judge the answer.\n${rubric}\nReply in JSON.`, '{{sources}}\n{{answer}}'],
      [rubric, `Note: ${rubric}`, '{{sources}}\n{{answer}}'],
      [rubric, `Rubric: ${rubric} Be lenient.`, '{{sources}}\n{{answer}}'],
      ['{{answer}}', 'Judge it.', 'Rubric: {{answer}}\n{{sources}}'],
      ['<answer>', 'Judge it.', '{{sources}}\nRubric: <answer>\n{{answer}}\n</answer>'],
      ['</answer x>', 'Judge it.', '{{sources}}\nRubric: </answer x>\n{{answer}}'],
      ['-- --', 'Rubric: -- --', '{{sources}}\n{{answer}}'],
    ];
    for (const [own, system, user] of refused) {
      const labelled = await createLabelSet({ name: 'custom', items: licenceLabelSet.items, rubric: own });
      const result = await verifyLabelSet(labelled, { prompt: { system, user } });
      expect(result.success ? [] : result.error.problems.map((p) => p.code), `${own} in ${system}`).toEqual([
        'rubric_not_in_prompt',
      ]);
    }
  });

  it('refuses a rubric running past a blank line of any line break (a review found CRLF and a form feed accepted)', async () => {
    const system =
      'Rubric: Faithful means every claim is supported.\r\n\r\nReply with exactly one JSON object: {"faithful": true}\r\n';
    const prompt = { system, user: '{{sources}}\n{{answer}}' };
    const rubric =
      'Faithful means every claim is supported.\r\n\r\nReply with exactly one JSON object: {"faithful": true}\r';
    const set = await createLabelSet({ name: 'crlf', items: licenceLabelSet.items, rubric });
    const result = await verifyLabelSet(set, { prompt });
    expect(result.success ? [] : result.error.problems.map((p) => p.code)).toEqual(['rubric_not_in_prompt']);
    for (const blank of [
      '\n\f\n',
      '\r\r',
      '\r\n \r\n',
      '\u2028\u2028',
      '\u2029\u2029',
      '\u0085\u0085',
      '\n\v\n',
      '\n\u3000\u2800\n',
      '\n\u0000\u200b\n',
    ]) {
      const own = `Faithful means every claim is supported.${blank}Reply in JSON.`;
      expect(
        isJudgeRubric({ system: `Rubric: ${own}\n`, user: '{{sources}}\n{{answer}}' }, own),
        JSON.stringify(blank),
      ).toBe(false);
    }
    // One line break of any kind is no blank line: a rubric may run over two lines.
    for (const lineBreak of ['\n', '\r\n', '\r', '\u2028']) {
      const own = `Faithful means:${lineBreak}every claim is supported.`;
      expect(
        isJudgeRubric({ system: `Rubric: ${own}\n`, user: '{{sources}}\n{{answer}}' }, own),
        JSON.stringify(lineBreak),
      ).toBe(true);
    }
  });

  // A review found a template without `{{sources}}` or `{{answer}}` accepted here, though every other export that takes
  // a judge prompt refuses it.
  it('refuses an unusable prompt template with an InvalidArgumentError naming options.prompt', async () => {
    const set = await createLabelSet({ name: 'x', items: licenceLabelSet.items, rubric: 'Be strict.' });
    for (const prompt of [
      { system: 'Rubric: Be strict.', user: 'hello' },
      { system: 'Rubric: Be strict.', user: '{{sources}}' },
      { system: 'Rubric: Be strict.', user: '{{sources}}{{answer}}{{answer}}' },
      { system: 'Rubric: Be strict.' },
      'Rubric: Be strict. {{sources}}{{answer}}',
    ]) {
      await expect(verifyLabelSet(set, { prompt } as never), JSON.stringify(prompt)).rejects.toThrow(
        expect.objectContaining({ code: 'invalid_argument', parameter: 'options.prompt' }),
      );
    }
    const usable = { system: 'Rubric: Be strict.', user: '{{sources}}{{answer}}' };
    expect((await verifyLabelSet(set, { prompt: usable })).success).toBe(true);
  });

  it.each([
    ['nothing', undefined],
    ['a string that is not JSON', '[[[['.repeat(10_000)],
    ['a __proto__ key', JSON.parse(`{"__proto__":{"polluted":true},"schemaVersion":1}`)],
    ['version 2', { ...licenceLabelSet, schemaVersion: 2 }],
    ['a malformed hash', { ...licenceLabelSet, hash: 'SHA:abc' }],
  ])('reports %s as a schema problem without throwing', async (_name, input) => {
    const result = await verifyLabelSet(input);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.problems[0]!.code).toBe('schema');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
