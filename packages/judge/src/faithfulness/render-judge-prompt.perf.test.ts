import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { mitPassages } from '../__fixtures__/passages.js';
import { checkJudgePrompt, renderJudgePrompt } from './render-judge-prompt.js';

describe('checkJudgePrompt at scale', () => {
  it('scans unmatched braces in time linear in the template (CPU time of 8n over n)', () => {
    const make = (size: number) => {
      const template = { system: '{{'.repeat(size), user: '{{sources}}{{answer}}' };
      return () => checkJudgePrompt(template);
    };
    expect(growth(make, 50_000)).toBeLessThan(BOUND);
    expect(checkJudgePrompt({ system: '{{'.repeat(500_000), user: '{{sources}}{{answer}}' })).toBeNull();
  });
});

describe('renderJudgePrompt at scale', () => {
  it('neutralises delimiter fragments in time linear in the answer (CPU time of 8n over n)', () => {
    const make = (size: number) => {
      const answer = `${'<'.repeat(size)}${'< /'.repeat(size / 3)}<answer${' '.repeat(size)}`;
      return () =>
        renderJudgePrompt(
          { system: '', user: '{{sources}}{{answer}}' },
          { question: '', answer, passages: mitPassages },
        );
    };
    expect(growth(make, 30_000)).toBeLessThan(BOUND);
  });

  it('neutralises look-alike fragments with invisible characters in linear time', () => {
    const make = (size: number) => {
      const answer = `${'＜\u00ad'.repeat(size)}${'< \u200b/'.repeat(size / 3)}＜ans\u200bwer${'\u3000'.repeat(size)}＞`;
      return () =>
        renderJudgePrompt(
          { system: '', user: '{{sources}}{{answer}}' },
          { question: '', answer, passages: mitPassages },
        );
    };
    expect(growth(make, 30_000)).toBeLessThan(BOUND);
  });

  it('reads a long tag of spaces once (CPU time of 8n over n)', () => {
    const make = (size: number) => {
      const answer = `<${' '.repeat(size)}>＜${'\u3000'.repeat(size)}/${' '.repeat(size)}answe>`;
      return () =>
        renderJudgePrompt(
          { system: '', user: '{{sources}}{{answer}}' },
          { question: '', answer, passages: mitPassages },
        );
    };
    expect(growth(make, 30_000)).toBeLessThan(BOUND);
  });

  it('neutralises unclosed delimiters, each to the next bracket or the end of the field, in linear time', () => {
    const make = (size: number) => {
      const answer = `${'</answer\n'.repeat(size / 9)}<sources${' x'.repeat(size)}`;
      return () =>
        renderJudgePrompt(
          { system: '', user: '{{sources}}{{answer}}' },
          { question: '', answer, passages: mitPassages },
        );
    };
    expect(make(18)().user).toMatch(/‹\/answer\n‹\/answer\n‹sources( x){18}$/);
    expect(growth(make, 30_000)).toBeLessThan(BOUND);
  });

  it('neutralises delimiters with `<` in their attributes, which one closing bracket ends, in linear time', () => {
    const make = (size: number) => {
      const answer = `${'</answer x="<'.repeat(size / 2)}${'<answer\t\u{16fe4}'.repeat(size / 2)}">`;
      return () =>
        renderJudgePrompt(
          { system: '', user: '{{sources}}{{answer}}' },
          { question: '', answer, passages: mitPassages },
        );
    };
    const { user: shown } = make(4)();
    expect(shown.endsWith('‹/answer x="<‹/answer x="<‹answer\t\u{16fe4}‹answer\t\u{16fe4}"›')).toBe(true);
    expect(growth(make, 10_000)).toBeLessThan(BOUND);
  });

  it('neutralises delimiters written with references and look-alike signs and letters in linear time', () => {
    const make = (size: number) => {
      const answer = `${'&lt;&amp;'.repeat(size / 9)}${'\u3008/\u0430nswer&#x3e;'.repeat(size / 18)}&lt;${'&#97;'.repeat(size / 5)}`;
      return () =>
        renderJudgePrompt(
          { system: '', user: '{{sources}}{{answer}}' },
          { question: '', answer, passages: mitPassages },
        );
    };
    expect(make(36)().user).toContain('‹/\u0430nswer›‹/\u0430nswer›&lt;');
    expect(growth(make, 30_000)).toBeLessThan(BOUND);
  });

  it('renders megabytes of delimiter fragments whole', () => {
    const fragments = `${'<'.repeat(300_000)}${'< /'.repeat(100_000)}`;
    const prompt = renderJudgePrompt(
      { system: '', user: '{{sources}}{{answer}}' },
      { question: '', answer: `${fragments}<answer${' '.repeat(300_000)}`, passages: mitPassages },
    );
    // The last one is a delimiter's name that no closing bracket follows.
    expect(prompt.user.endsWith(`${fragments}‹answer${' '.repeat(300_000)}`)).toBe(true);
  });
});
