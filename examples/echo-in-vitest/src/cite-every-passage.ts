import type { Passage } from '@gk/citations';

/**
 * A naive pipeline for contrast: it answers with the first sentence of every passage it was given, each cited.
 * Every citation is structurally valid, yet it quotes the decoy as readily as the source of the answer.
 */
export async function citeEveryPassage({
  passages,
}: {
  question: string;
  passages: readonly Passage[];
}): Promise<string> {
  return passages
    .map((passage, index) => {
      const sentence = passage.text.split(/(?<=[.!?])\s/)[0] ?? passage.text;
      return `${sentence} [${index + 1}]`;
    })
    .join('\n');
}
