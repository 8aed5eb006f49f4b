export { streamSynthesize } from './stream-synthesize.js';
export type { StreamSynthesizeOptions, StreamSynthesizeResult } from './stream-synthesize.js';
export type {
  SynthesisAbstainedEvent,
  SynthesisClaimEvent,
  SynthesisDoneEvent,
  SynthesisEvent,
  SynthesisRejectedEvent,
} from './synthesis-event.js';
