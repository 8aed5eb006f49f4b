import { splitClaims, type Verification, type VerifyOptions } from '@gk/citations';

/**
 * The completion with every unit that is not an accepted claim cut out, with the spaces after it. Units come
 * from the verifier's own splitter, so a rejected claim that was merged as a duplicate is cut as well.
 */
export function acceptedText(completion: string, verification: Verification, verify: VerifyOptions): string {
  const kept = new Set(verification.claims.map(({ span }) => `${span.start}:${span.end}`));
  const units = splitClaims(completion, { unit: verify.unit, locale: verify.locale, ranges: verify.ranges });
  let text = '';
  let cursor = 0;
  for (const { span } of units) {
    if (kept.has(`${span.start}:${span.end}`) || span.start < cursor) continue;
    text += completion.slice(cursor, span.start);
    cursor = span.end;
    while (cursor < completion.length && (completion[cursor] === ' ' || completion[cursor] === '\t'))
      cursor++;
  }
  return (text + completion.slice(cursor))
    .split('\n')
    .filter((line) => !EMPTIED_LINE.test(line))
    .join('\n')
    .replace(/[ \t]+$/gm, '')
    .trim();
}

// A line left with nothing but a list bullet or number after its claim was cut.
const EMPTIED_LINE = /^[ \t]*(?:[-*+\u2022]|[0-9]{1,3}[.)])[ \t]*$/;
