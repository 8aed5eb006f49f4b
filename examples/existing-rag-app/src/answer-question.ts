import { type Passage, type Verification, verifyAnswer } from '@gk/citations';
import { generateText, type LanguageModel } from 'ai';
import { buildPrompt } from './app-prompt.js';
import { searchHandbook } from './handbook.js';

/** The app's answer, now with a verification next to it. */
export interface VerifiedAnswer {
  text: string;
  passages: Passage[];
  verification: Verification;
}

/** The app's existing RAG call (retrieve, prompt, generate) plus the one added line: `verifyAnswer`. */
export async function answerQuestion(model: LanguageModel, question: string): Promise<VerifiedAnswer> {
  const passages = searchHandbook(question);
  const { text } = await generateText({ model, prompt: buildPrompt(question, passages) });
  // Added: every claim needs a marker in range, and (support check on) words found in the passage it cites.
  const verification = verifyAnswer(text, passages, { support: {} });
  return { text, passages, verification };
}
