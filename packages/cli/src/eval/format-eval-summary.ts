import type { EvalReport } from '@gk/eval-schema';
import { escapeTerminalText } from '../terminal/escape-terminal-text.js';
import type { EvalComparison } from './compare-eval-reports.js';

const rate = (value: number | null | undefined): string =>
  value === null || value === undefined ? '  n/a' : value.toFixed(3);
const signed = (value: number | null): string =>
  value === null ? '' : `${value >= 0 ? '+' : ''}${value.toFixed(3)}`;

/** The human summary `gk eval` prints on standard error: metrics per stage, synthesis counts, deltas (controls escaped). */
export function formatEvalSummary(report: EvalReport, comparison: EvalComparison | null): string {
  const lines = [
    `gk eval  ${report.judgmentCount} questions · k = ${report.config.topK} · run ${report.runId}`,
  ];
  lines.push('  stage     recall  precision  hit rate  MRR    nDCG');
  for (const stage of report.stages) {
    const m = stage.metrics;
    lines.push(
      `  ${stage.stage.padEnd(8)}  ${rate(m.recall)}   ${rate(m.precision)}      ${rate(m.hitRate)}     ${rate(m.mrr)}  ${rate(m.ndcg)}`,
    );
  }
  const synthesis = report.synthesis;
  if (synthesis !== undefined) {
    const c = synthesis.counts;
    lines.push(
      `  synthesis ${c.answered} answered · ${c.abstained} abstained · ${c.rejected} rejected · claim acceptance ${rate(synthesis.claimAcceptance)}` +
        (c.judged > 0
          ? ` · judge (advisory): ${c.faithful} faithful, ${c.unfaithful} unfaithful, ${c.judgeErrors} errors`
          : ''),
    );
  }
  if (comparison !== null) {
    lines.push('  against the baseline:');
    for (const delta of comparison.deltas) {
      const mark = delta.regression ? '  REGRESSION' : '';
      lines.push(
        `    ${`${delta.stage} ${delta.metric}`.padEnd(28)} ${rate(delta.baseline)} → ${rate(delta.current)}  ${signed(delta.delta)}${mark}`,
      );
    }
    for (const warning of comparison.warnings) lines.push(`  note: ${warning}`);
  }
  // Stage names, the run id and warnings come from the pipeline module and its reports: escaped for the terminal.
  return `${escapeTerminalText(lines.join('\n'), { keepNewlines: true })}\n`;
}
