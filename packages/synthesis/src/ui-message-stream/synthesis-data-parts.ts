import type { UIMessage, UIMessageChunk } from 'ai';
import { z } from 'zod';

const offset = z.number().int().nonnegative();
const span = z.object({ start: offset, end: offset }).strict();

/** A released claim: its position in the message's answer text (null when it holds no visible text of its own). */
export const claimDataSchema = z
  .object({
    /** The claim's number in the answer, from 0 in release order. */
    index: offset,
    text: z.string(),
    answer: span.nullable(),
  })
  .strict();

/** One citation of a released claim, built from a passage the model was shown. */
export const citationDataSchema = z
  .object({
    /** The `index` of the claim it belongs to. */
    claim: offset,
    /** The 1-based source number the model wrote. */
    source: z.number().int().positive(),
    documentId: z.string(),
    chunkId: z.string(),
    /** Document offsets of the cited span (UTF-16 code units, end-exclusive). */
    start: offset,
    end: offset,
    /** `document.slice(start, end)`. */
    text: z.string(),
  })
  .strict();

/** A claim that was withheld, with its code and message. */
export const rejectedClaimDataSchema = z
  .object({
    text: z.string(),
    code: z.string(),
    message: z.string(),
    /** The numbers its markers name; one too long for a double is written as `Number.MAX_VALUE`. */
    markers: z.array(z.number()),
    /** Where the claim sat in the completion. */
    span,
  })
  .strict();

/** How the answer ended. */
export const synthesisDataSchema = z
  .object({
    status: z.enum(['answered', 'abstained']),
    finishReason: z.string(),
    /**
     * The `data-claim`, `data-rejected-claim` and `data-citation` parts written: a repeated claim counts each time
     * it is shown, where the result's `claims` holds it once.
     */
    claims: offset,
    rejected: offset,
    citations: offset,
    model: z.object({ provider: z.string(), modelId: z.string() }).strict(),
    promptHash: z.string(),
  })
  .strict();

/** The answer was refused (a `SynthesisError`): its code and message, which never quote the completion. */
export const synthesisErrorDataSchema = z.object({ code: z.string(), message: z.string() }).strict();

/**
 * The data part schemas of a synthesis stream, keyed by name (`data-claim`, `data-citation`, ...): pass them
 * as `dataPartSchemas` to `useChat` / `Chat` to validate what arrives.
 */
export const synthesisDataPartSchemas = {
  claim: claimDataSchema,
  citation: citationDataSchema,
  'rejected-claim': rejectedClaimDataSchema,
  synthesis: synthesisDataSchema,
  'synthesis-error': synthesisErrorDataSchema,
};

/** The data types of a synthesis stream's data parts. */
export type SynthesisDataTypes = {
  claim: z.infer<typeof claimDataSchema>;
  citation: z.infer<typeof citationDataSchema>;
  'rejected-claim': z.infer<typeof rejectedClaimDataSchema>;
  synthesis: z.infer<typeof synthesisDataSchema>;
  'synthesis-error': z.infer<typeof synthesisErrorDataSchema>;
};

/** A UI message carrying a synthesized answer: a text part and the data parts above. */
export type SynthesisUIMessage = UIMessage<unknown, SynthesisDataTypes>;

/** A chunk of a synthesis UI message stream. */
export type SynthesisUIMessageChunk = UIMessageChunk<unknown, SynthesisDataTypes>;

/**
 * The chunks the bridge writes: the answer's text part and the data parts above. Any `UIMessageStreamWriter`
 * whose message type has these data parts accepts them, whatever else it carries.
 */
export type SynthesisWrittenChunk =
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | {
      [Name in keyof SynthesisDataTypes]: {
        type: `data-${Name}`;
        id?: string;
        data: SynthesisDataTypes[Name];
      };
    }[keyof SynthesisDataTypes];
