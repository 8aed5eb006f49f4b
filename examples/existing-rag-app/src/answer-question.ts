import { type Passage, type Verification, verifyAnswer } from '@gk/citations';
import { type FinishReason, generateText, type LanguageModel } from 'ai';
import { buildPrompt } from './app-prompt.js';
import { searchHandbook } from './handbook.js';

/** The app's answer, now with a verification next to it. */
export interface VerifiedAnswer {
  text: string;
  passages: Passage[];
  verification: Verification;
  /**
   * Why the model stopped. Only `'stop'` is a finished answer: one cut at its token limit (`'length'`), on an
   * error or a filter can end exactly where a sentence ends, and every claim left still verifies. Show none of an
   * unfinished answer's claims as checked.
   */
  finishReason: FinishReason;
}

/** The app's existing RAG call (retrieve, prompt, generate) plus the one added line: `verifyAnswer`. */
export async function answerQuestion(model: LanguageModel, question: string): Promise<VerifiedAnswer> {
  const passages = searchHandbook(question);
  const { text, finishReason } = await generateText({ model, prompt: buildPrompt(question, passages) });
  // Added: every claim needs a marker in range, and (support check on) words found in the passage it cites.
  const verification = verifyAnswer(text, passages, { support: {} });
  return { text, passages, verification, finishReason };
}
