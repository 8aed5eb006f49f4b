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
 * Adds an issue for a hit whose chunk id names another span than where it first occurs (a chunk is one span of one
 * document, in every stage and query), and for a `documentCount` or `chunkCount` below the distinct documents (of
 * gold spans and hits) and chunks the rows name: every chunk retrieved and every gold span is in the corpus. A document
 * or chunk id spelled two ways that read alike (`mit`, `mit` + ZWSP) is refused too: it would count as two.
 */
export function expectRowsWithinCorpus(ctx: z.RefinementCtx, report: CorpusRows): void {
  const documents = new StringSet();
  const chunks = new StringMap<DocumentSpan>();
  const documentSpellings = new StringMap<string>();
  const chunkSpellings = new StringMap<string>();
  report.stages.forEach((stage, stageIndex) => {
    stage.queries.forEach((query, queryIndex) => {
      const path = ['stages', stageIndex, 'queries', queryIndex];
      query.gold.forEach((span, spanIndex) => {
        documents.add(span.documentId);
        const at = [...path, 'gold', spanIndex, 'documentId'];
        expectOneSpelling(ctx, documentSpellings, span.documentId, at, 'document id');
      });
      query.hits.forEach((hit, hitIndex) => {
        documents.add(hit.documentId);
        const at = [...path, 'hits', hitIndex];
        expectOneSpelling(ctx, documentSpellings, hit.documentId, [...at, 'documentId'], 'document id');
        expectOneSpelling(ctx, chunkSpellings, hit.chunkId, [...at, 'chunkId'], 'chunk id');
        const first = chunks.get(hit.chunkId);
        if (first === undefined) chunks.set(hit.chunkId, hit);
        else if (first.documentId !== hit.documentId || first.start !== hit.start || first.end !== hit.end) {
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'chunkId'],
            message: `expected chunk ${quoted(hit.chunkId)} to be ${quoted(first.documentId)} ${first.start}–${first.end} as where it first occurs (a chunk id names one span), received ${quoted(hit.documentId)} ${hit.start}–${hit.end}`,
          });
        }
      });
    });
  });
  const counts = [
    ['documentCount', documents.size, 'distinct documents of the gold spans and hits'],
    ['chunkCount', chunks.size, 'distinct chunks of the hits'],
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
