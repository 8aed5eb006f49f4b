import { sha256Hex } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import {
  checkPromptTemplate,
  fillPromptTemplate,
  hashPromptTemplate,
  removeSlots,
} from './prompt-template.js';

const SLOTS = { sources: 'once', question: 'at-most-once' } as const;
const JUDGE_SLOTS = { sources: 'once', answer: 'once', question: 'at-most-once' } as const;
const judgeTemplate = (extra: string, system = 'Judge.') => ({
  system,
  user: `Sources:\n{{sources}}\nAnswer:\n{{answer}}\n${extra}`,
});

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

  it('refuses a placeholder that nearly spells a slot, naming the slot (unknown_placeholder)', () => {
    const cases: Array<[string, string]> = [
      ['{{questoin}}', 'did you mean {{question}}?'],
      ['{{ question }}', 'did you mean {{question}}?'],
      ['{{question }}', 'did you mean {{question}}?'],
      ['{{Question}}', 'did you mean {{question}}?'],
      ['{{Sources}}', 'did you mean {{sources}}?'],
      ['{{source}}', 'did you mean {{sources}}?'],
    ];
    for (const [placeholder, hint] of cases) {
      const problem = checkPromptTemplate({ system: `Q: ${placeholder}`, user: '{{sources}}' }, SLOTS);
      expect(problem).toMatch(/^unknown_placeholder: /);
      expect(problem).toContain(placeholder);
      expect(problem).toContain(hint);
    }
    // Also after a well-spelt slot, and in `user`.
    expect(
      checkPromptTemplate({ system: '', user: '{{sources}} {{ANSWER}}{{answer}}' }, JUDGE_SLOTS),
    ).toMatch(/^unknown_placeholder: \{\{ANSWER\}\}/);
  });

  // A second review: each of these was accepted, the judge never seeing the question.
  it.each([
    '{{question|trim}}',
    '{{ question | trim }}',
    '{{&question}}',
    '{{$question}}',
    '{{#question}}',
    '{{^question}}',
    '{{/question}}',
    '{{!question}}',
    '{{> question}}',
    '{{.Question}}',
    '{{- question -}}',
    '{{question.text}}',
    '{{question:5}}',
    '{{question()}}',
    '{{questoin|trim}}',
    '{question}',
    '{ question }',
    '{Question}',
    '{question, answer}',
    '{{question}',
    '{question}}',
    '\uff5b\uff5bquestion\uff5d\uff5d',
    '\uff5bquestion\uff5d',
    '\uff5b{question}}',
    '\ufe5b\ufe5bquestion\ufe5c\ufe5c',
    '{{\uff51\uff55\uff45\uff53\uff54\uff49\uff4f\uff4e}}',
    '{{qu\u200bestion}}',
    '{{\u2060question\u00ad}}',
    '{{question\ufe0f}}',
  ])(
    'refuses %j, a slot written with a sigil, filter or other braces (unknown_placeholder)',
    (placeholder) => {
      const problem = checkPromptTemplate(judgeTemplate(`Question: ${placeholder}`), JUDGE_SLOTS);
      expect(problem).toBe(`unknown_placeholder: ${placeholder} is not a slot; did you mean {{question}}?`);
    },
  );

  it('leaves braces that hold no slot nor a near miss of one as text', () => {
    for (const text of [
      '{{}}',
      '{{ }}',
      '{"a": {"b": 1}}',
      '{"a":1}',
      '{{"faithful": true}}',
      '{"question": "…", "faithful": true}',
      "{{'question'}}",
      '{{1}}',
      '{{{sources}}}',
      '{{#each}}',
      '{{#each items}}',
      '{{#if question}}',
      '{{foo}}',
      '{foo}',
      '{{user.name}}',
      '{{item.question}}',
      '{{a}}',
      '{Answer the question below}',
      '\uff5b\uff5bfoo\uff5d\uff5d',
      'Answers may show template code such as {{user.name}} verbatim.',
      'Math like \\frac{{a}}{{b}} is fine.',
      'Write {{x}} for a variable and {x} for a set.',
    ]) {
      const template = { system: text, user: text.includes('sources') ? '' : '{{sources}}' };
      expect(checkPromptTemplate(template, SLOTS)).toBeNull();
      if (!text.includes('sources'))
        expect(checkPromptTemplate(judgeTemplate('', text), JUDGE_SLOTS)).toBeNull();
    }
  });

  it('fills a slot written exactly, also inside more braces', () => {
    expect(checkPromptTemplate(judgeTemplate('Question: {{{question}}}'), JUDGE_SLOTS)).toBeNull();
    expect(checkPromptTemplate(judgeTemplate('Question: \uff5b{{question}}}'), JUDGE_SLOTS)).toBeNull();
    expect(checkPromptTemplate(judgeTemplate('Question: {{question}}'), JUDGE_SLOTS)).toBeNull();
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
