export { synthesize } from './synthesize.js';
export type { SynthesisUsage, SynthesizeOptions, SynthesizeResult } from './synthesize.js';
export type {
  SynthesisPolicy,
  SynthesisRejectedClaim,
  SynthesisRejectionCode,
} from './apply-synthesis-policy.js';
export { buildSynthesisRow } from './build-synthesis-row.js';
export type { BuildSynthesisRowOptions } from './build-synthesis-row.js';
export { SynthesisError } from './synthesis-error.js';
export type { SynthesisErrorCode, SynthesisErrorOptions } from './synthesis-error.js';
export { DEFAULT_PROMPT, NO_SOURCE_TOKEN, renderPrompt } from './default-prompt.js';
export type { RenderedPrompt } from './default-prompt.js';
