import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { scriptedModel } from '../__fixtures__/mock-models.js';
import { checkRewriteContent } from './check-rewrite-content.js';
import { QueryRewriteError, type QueryRewriteErrorCode } from './query-rewrite-error.js';
import { rewriteQuery } from './rewrite-query.js';

const QUERY = 'what about refund rules for damaged items under the Consumer Rights Act 2015?';
const KEPT = 'refund rules damaged items Consumer Rights Act 2015';

async function codeOf(query: string, output: string): Promise<QueryRewriteErrorCode | string> {
  try {
    return await rewriteQuery({ model: scriptedModel(output), query });
  } catch (error) {
    expect(error).toEqual(expect.any(QueryRewriteError));
    expect((error as Error).message).not.toMatch(/refund|kettle|Consumer/i);
    return (error as QueryRewriteError).code;
  }
}

// A review found each of these accepted as the query.
describe('rewriteQuery refuses labels, wrappers and refusals as a class', () => {
  it.each([
    `Here is the rewritten standalone search query: ${KEPT}`,
    `The rewritten query is: ${KEPT}`,
    `Standalone search query for the document search engine: ${KEPT}`,
    `Rewritten question: ${KEPT}`,
    `Output: ${KEPT}`,
    `Answer: ${KEPT}`,
    `Result: ${KEPT}`,
    `Search string: ${KEPT}`,
    `Query \u2012 ${KEPT}`,
    `Query \u2015 ${KEPT}`,
    `Query => ${KEPT}`,
    `Search query \u2192 ${KEPT}`,
    `[Query] ${KEPT}`,
    `(query) ${KEPT}`,
    `\u3010Search query\u3011 ${KEPT}`,
    `<query>${KEPT}</query>`,
    `<search_query>${KEPT}</search_query>`,
    `{"query": "${KEPT}"}`,
    `{ 'q': '${KEPT}' }`,
  ])('refuses %j with labelled', async (output) => {
    expect([output, await codeOf(QUERY, output)]).toEqual([output, 'labelled']);
  });

  it.each([
    `\`\`\`${KEPT}\`\`\``,
    `\u2039${KEPT}\u203a`,
    `\u203a${KEPT}\u2039`,
    `\u201a${KEPT}\u2018`,
    `\u201a${KEPT}\u2019`,
    `\uff02${KEPT}\uff02`,
    `\uff07${KEPT}\uff07`,
    `\u301d${KEPT}\u301e`,
    `\u301d${KEPT}\u301f`,
    `**${KEPT}**`,
    `__${KEPT}__`,
    `*${KEPT}*`,
    `"""${KEPT}"""`,
  ])('refuses %j with quoted', async (output) => {
    expect([output, await codeOf(QUERY, output)]).toEqual([output, 'quoted']);
  });

  it.each([
    "I'm afraid I can't help with that.",
    'I\u2019m afraid I cannot rewrite that.',
    'As a language model, I cannot browse the web.',
    'As an AI language model I cannot do that',
    'I cannot browse the web.',
    'I am not able to rewrite this message.',
    'Unable to help with that request.',
  ])('refuses %j with not_a_query', async (output) => {
    expect([output, await codeOf('how do i get my money back for a broken kettle', output)]).toEqual([
      output,
      'not_a_query',
    ]);
  });

  it('keeps honest queries that hold a colon, a keyword, brackets, emphasis marks or those openings', async () => {
    for (const [query, output] of [
      ['what does the site: operator do', 'site: operator meaning'],
      ['q', 'Python: list comprehension'],
      ['q', 'search engine optimisation: best practices'],
      ['q', 'Search API: pagination limits'],
      ['q', 'query-string parsing'],
      ['q', 'C++ [[nodiscard]] attribute'],
      ['q', '(GDPR) fines 2023'],
      ['q', '*nix shell scripting'],
      ['q', 'python *args **kwargs'],
      ['q', '<div> centering css'],
      ['q', '{} meaning in python format strings'],
      ['what does search query: syntax mean in elastic?', 'search query: syntax elastic'],
      ['election result: ohio 2024?', 'Election result: Ohio 2024'],
      ['I cannot log in to my account, what now?', 'I cannot log in to my account fix'],
      ["i'm afraid of the dark, is it normal?", "i'm afraid of the dark normal"],
    ] as const) {
      await expect(codeOf(query, output)).resolves.toBe(output);
    }
  });
});

// A review timed 50 KB of quoted phrases echoed back at 335 ms and 400 KB at 18.9 s: each phrase searched the rewrite.
describe('checkRewriteContent finds the query\u2019s quoted phrases in time linear in the query and the rewrite', () => {
  it('stays linear with n/8 quoted phrases echoed back (CPU time of 8n over n)', () => {
    const make = (size: number) => {
      const query = Array.from({ length: Math.ceil(size / 8) }, (_, i) => `"p${i}x"`).join(' ');
      return () => checkRewriteContent(query, query);
    };
    expect(growth(make, 5_000)).toBeLessThan(BOUND);
  });

  it('still refuses a rewrite that drops one phrase, or holds it only across a join', async () => {
    const query = Array.from({ length: 50 }, (_, i) => `"p${i}x"`).join(' ');
    const dropped = query.replace('"p17x"', '"p17"');
    expect(() => checkRewriteContent(query, dropped)).toThrow(QueryRewriteError);
    expect(() => checkRewriteContent('"ab cd"', 'ab x cd')).toThrow(QueryRewriteError);
    // The phrase must stay quoted whole (a twenty-first review found it accepted as bare words).
    expect(() => checkRewriteContent('"ab cd"', 'xab cdx')).toThrow(QueryRewriteError);
    expect(() => checkRewriteContent('"ab cd"', 'x "ab cd" x')).not.toThrow();
  });
});

// A second review found these honest rewrites refused: a query's own words before a colon or a dash read as a label,
// `Unable to` / `I cannot` read as a refusal whatever followed, and `__init__` read as a quoted query.
describe('rewriteQuery keeps honest rewrites that only look like a label, a refusal or a quotation', () => {
  it.each([
    ['how do I format the output of ls', 'ls output: formatting options'],
    ['who won the world cup 2022 group stage', 'World Cup 2022 results - group stage'],
    ['harvard final exam results 2023', 'Final exam results - Harvard 2023'],
    ['html output element', '<output> element HTML'],
    ['what does Output: mean in the verilog docs', 'verilog Output: meaning'],
    ['my java program cannot open the jarfile', 'Unable to access jarfile java'],
    ['why does windows say it cannot reach the share', 'unable to access network share windows'],
    ['my laptop wont turn on', 'I cannot turn on laptop fix'],
    ['my laptop wont turn on', "I'm unable to turn on my laptop"],
    ['what is __init__ in python', '__init__'],
    ['what is __main__', '__main__'],
  ])('accepts %j rewritten as %j', async (query, output) => {
    expect([query, await codeOf(query, output)]).toEqual([query, output]);
  });

  it.each([
    ['how do I format the output of ls', 'Output: ls formatting options', 'labelled'],
    [
      'harvard final exam results 2023',
      'Here is the search query for the exam results: Harvard 2023',
      'labelled',
    ],
    ['harvard final exam results 2023', 'Final search query: harvard exam results 2023', 'labelled'],
    ['harvard final exam results 2023', 'Results - harvard final exam 2023', 'labelled'],
    ['html element', '<output> html element', 'labelled'],
    ['my laptop wont turn on', 'Unable to access the internet.', 'not_a_query'],
    ['my laptop wont turn on', 'I cannot do that', 'not_a_query'],
    ['my laptop wont turn on', 'I cannot.', 'not_a_query'],
    ['my laptop wont turn on', "I'm unable to help with laptops", 'not_a_query'],
    ['what is __init__ in python', `__${KEPT}__`, 'quoted'],
    // A quoted phrase of the query that the rewrite no longer quotes (a twenty-first review).
    ['what does "search query: syntax" mean in elastic?', 'search query: syntax elastic', 'dropped_term'],
  ])('still refuses %j rewritten as %j with %s', async (query, output, code) => {
    expect([output, await codeOf(query, output)]).toEqual([output, code]);
  });
});
