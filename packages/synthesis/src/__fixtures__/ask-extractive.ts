// What the offline extractive model answers to a question over passages, through the default prompt.
import type { Passage } from '@gk/citations';
import { generateText } from 'ai';
import { type ExtractiveModelOptions, extractiveModel } from '../extractive-model/extractive-model.js';
import { DEFAULT_PROMPT, renderPrompt } from '../synthesize/default-prompt.js';

/** The completion `extractiveModel(options)` writes for `question` over `passages`. */
export async function askExtractive(
  question: string,
  passages: readonly Passage[],
  options: ExtractiveModelOptions = {},
): Promise<string> {
  const prompt = await renderPrompt(DEFAULT_PROMPT, { question, passages });
  const { text } = await generateText({
    model: extractiveModel(options),
    system: prompt.system,
    prompt: prompt.user,
  });
  return text;
}
