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
        // Brace groups read for a near miss: sigils, filters, other braces, invisible characters, a second word.
        { system: `{{${'&'.repeat(size)}}}{{ ${'-'.repeat(size)} }}`, user: '{{sources}}' },
        { system: `{{question ${'a '.repeat(size)}}}{{${'\u200b'.repeat(size)}}}`, user: '{{sources}}' },
        {
          system: '{{#each items}}{{user.name}}\uff5b\uff5ba\uff5d\uff5d{a}'.repeat(size / 4),
          user: '{{sources}}',
        },
        { system: '{\uff5b\ufe5b'.repeat(size), user: `{{sources}}${'}\uff5d\ufe5c'.repeat(size)}` },
      ];
      return () => {
        for (const template of templates) checkPromptTemplate(template, SLOTS);
      };
    };
    expect(growth(make, 50_000)).toBeLessThan(BOUND);
    // A long name that nearly spells no slot is text; a long near miss is named in a short message.
    expect(
      checkPromptTemplate({ system: `{{ ${'a'.repeat(1_000_000)} }}`, user: '{{sources}}' }, SLOTS),
    ).toBeNull();
    const long = checkPromptTemplate(
      { system: `{{ question|${'a'.repeat(1_000_000)} }}`, user: '{{sources}}' },
      SLOTS,
    );
    expect(long).toMatch(/^unknown_placeholder: .*did you mean \{\{question\}\}\?$/);
    expect(long!.length).toBeLessThan(300);
  });
});
