import { excerpt } from '@gk/internal';
import type { RejectedClaim, Span } from '../types.js';
import { attributeLinks } from '../verify/attribute-links.js';
import type { CompiledIdentifierRule } from '../verify/identifier-rules.js';
import { anyTags, reorderingTag, type TagState } from '../verify/reordering-tag.js';
import { createCoverTest, type OutsideIdentifier } from './identifiers-past-claims.js';

const quote = (text: string): string => JSON.stringify(excerpt(text, { length: 80 }));

/**
 * The answer's text that no citation covers (outside every claim, link label and marker in `covered`) is shown to the
 * reader all the same: each identifier the rules read there (`found`, see identifiersPastClaims) and each link a raw
 * tag there carries (`<img src=//evil.example/a.png>`, an `onerror` handler, a frame's `srcdoc`: see attributeLinks,
 * read with the url rule) is refused as `unknown_identifier`, as `verifyAnswer` refuses one in a claim that cites
 * nothing. A tag whose start a covered span holds is read on from what that span leaves open (`<img ` · ` src=//host>`).
 * One rejection per tag, and per identifier outside every tag refused. Linear in the answer.
 */
export function identifiersOutsideClaims(
  answer: string,
  covered: readonly Span[],
  rules: readonly CompiledIdentifierRule[],
  found: readonly OutsideIdentifier[],
): RejectedClaim[] {
  const rejected: RejectedClaim[] = [];
  const refuse = (span: Span, message: string): void => {
    rejected.push({
      text: answer.slice(span.start, span.end),
      span,
      code: 'unknown_identifier',
      markers: [],
      message,
    });
  };
  const tags = rules.some((rule) => rule.name === 'url') ? tagLinksOutside(answer, covered) : [];
  for (const { span, value } of tags)
    refuse(
      span,
      `The tag ${quote(answer.slice(span.start, span.end))} links ${quote(value)} in text no citation covers; expected every link a reader is shown to stand in a cited claim and come from its cited sources.`,
    );
  const clearOfTags = createCoverTest(tags.map(({ span }) => span));
  for (const { span, rule, value } of found)
    if (clearOfTags(span.start, span.end))
      refuse(
        trimmed(answer, span),
        `The answer names ${rule.name} ${quote(value)} in text no citation covers; expected every identifier a reader is shown to stand in a cited claim and come from its cited sources.`,
      );
  return rejected;
}

/** A span without the white space at its ends (a match mapped back to a whole word may start at a line break). */
function trimmed(answer: string, { start, end }: Span): Span {
  while (start < end && /\s/.test(answer[start]!)) start++;
  while (end > start && /\s/.test(answer[end - 1]!)) end--;
  return { start, end };
}

/**
 * The first link each raw tag carries in the stretches of the answer outside every span of `covered`, with the part of
 * the tag that lies there. The tag state runs on through the covered spans: a stretch starts inside the tag the text
 * before it left open.
 */
function tagLinksOutside(answer: string, covered: readonly Span[]): Array<{ span: Span; value: string }> {
  const links: Array<{ span: Span; value: string }> = [];
  if (!answer.includes('<')) return links;
  let open: TagState = '';
  let at = 0;
  const spans = [...covered].sort((a, b) => a.start - b.start);
  spans.push({ start: answer.length, end: answer.length });
  for (const span of spans) {
    if (span.start > at) {
      const stretch = answer.slice(at, span.start);
      for (const tag of anyTags(open + stretch)) {
        const [value] = attributeLinks(tag[0]);
        if (value === undefined) continue;
        const start = at + Math.max(0, tag.index - open.length);
        links.push({ span: { start, end: at + tag.index + tag[0].length - open.length }, value });
      }
      open = reorderingTag(stretch, false, open).open;
      at = span.start;
    }
    if (span.end > at) {
      open = reorderingTag(answer.slice(at, span.end), false, open).open;
      at = span.end;
    }
  }
  return links;
}
