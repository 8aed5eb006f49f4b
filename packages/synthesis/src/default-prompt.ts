import { formatSources, type Passage, parseMarkers } from '@gk/citations';
import { hashText } from './hash-text.js';
import { SynthesisError } from './synthesis-error.js';

/** The reply the default prompt asks for when the sources do not answer the question. */
export const NO_SOURCE_TOKEN = 'NO_SOURCE';

/**
 * A prompt template: `system` becomes the instructions, `user` the user message. Between them they hold the
 * `{{sources}}` slot (the `formatSources` list) and the `{{question}}` slot exactly once each, and no citation
 * marker of their own, so the source list is the only place a real `[n]` appears.
 */
export interface PromptTemplate {
  system: string;
  user: string;
}

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

const SLOT = /\{\{(sources|question)\}\}/g;

/** The SHA-256 (hex) of a template: the hash of `JSON.stringify({ system, user })`. */
export function hashPromptTemplate(template: PromptTemplate): Promise<string> {
  return hashText(JSON.stringify({ system: template.system, user: template.user }));
}

/** Checks a template and fills its slots in one pass, so a question containing `{{sources}}` stays text. */
export async function renderPrompt(
  template: PromptTemplate,
  input: { question: string; passages: readonly Passage[] },
): Promise<RenderedPrompt> {
  assertTemplate(template);
  const sources = formatSources(input.passages);
  const fill = (text: string): string =>
    text.replace(SLOT, (_, slot: string) => (slot === 'sources' ? sources : input.question));
  return {
    system: fill(template.system),
    user: fill(template.user),
    templateHash: await hashPromptTemplate(template),
  };
}

function assertTemplate(template: PromptTemplate): void {
  if (typeof template?.system !== 'string' || typeof template.user !== 'string') {
    throw invalid('a prompt template needs string `system` and `user` fields');
  }
  const text = `${template.system}\n${template.user}`;
  const counts = { sources: 0, question: 0 };
  for (const match of text.matchAll(SLOT)) counts[match[1] as 'sources' | 'question']++;
  if (counts.sources !== 1 || counts.question !== 1) {
    throw invalid(
      `expected {{sources}} and {{question}} once each, found ${counts.sources} and ${counts.question}`,
    );
  }
  const markers = parseMarkers(text.replace(SLOT, ' '));
  if (markers.length > 0) {
    throw invalid(
      `the template contains ${markers.length} citation marker(s) of its own; use letters such as [N]`,
    );
  }
}

function invalid(detail: string): SynthesisError {
  return new SynthesisError({ code: 'invalid_prompt', message: `Invalid prompt template: ${detail}.` });
}
