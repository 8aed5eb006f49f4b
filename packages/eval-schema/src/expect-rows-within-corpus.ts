import type { z } from 'zod';
import type { DocumentSpan } from './primitives.js';
import { expectOneSpelling } from './rules.js';
import type { StageResult } from './stage-result.js';
import { StringMap, StringSet } from '@gk/internal';

/** What of an `EvalReport` the corpus rules read. */
interface CorpusRows {
  documentCount: number;
  chunkCount: number;
  stages: readonly StageResult[];
}

const quoted = (id: string): string => JSON.stringify(id).slice(0, 80);

/**
 * Adds an issue for a hit or gold passage whose chunk id names another span than where it first occurs (a chunk is one
 * span of one document, in every stage and query), and for a `documentCount` or `chunkCount` below the distinct
 * documents (of gold spans and hits) and chunks (of hits and gold passages) the rows name: every chunk retrieved, every
 * gold passage and every gold span is in the corpus. A document or chunk id spelled two ways that read alike (`mit`,
 * `mit` + ZWSP) is refused too: it would count as two.
 */
export function expectRowsWithinCorpus(ctx: z.RefinementCtx, report: CorpusRows): void {
  const documents = new StringSet();
  const chunks = new StringMap<DocumentSpan>();
  const documentSpellings = new StringMap<string>();
  const chunkSpellings = new StringMap<string>();
  report.stages.forEach((stage, stageIndex) => {
    stage.queries.forEach((query, queryIndex) => {
      const path = ['stages', stageIndex, 'queries', queryIndex];
      // A chunk id names one span of one document, wherever it occurs: in a hit or as a gold passage.
      const expectOneChunk = (chunkId: string, span: DocumentSpan, at: Array<string | number>): void => {
        expectOneSpelling(ctx, chunkSpellings, chunkId, [...at, 'chunkId'], 'chunk id');
        const first = chunks.get(chunkId);
        if (first === undefined) chunks.set(chunkId, span);
        else if (
          first.documentId !== span.documentId ||
          first.start !== span.start ||
          first.end !== span.end
        ) {
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'chunkId'],
            message: `expected chunk ${quoted(chunkId)} to be ${quoted(first.documentId)} ${first.start}–${first.end} as where it first occurs (a chunk id names one span), received ${quoted(span.documentId)} ${span.start}–${span.end}`,
          });
        }
      };
      query.gold.forEach((span, spanIndex) => {
        documents.add(span.documentId);
        const at = [...path, 'gold', spanIndex];
        expectOneSpelling(ctx, documentSpellings, span.documentId, [...at, 'documentId'], 'document id');
        if (span.chunkId !== undefined) expectOneChunk(span.chunkId, span, at);
      });
      query.hits.forEach((hit, hitIndex) => {
        documents.add(hit.documentId);
        const at = [...path, 'hits', hitIndex];
        expectOneSpelling(ctx, documentSpellings, hit.documentId, [...at, 'documentId'], 'document id');
        expectOneChunk(hit.chunkId, hit, at);
      });
    });
  });
  const counts = [
    ['documentCount', documents.size, 'distinct documents of the gold spans and hits'],
    ['chunkCount', chunks.size, 'distinct chunks of the hits and gold passages'],
  ] as const;
  for (const [key, named, what] of counts) {
    if (report[key] < named) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `count disagrees with its rows: expected at least ${named} (${what}), received ${report[key]}`,
      });
    }
  }
}
