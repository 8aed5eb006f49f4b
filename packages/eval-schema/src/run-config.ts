import { z } from 'zod';
import { Count, Identifier } from './primitives.js';

/** Retrieval settings of an evaluation run (retrieval only: synthesis and judge settings live in `SynthesisReport`). */
export const RunConfig = /* @__PURE__ */ (() =>
  z.strictObject({
    /** How documents were cut into chunks. */
    chunking: z
      .strictObject({
        /** Name of the chunker, e.g. `paragraph` or `fixed`. */
        strategy: Identifier,
        /** Unit of `size` and `overlap`. */
        unit: z.enum(['characters', 'tokens']),
        /** Target chunk size. */
        size: z.int().min(1),
        /** Overlap between consecutive chunks; less than `size`. */
        overlap: Count,
      })
      .refine((chunking) => chunking.overlap < chunking.size, {
        message: 'expected overlap < size',
        path: ['overlap'],
      }),
    /** Hits kept per query and stage; every metric in the report is measured at this k. */
    topK: z.int().min(1),
    /** Minimum score a hit needs to be kept, or `null` for none. */
    scoreThreshold: z.number().nullable(),
    /** Embedding model of the dense stage, or `null` when there is no dense stage. */
    embedding: z
      .strictObject({
        /** AI SDK provider name of the embedding model. */
        provider: Identifier,
        /** Provider's model id. */
        modelId: Identifier,
        /** Embedding dimensions. */
        dimensions: z.int().min(1),
      })
      .nullable(),
    /** Fusion settings, or `null` when there is no fusion stage; reciprocal rank fusion only in version 1. */
    fusion: z
      .strictObject({
        /** The fusion method. */
        method: z.literal('rrf'),
        /** The RRF constant `k` in `1 / (k + rank)`. */
        k: z.int().min(1),
      })
      .nullable(),
    /** Reranker settings, or `null` when there is no rerank stage. */
    rerank: z
      .strictObject({
        /** AI SDK provider name of the reranking model. */
        provider: Identifier,
        /** Provider's model id. */
        modelId: Identifier,
        /** How many fused or first-stage hits are reranked. */
        topN: z.int().min(1),
      })
      .nullable(),
  }))();
/** Retrieval settings of an evaluation run (retrieval only: synthesis and judge settings live in `SynthesisReport`). */
export type RunConfig = z.infer<typeof RunConfig>;
