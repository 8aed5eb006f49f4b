import type { ProviderRun } from './ask-providers.js';
import { printable } from './printable.js';

const COLUMN = 58;
// Characters a terminal draws two cells wide: CJK, full-width forms and emoji.
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u;
const MARK = /\p{M}|\u200d|\ufe0f/u;

const cellsOf = (char: string): number => (MARK.test(char) ? 0 : WIDE.test(char) ? 2 : 1);

/** `text` on one line, cut to `width` terminal cells (with `…`) and padded to exactly that width. */
function fit(text: string, width: number): string {
  const chars = [...text.replace(/[\n\r\t]+/g, ' ')];
  const total = chars.reduce((sum, char) => sum + cellsOf(char), 0);
  const limit = total <= width ? width : width - 1;
  let out = '';
  let used = 0;
  for (const char of chars) {
    if (used + cellsOf(char) > limit) break;
    out += char;
    used += cellsOf(char);
  }
  if (total > width) {
    out += '…';
    used += 1;
  }
  return out + ' '.repeat(Math.max(0, width - used));
}

/**
 * The verified claims (with the citations built for them) beside the rejected provider citations. What a provider
 * sent (answer text, cited text, URLs, and the messages that quote them) goes through `printable`: none can
 * move the cursor or restyle the lines around it.
 */
export function renderSideBySide(run: ProviderRun): string {
  const { verification, citations } = run.outcome;
  const left: string[] = [];
  for (const claim of verification.claims) {
    left.push(`✓ ${printable(JSON.stringify(claim.text))}`);
    for (const citation of claim.citations) {
      left.push(
        `    [${citation.source}] ${printable(citation.documentId)} ${citation.start}–${citation.end} ${printable(JSON.stringify(citation.text))}`,
      );
    }
  }
  const right: string[] = [];
  for (const rejection of verification.rejected) {
    right.push(`✗ ${rejection.code}`);
    right.push(`    ${printable(JSON.stringify(rejection.text))}`);
  }
  if (left.length === 0) left.push('(none)');
  if (right.length === 0) right.push('(none: every provider citation resolved)');
  const lines = [
    `${run.provider}  ${printable(run.where)}`,
    `  ${citations.length} provider citation${citations.length === 1 ? '' : 's'} read; status ${verification.status}`,
    `  ${fit('verified', COLUMN)} │ rejected`,
    `  ${'─'.repeat(COLUMN)}─┼─${'─'.repeat(COLUMN)}`,
  ];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    lines.push(`  ${fit(left[i] ?? '', COLUMN)} │ ${fit(right[i] ?? '', COLUMN).trimEnd()}`);
  }
  for (const rejection of verification.rejected) lines.push(`  ✗ ${printable(rejection.message)}`);
  return `${lines.join('\n')}\n`;
}
