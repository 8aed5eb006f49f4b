export { createSynthesisUIMessageStream } from './create-synthesis-ui-message-stream.js';
export type { CreateSynthesisUIMessageStreamOptions } from './create-synthesis-ui-message-stream.js';
export {
  citationDataSchema,
  claimDataSchema,
  rejectedClaimDataSchema,
  synthesisDataPartSchemas,
  synthesisDataSchema,
  synthesisErrorDataSchema,
} from './synthesis-data-parts.js';
export type {
  SynthesisDataTypes,
  SynthesisUIMessage,
  SynthesisUIMessageChunk,
  SynthesisWrittenChunk,
} from './synthesis-data-parts.js';
export { writeSynthesisEvents } from './write-synthesis-events.js';
export type { SynthesisUIMessageWriter, WriteSynthesisEventsOptions } from './write-synthesis-events.js';
