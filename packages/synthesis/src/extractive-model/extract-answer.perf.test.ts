import { formatSources } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { passage } from '../__fixtures__/passages.js';
import { DEFAULT_SETTINGS, extractAnswer } from './extract-answer.js';

/** A prompt of `size` sentences over `size / 20` sources, and a question of `5 * size` distinct words. */
function prompt(size: number): string {
  const sentence = 'If you keep the licence notice, you must retain it within 30 days. ';
  const sources = Math.max(1, size / 20);
  const body = Array.from({ length: sources }, (_, i) =>
    passage(`doc-${i}`, sentence.repeat(20), 0, `Licence ${i} Terms`),
  );
  // Distinct words, so that the question has as many terms as words.
  const words = Array.from({ length: size * 5 }, (_, i) => `term${i}`).join(' ');
  return `${formatSources(body)}\n\nQuestion: May I keep the notice if ${words}?`;
}

describe('extractAnswer at scale', () => {
  it('ranks in CPU time linear in the sources and the question together (8n over n)', () => {
    const make = (size: number) => {
      const text = prompt(size);
      return () => extractAnswer(text, DEFAULT_SETTINGS);
    };
    // Work proportional to sentences × question terms would grow 64 times.
    expect(growth(make, 400)).toBeLessThan(BOUND);
  });

  it('reads one long line of many sentences in time linear in its length (no look-back to the line start)', () => {
    const make = (size: number) => {
      const line = 'The deposit is returned within thirty days of the end. '.repeat(size);
      const text = `${formatSources([passage('lease', line, 0, 'Lease')])}\n\nQuestion: When is the deposit returned?`;
      return () => extractAnswer(text, DEFAULT_SETTINGS);
    };
    expect(growth(make, 800)).toBeLessThan(BOUND);
  });

  it('reads a list whose every source holds a label line in time linear in the sources (each line found once)', () => {
    const make = (size: number) => {
      const faq = Array.from({ length: size }, (_, i) =>
        passage(
          `faq-${i}`,
          `Warranty terms ${i}.\nQuestion: what is covered?\nParts are covered.`,
          0,
          `FAQ ${i}`,
        ),
      );
      const text = `${formatSources(faq)}\n\nQuestion: How long is the warranty valid?`;
      return () => extractAnswer(text, DEFAULT_SETTINGS);
    };
    expect(growth(make, 200)).toBeLessThan(BOUND);
  });

  it('checks sentences that fail verification as shown in time linear in their number', () => {
    // Every sentence holds a link that the prompt shows altered (`[2]` as `(2)`): each is verified and refused.
    const make = (size: number) => {
      const line = Array.from(
        { length: size },
        (_, i) => `The deposit is returned, see https://example.org/deposit${i}[2] for the terms. `,
      ).join('');
      const text = `${formatSources([passage('lease', line, 0, 'Lease')])}\n\nQuestion: When is the deposit returned?`;
      return () => extractAnswer(text, DEFAULT_SETTINGS);
    };
    expect(growth(make, 200)).toBeLessThan(BOUND);
  });
});
