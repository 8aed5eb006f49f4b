import { sha256Hex } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import {
  checkPromptTemplate,
  fillPromptTemplate,
  hashPromptTemplate,
  removeSlots,
} from './prompt-template.js';

const SLOTS = { sources: 'once', question: 'at-most-once' } as const;

describe('hashPromptTemplate', () => {
  it('is the SHA-256 of JSON.stringify({ system, user }), whatever else the object holds', async () => {
    const template = { system: 'S', user: 'U {{sources}}' };
    expect(await hashPromptTemplate(template)).toBe(await sha256Hex('{"system":"S","user":"U {{sources}}"}'));
    expect(await hashPromptTemplate({ user: template.user, system: 'S', extra: 1 } as never)).toBe(
      await hashPromptTemplate(template),
    );
  });

  it('hashes the parts it checked: each is read once', async () => {
    let reads = 0;
    const template = {
      system: 'S',
      get user() {
        reads += 1;
        return reads === 1 ? 'U {{sources}}' : 'U without the sources slot';
      },
    };
    expect(await hashPromptTemplate(template)).toBe(
      await hashPromptTemplate({ system: 'S', user: 'U {{sources}}' }),
    );
    expect(reads).toBe(1);
  });

  it('tells apart templates that differ only in where system ends and user begins', async () => {
    expect(await hashPromptTemplate({ system: 'ab', user: 'c' })).not.toBe(
      await hashPromptTemplate({ system: 'a', user: 'bc' }),
    );
  });
});

describe('checkPromptTemplate', () => {
  it('accepts slots as their rules say, counted over both parts', () => {
    expect(checkPromptTemplate({ system: '{{question}}', user: '{{sources}}' }, SLOTS)).toBeNull();
    expect(checkPromptTemplate({ system: '', user: '{{sources}}' }, SLOTS)).toBeNull();
  });

  it('names the slot that is missing or repeated', () => {
    expect(checkPromptTemplate({ system: '', user: 'none' }, SLOTS)).toBe(
      'expected {{sources}} exactly once, found 0',
    );
    expect(checkPromptTemplate({ system: '{{sources}}', user: '{{sources}}' }, SLOTS)).toBe(
      'expected {{sources}} exactly once, found 2',
    );
    expect(checkPromptTemplate({ system: '{{question}}', user: '{{sources}}{{question}}' }, SLOTS)).toBe(
      'expected {{question}} at most once, found 2',
    );
  });

  it('refuses a placeholder that is no slot, naming the slot it nearly spells (unknown_placeholder)', () => {
    const cases: Array<[string, string]> = [
      ['{{questoin}}', 'did you mean {{question}}?'],
      ['{{ question }}', 'did you mean {{question}}?'],
      ['{{question }}', 'did you mean {{question}}?'],
      ['{{Question}}', 'did you mean {{question}}?'],
      ['{{Sources}}', 'did you mean {{sources}}?'],
      ['{{foo}}', 'the slots are {{sources}}, {{question}}'],
      ['{{user.name}}', 'the slots are {{sources}}, {{question}}'],
    ];
    for (const [placeholder, hint] of cases) {
      const problem = checkPromptTemplate({ system: `Q: ${placeholder}`, user: '{{sources}}' }, SLOTS);
      expect(problem).toMatch(/^unknown_placeholder: /);
      expect(problem).toContain(placeholder);
      expect(problem).toContain(hint);
    }
    // Also after a well-spelt slot, and in `user`.
    expect(checkPromptTemplate({ system: '', user: '{{sources}} {{ANSWER}}' }, SLOTS)).toMatch(
      /^unknown_placeholder: \{\{ANSWER\}\}/,
    );
  });

  it('leaves braces that hold no name as text', () => {
    for (const text of [
      '{{}}',
      '{{ }}',
      '{"a": {"b": 1}}',
      '{{"faithful": true}}',
      '{{1}}',
      '{{{sources}}}',
      '{{#each}}',
    ]) {
      const template = { system: text, user: text.includes('sources') ? '' : '{{sources}}' };
      expect(checkPromptTemplate(template, SLOTS)).toBeNull();
    }
  });

  it('refuses a key a template does not have (unknown_key)', () => {
    expect(
      checkPromptTemplate({ system: '', user: '{{sources}}', assistant: '{"faithful":true' }, SLOTS),
    ).toBe('unknown_key: a template has only `system` and `user`, found `assistant`');
  });

  it('refuses anything but an object with two strings', () => {
    for (const template of [null, undefined, 'x', { system: 'x' }, { system: 1, user: '' }, []]) {
      expect(checkPromptTemplate(template, SLOTS)).toBe(
        'expected an object with string `system` and `user` fields',
      );
    }
  });
});

describe('fillPromptTemplate', () => {
  it('fills every named slot in one pass, so a value holding a slot stays text', () => {
    const filled = fillPromptTemplate(
      { system: 'Q: {{question}}', user: '{{sources}} / {{other}}' },
      { question: '{{sources}}', sources: 'S $& $1' },
    );
    expect(filled).toEqual({ system: 'Q: {{sources}}', user: 'S $& $1 / {{other}}' });
  });
});

describe('removeSlots', () => {
  it('replaces each named slot with a space', () => {
    expect(removeSlots('a{{sources}}b{{question}}c{{x}}', SLOTS)).toBe('a b c{{x}}');
  });
});
