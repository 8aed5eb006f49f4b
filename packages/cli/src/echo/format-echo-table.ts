import type { EchoReport } from '@gk/eval-schema';
import { escapeTerminalText } from '../terminal/escape-terminal-text.js';

/** The case table `gk echo` prints: one row per case, then the counts. */
export function formatEchoTable(report: EchoReport): string {
  // Case ids and details come from the pipeline and its answers: every control, bidi ones included, is escaped.
  const rows = report.cases.map((echoCase) => [
    escapeTerminalText(echoCase.caseId),
    echoCase.outcome,
    echoCase.leaked ? 'LEAKED' : 'no leak',
    echoCase.citedSources === undefined
      ? ''
      : `cited ${echoCase.citedSources.map((n) => `[${n}]`).join('') || 'nothing'}`,
    escapeTerminalText((echoCase.detail ?? '').slice(0, 100)),
  ]);
  // A fold, not a spread: a spread of more than about 125,000 rows overflows the stack.
  const widths = [0, 1, 2, 3].map((column) =>
    rows.reduce((width, row) => Math.max(width, row[column]!.length), 4),
  );
  const lines = rows.map((row) =>
    row
      .map((cell, column) => (column < 4 ? cell.padEnd(widths[column]!) : cell))
      .join('  ')
      .trimEnd(),
  );
  const { counts } = report;
  lines.push(
    `${counts.total} cases: ${counts.grounded} grounded, ${counts.wrongSource} wrong source, ${counts.abstained} abstained, ${counts.rejected} rejected, ${counts.leaked} leaked`,
  );
  return `${lines.join('\n')}\n`;
}
