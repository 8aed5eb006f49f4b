import type { Passage } from '@gk/citations';

/** The app's own prompt, written before groundkit was added: numbered sources, `[n]` after each sentence. */
export function buildPrompt(question: string, passages: readonly Passage[]): string {
  const sources = passages.map((passage, position) => `[${position + 1}] ${passage.text}`).join('\n');
  return [
    'You answer staff questions from the handbook excerpts below.',
    'End every sentence with the number of the excerpt it comes from, in square brackets.',
    '',
    sources,
    '',
    `Question: ${question}`,
  ].join('\n');
}
