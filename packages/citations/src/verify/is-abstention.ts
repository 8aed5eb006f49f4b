import type { VerifyOptions } from './verify-answer.js';

/**
 * Whether a whole answer is an abstention: blank, the no-source token (both trimmed), or, when citations are
 * required, without a citation marker (`markerFound`). The streaming verifier's watch decides the same as it goes.
 */
export function isAbstention(answer: string, options: VerifyOptions, markerFound: boolean): boolean {
  const text = answer.trim();
  // A blank token matches only a blank answer, which abstains anyway.
  return text === '' || text === options.noSourceToken?.trim() || needsMarker(options, markerFound);
}

/** Whether the answer is an abstention for want of a marker: citations are required and none was found. */
export const needsMarker = (options: VerifyOptions, markerFound: boolean): boolean =>
  options.requireCitations !== false && !markerFound;
