import { escapeTerminalText } from '../terminal/escape-terminal-text.js';
import type { VerifySummary } from './verify-summary.js';

const number = (value: number): string => value.toLocaleString('en-US');
const percent = (value: number | null): string => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);

/** The human summary `gk verify` prints on standard error. */
export function formatVerifySummary(summary: VerifySummary): string {
  const lines: string[] = [];
  const shards =
    summary.shards === null
      ? ''
      : ` (shard${summary.shards.indexes.length === 1 ? '' : 's'} ${summary.shards.indexes.join(', ')} of ${summary.shards.count})`;
  lines.push(`gk verify  ${escapeTerminalText(summary.input ?? 'merged summaries')}${shards}`);
  lines.push(
    `  answers   ${number(summary.answers)} verified · ${number(summary.answered)} answered · ${number(summary.abstained)} abstained · ${number(summary.rejectedAnswers)} rejected`,
  );
  lines.push(
    `  claims    ${number(summary.claimsWritten)} written · ${number(summary.claimsAccepted)} accepted · ${number(summary.claimsRejected)} rejected · claim acceptance ${percent(summary.claimAcceptance)}`,
  );
  const codes = Object.entries(summary.rejectedByCode).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0));
  if (codes.length > 0)
    lines.push(`  rejected  ${codes.map(([code, count]) => `${code} ${number(count ?? 0)}`).join(' · ')}`);
  if (summary.invalidLines > 0) {
    const invalid = Object.entries(summary.invalidByCode).map(
      ([code, count]) => `${code} ${number(count ?? 0)}`,
    );
    lines.push(`  skipped   ${number(summary.invalidLines)} lines: ${invalid.join(' · ')}`);
  }
  const seconds = summary.elapsedMs / 1000;
  const rate = seconds > 0 ? Math.round(summary.lines / seconds) : 0;
  lines.push(
    `  time      ${seconds.toFixed(2)} s · ${number(rate)} lines/s · CPU ${(summary.cpuMs / 1000).toFixed(2)} s · peak RSS ${Math.round(summary.maxRssBytes / 1048576)} MB`,
  );
  return `${lines.join('\n')}\n`;
}
