import { formatSources, type Passage } from '@gk/citations';
import { checkArgument, isObject } from '@gk/internal';
import { checkPromptTemplate, fillPromptTemplate, type PromptTemplate } from '@gk/model-kit';

/** The placeholders a judge prompt template may use; `{{sources}}` and `{{answer}}` are required. */
export const judgePromptPlaceholders = ['question', 'sources', 'answer'] as const;

const SLOTS = { sources: 'once', answer: 'once', question: 'at-most-once' } as const;

// The default template's own delimiters; a look-alike inside the question or answer could close its section.
const delimiter = /<(\/?)\s*(question|sources|answer)\s*>/gi;

/** Neutralises the template's delimiter tags in untrusted text for the prompt only (`<` becomes `‹`). */
function neutralise(text: string): string {
  return text.replace(delimiter, (_match, slash: string, name: string) => `‹${slash}${name}›`);
}

/** What to fill into a judge prompt template. */
export interface RenderJudgePromptInput {
  question: string;
  answer: string;
  passages: readonly Passage[];
}

/**
 * Names what is wrong with a judge prompt template, or returns `null` when it can be used: a
 * `{ system, user }` object in which `{{sources}}` and `{{answer}}` occur exactly once and `{{question}}` at
 * most once, counted over both parts.
 */
export function checkJudgePrompt(template: unknown): string | null {
  return checkPromptTemplate(template, SLOTS);
}

/**
 * Fills a judge prompt template in one pass, so text inside the question or answer is never substituted;
 * delimiter look-alikes in them are neutralised and the passages are formatted by `formatSources`.
 */
export function renderJudgePrompt(template: PromptTemplate, input: RenderJudgePromptInput): PromptTemplate {
  const problem = checkJudgePrompt(template);
  checkArgument(problem === null, 'template', `a judge prompt template (${problem})`, template);
  checkArgument(isObject(input), 'input', 'an object `{ question, answer, passages }`', input);
  checkArgument(typeof input.question === 'string', 'input.question', 'a string', input.question);
  checkArgument(typeof input.answer === 'string', 'input.answer', 'a string', input.answer);
  checkArgument(Array.isArray(input.passages), 'input.passages', 'an array of passages', input.passages);
  return fillPromptTemplate(template, {
    question: neutralise(input.question),
    sources: formatSources(input.passages),
    answer: neutralise(input.answer),
  });
}
