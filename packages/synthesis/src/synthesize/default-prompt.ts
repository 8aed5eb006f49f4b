import { formatSources, type Passage, parseMarkers } from '@gk/citations';
import { checkArgument, InvalidArgumentError, isObject, readArgument } from '@gk/internal';
import {
  checkPromptTemplate,
  fillPromptTemplate,
  hashPromptTemplate,
  type PromptTemplate,
  removeSlots,
} from '@gk/model-kit';

/** The reply the default prompt asks for when the sources do not answer the question. */
export const NO_SOURCE_TOKEN = 'NO_SOURCE';

/** The prompt `synthesize` uses unless given another; its instructions use letters (`[N]`), never numbers. */
export const DEFAULT_PROMPT: PromptTemplate = Object.freeze({
  system: [
    'You answer questions using only the numbered sources the user provides.',
    '- Answer in short, factual sentences, with no heading and no list of sources at the end.',
    '- End every sentence with the number of the source that supports it in square brackets, like [N].' +
      ' When two sources support a sentence, write [N][M].',
    '- Use only numbers that appear in the source list. Never cite a source you were not given.',
    '- Use only what the sources state; do not add outside knowledge.',
    `- If the sources do not answer the question, reply with exactly ${NO_SOURCE_TOKEN} and nothing else.`,
  ].join('\n'),
  user: 'Sources:\n\n{{sources}}\n\nQuestion: {{question}}',
});

/** A prompt ready for the model, with the hash of the template it came from. */
export interface RenderedPrompt {
  system: string;
  user: string;
  /** SHA-256 (hex) of the template, not of the rendered text: the same template gives the same hash. */
  templateHash: string;
}

const SLOTS = { sources: 'once', question: 'once' } as const;

/**
 * Fills a template's `{{sources}}` (the `formatSources` list) and `{{question}}` in one pass, so a question
 * containing `{{sources}}` stays text. A template without both slots exactly once, or with a citation
 * marker of its own, is an `InvalidArgumentError`.
 */
export async function renderPrompt(
  template: PromptTemplate,
  input: { question: string; passages: readonly Passage[] },
): Promise<RenderedPrompt> {
  readArgument('template', () => assertPromptTemplate(template, 'template'));
  readArgument('input', () =>
    checkArgument(isObject(input), 'input', 'an object `{ question, passages }`', input),
  );
  // Each field read once: a getter that throws is refused, naming the input.
  const { question, passages } = readArgument('input', () => {
    const { question, passages } = input;
    return { question, passages };
  });
  checkArgument(typeof question === 'string', 'input.question', 'a string', question);
  readArgument('input.passages', () =>
    checkArgument(Array.isArray(passages), 'input.passages', 'an array of passages', passages),
  );
  const filled = fillPromptTemplate(template, { sources: formatSources(passages), question });
  return { ...filled, templateHash: await hashPromptTemplate(template) };
}

/** Throws an `InvalidArgumentError` naming `parameter` unless `template` is a usable synthesis template. */
export function assertPromptTemplate(
  template: unknown,
  parameter: string,
): asserts template is PromptTemplate {
  const problem = problemOf(template);
  if (problem !== null) {
    throw new InvalidArgumentError({
      parameter,
      expected: `a { system, user } template with {{sources}} and {{question}} once each and no citation marker of its own (${problem})`,
      received: template,
    });
  }
}

function problemOf(template: unknown): string | null {
  const problem = checkPromptTemplate(template, SLOTS);
  if (problem !== null) return problem;
  const { system, user } = template as PromptTemplate;
  const markers = parseMarkers(removeSlots(`${system}\n${user}`, SLOTS));
  return markers.length === 0
    ? null
    : `the template contains ${markers.length} citation marker(s) of its own; use letters such as [N]`;
}
