import type { EvalReport } from '@gk/eval-schema';

/** The labels the run prints above the table. */
export interface ReportLabels {
  synthesis: string;
  judge: string;
  rewriter: string | null;
  path: string | null;
}

const format = (value: number | null): string => (value === null ? '   n/a' : value.toFixed(3).padStart(6));

/** A plain-text table of the retrieval metrics and the synthesis and judge counts of an `EvalReport`. */
export function renderReport(report: EvalReport, labels: ReportLabels): string {
  const stage = report.stages[0];
  const synthesis = report.synthesis;
  const lines = [
    `Golden set: ${report.judgmentCount} questions over ${report.documentCount} licences (${report.chunkCount} passages), k = ${report.config.topK}`,
    `  rewrite     ${labels.rewriter ?? 'off (the question is the search query)'}`,
    '  retrieve    lexical: flexsearch candidates, BM25 ranking',
    `  synthesize  ${labels.synthesis}, policy drop-claims, lexical support check on`,
    `  judge       ${labels.judge}`,
    '',
  ];
  if (stage !== undefined) {
    lines.push('Retrieval (lexical)        queries  recall@k     MRR  nDCG@k  hit@k');
    const row = (name: string, m: EvalReport['stages'][number]['metrics']): string =>
      `  ${name.padEnd(24)} ${String(m.queries).padStart(7)}  ${format(m.recall)}  ${format(m.mrr)}  ${format(m.ndcg)} ${format(m.hitRate)}`;
    lines.push(row('all', stage.metrics));
    for (const entry of stage.categories) lines.push(row(entry.category, entry.metrics));
    lines.push('');
  }
  if (stage !== undefined && synthesis !== undefined) {
    const rows = new Map(synthesis.rows.map((row) => [row.queryId, row]));
    lines.push('Per question               first gold hit  synthesis   judge');
    for (const query of stage.queries) {
      const first = query.hits.findIndex((hit) =>
        query.gold.some((g) => g.documentId === hit.documentId && g.start < hit.end && hit.start < g.end),
      );
      const row = rows.get(query.queryId);
      lines.push(
        `  ${query.queryId.padEnd(24)} ${(first === -1 ? '-' : `rank ${first + 1}`).padStart(14)}  ${(row?.status ?? '').padEnd(10)}  ${row?.verdict ?? '-'}`,
      );
    }
    lines.push('');
  }
  if (synthesis !== undefined) {
    const c = synthesis.counts;
    lines.push('Synthesis   answered  abstained  rejected   claims accepted/written');
    lines.push(
      `            ${String(c.answered).padStart(8)}  ${String(c.abstained).padStart(9)}  ${String(c.rejected).padStart(8)}   ${c.claimsAccepted}/${c.claimsWritten}`,
    );
    lines.push('Judge       faithful  unfaithful  errors   (advisory; the scripted judge is not calibrated)');
    lines.push(
      `            ${String(c.faithful).padStart(8)}  ${String(c.unfaithful).padStart(10)}  ${String(c.judgeErrors).padStart(6)}`,
    );
    lines.push('');
  }
  if (labels.path !== null)
    lines.push(`EvalReport (schema version ${report.schemaVersion}) validated and written to ${labels.path}`);
  return `${lines.join('\n')}\n`;
}
