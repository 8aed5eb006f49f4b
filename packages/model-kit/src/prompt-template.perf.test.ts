import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../tests/adversarial/growth.js';
import { checkPromptTemplate, fillPromptTemplate } from './prompt-template.js';

const SLOTS = { sources: 'once', question: 'at-most-once' } as const;

describe('prompt templates at scale', () => {
  it('checks a million unmatched braces', () => {
    expect(checkPromptTemplate({ system: '{{'.repeat(500_000), user: '{{sources}}' }, SLOTS)).toBeNull();
  });

  it('checks and fills in time linear in the template (CPU time of 8n over n)', () => {
    const make = (size: number) => {
      const template = { system: '{{'.repeat(size), user: `{{sources}}${'{{question}'.repeat(size / 10)}` };
      return () => {
        checkPromptTemplate(template, SLOTS);
        fillPromptTemplate(template, { sources: 'S', question: 'Q' });
      };
    };
    expect(growth(make, 50_000)).toBeLessThan(BOUND);
  });

  it('looks for unknown placeholders in time linear in the template (CPU time of 8n over n)', () => {
    const make = (size: number) => {
      const long = `{{ ${'a'.repeat(size)} }}`;
      const templates = [
        { system: '{{a'.repeat(size), user: '{{sources}}' },
        { system: `{{ ${' a'.repeat(size)}`, user: '{{sources}}' },
        { system: '{{}}{{ }}'.repeat(size), user: `{{sources}}${'{{"a"}}'.repeat(size)}` },
        { system: long, user: '{{sources}}' },
      ];
      return () => {
        for (const template of templates) checkPromptTemplate(template, SLOTS);
      };
    };
    expect(growth(make, 50_000)).toBeLessThan(BOUND);
    const long = checkPromptTemplate(
      { system: `{{ ${'a'.repeat(1_000_000)} }}`, user: '{{sources}}' },
      SLOTS,
    );
    expect(long!.length).toBeLessThan(300);
  });
});
