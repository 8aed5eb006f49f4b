import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { extractiveModel } from './extractive-model.js';

const answer = (text: string) => () =>
  extractiveModel().doGenerate({ prompt: [{ role: 'user', content: [{ type: 'text', text }] }] });

describe('extractiveModel at scale', () => {
  it.each([
    ['open brackets', (size: number) => '[['.repeat(size / 2)],
    ['one long source', (size: number) => `[1] heading\n${'word '.repeat(size / 5)}\n\nQuestion: word`],
    ['NUL characters', (size: number) => '\u0000'.repeat(size)],
    // A version glued to a word (`gplv3`) was read off with `/v?[0-9][0-9.]*$/`, from each start of the digits.
    [
      'a question of digits before a letter',
      (size: number) => `[1] Pets\nPets are allowed.\n\nQuestion: is ${'1'.repeat(size)}x allowed?`,
    ],
  ])('answers a prompt of %s in time linear in its length (CPU time of 8n over n)', (_, prompt) => {
    expect(growth((size) => answer(prompt(size)), 20_000)).toBeLessThan(BOUND);
  });

  it('answers a megabyte of hostile prompt', async () => {
    for (const text of ['[['.repeat(500_000), `[1] heading\n${'word '.repeat(200_000)}\n\nQuestion: word`]) {
      const result = await answer(text)();
      expect(result.content[0]).toMatchObject({ type: 'text' });
    }
  });
});
