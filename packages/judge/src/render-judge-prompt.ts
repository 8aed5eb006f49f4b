import { formatSources, type Passage } from '@gk/citations';

/** The placeholders a judge prompt template may use; `{{sources}}` and `{{answer}}` are required. */
export const judgePromptPlaceholders = ['question', 'sources', 'answer'] as const;

const placeholder = /\{\{(question|sources|answer)\}\}/g;

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
 * Names what is wrong with a judge prompt template, or returns `null` when it can be used: `{{sources}}` and
 * `{{answer}}` must each occur exactly once and `{{question}}` at most once.
 */
export function checkJudgePrompt(template: string): string | null {
  const counts = { question: 0, sources: 0, answer: 0 };
  for (const match of template.matchAll(placeholder)) counts[match[1] as keyof typeof counts] += 1;
  if (counts.sources !== 1) return `expected {{sources}} exactly once, found ${counts.sources}`;
  if (counts.answer !== 1) return `expected {{answer}} exactly once, found ${counts.answer}`;
  if (counts.question > 1) return `expected {{question}} at most once, found ${counts.question}`;
  return null;
}

/**
 * Fills a judge prompt template in one pass, so text inside the question or answer is never substituted;
 * delimiter look-alikes in them are neutralised and the passages are formatted by `formatSources`.
 */
export function renderJudgePrompt(template: string, input: RenderJudgePromptInput): string {
  const values = {
    question: neutralise(input.question),
    sources: formatSources(input.passages),
    answer: neutralise(input.answer),
  };
  return template.replace(placeholder, (_match, name: keyof typeof values) => values[name]);
}
