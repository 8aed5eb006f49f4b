import { excerpt } from '@gk/internal';
import type { RejectedClaim, Span } from '../types.js';
import { attributeLinks } from '../verify/attribute-links.js';
import { type CompiledIdentifierRule, foldIdentifierText } from '../verify/identifier-rules.js';
import { anyTags, reorders } from '../verify/reordering-tag.js';
import { firstAtLeast } from './first-at-least.js';
import { joinSpans } from './join-spans.js';
import { createCoverTest, type OutsideIdentifier, type PastIdentifier } from './identifiers-past-claims.js';
import { lastAtMost } from './last-at-most.js';
import { markersOutsideClaims } from './markers-outside-claims.js';

const quote = (text: string): string => JSON.stringify(excerpt(text, { length: 80 }));

/**
 * The answer's text that no citation covers (outside every claim, link label and marker in `covered`, grouped by the
 * claim they are shown with) is shown to the reader all the same, and its markup acts on the claims beside it.
 * Refused there, with no markers:
 * - each raw tag that is not inside one claim's text (with its labels and markers) and can reorder what is shown
 *   (`<bdo>`, `dir`, `style`, as `verifyAnswer` refuses one in a claim: {@link reorders}), `unsupported`, whatever
 *   the identifier rules;
 * - each such tag that carries a link (`<img src=//evil.example/a.png>`, an `onerror` handler, a frame's `srcdoc`:
 *   see attributeLinks, read with the `url` or `url-loose` rule), and each identifier the rules read outside the
 *   claims and those tags (`found`, see identifiersPastClaims), `unknown_identifier`, as `verifyAnswer` refuses one in
 *   a claim that cites nothing;
 * - each part that shows a numbered marker (`[7]`, `&#91;7&#93;`, a source list of its own), `marker_out_of_range`: a
 *   provider places its citations itself, so such a marker names none (see markersOutsideClaims).
 * A tag is read whole, from its `<` to its `>`, wherever the covered spans cut it: a tag opened before a claim makes
 * the claim's words its attributes (`<svg ` · a claim holding `onload=…` · `>`), which the claim's own check, reading
 * its text alone, does not see. Its rejection's span is its first part outside the covered spans (the whole tag when
 * it has none: a tag over two adjacent claims). One rejection per tag. An `<a>` tag whose text is one claim of
 * `claims` (the claims checked, by span) and nothing else is not refused: its links are that claim's (`charged`, per
 * claim), for its check to find in its cited spans, as a markdown link whose label is the claim. Linear in the answer.
 */
export function uncitedTextRejections(
  answer: string,
  covered: ReadonlyArray<readonly Span[]>,
  rules: readonly CompiledIdentifierRule[],
  found: readonly OutsideIdentifier[],
  claims: readonly Span[] = [],
): { rejected: RejectedClaim[]; charged: PastIdentifier[][] } {
  const rejected: RejectedClaim[] = [];
  const charged: PastIdentifier[][] = claims.map(() => []);
  const refuse = (span: Span, code: RejectedClaim['code'], message: string): void => {
    rejected.push({ text: answer.slice(span.start, span.end), span, code, markers: [], message });
  };
  // Either link rule reads tags' links (`url-loose` as `url` does: a claim's check reads them with either).
  const linkRule = rules.find(({ name }) => name === 'url' || name === 'url-loose');
  const { tags, anchors } = tagsOutside(answer, covered, linkRule !== undefined, claims);
  // A link around a claim is the claim's, as a markdown link whose text it is: read as its check reads a tag's links.
  for (const { tag, claim } of anchors)
    for (const link of attributeLinks(foldIdentifierText(tag))) {
      const value = linkRule!.canonical(link);
      if (!charged[claim]!.some((known) => known.value === value))
        charged[claim]!.push({ rule: linkRule!, value });
    }
  for (const { span, tag, link } of tags) {
    const shown = quote(tag);
    if (link !== undefined)
      refuse(
        span,
        'unknown_identifier',
        `The tag ${shown} links ${quote(link)} in text no citation covers; expected every link a reader is shown to stand in a cited claim and come from its cited sources.`,
      );
    else
      refuse(
        span,
        'unsupported',
        `The tag ${shown} in text no citation covers can reorder what is shown, as a bidi control does; expected no \`dir\` or \`style\` attribute and no \`bdo\`, \`style\` or \`link\` element in an answer.`,
      );
  }
  const clearOfTags = createCoverTest([...tags, ...anchors].map(({ whole }) => whole));
  for (const { span, rule, value } of found)
    if (clearOfTags(span.start, span.end))
      refuse(
        trimmed(answer, span),
        'unknown_identifier',
        `The answer names ${rule.name} ${quote(value)} in text no citation covers; expected every identifier a reader is shown to stand in a cited claim and come from its cited sources.`,
      );
  // One at a time: a spread of more than about 125,000 items overflows the stack.
  for (const claim of markersOutsideClaims(answer, covered.flat())) rejected.push(claim);
  return { rejected, charged };
}

/** A span without the white space at its ends (a match mapped back to a whole word may start at a line break). */
function trimmed(answer: string, { start, end }: Span): Span {
  while (start < end && /\s/.test(answer[start]!)) start++;
  while (end > start && /\s/.test(answer[end - 1]!)) end--;
  return { start, end };
}

/** A tag {@link tagsOutside} refuses: its text, its first part outside the covered spans, the whole, its first link. */
interface UncitedTag {
  tag: string;
  span: Span;
  whole: Span;
  link: string | undefined;
}

/** An `<a>` tag in text no citation covers whose element holds one claim (`claims[claim]`) and nothing else. */
interface Anchor {
  tag: string;
  whole: Span;
  claim: number;
}

/**
 * Each raw tag of the answer that no claim's text holds (with its labels and markers: a claim's own tags are its
 * check's, which reads them joined) and that carries a link (`links`: when a link rule is on) or can reorder what is
 * shown (`tags`); and, apart, each `<a>` tag wholly outside them that links a claim of `claims` (`anchors`): written
 * just before the claim, with its `</a>` just after it, and reordering nothing. Tags in code spans are read too: a
 * refusal, never an acceptance (a line in an HTML block shows no code span).
 */
function tagsOutside(
  answer: string,
  covered: ReadonlyArray<readonly Span[]>,
  links: boolean,
  claims: readonly Span[],
): { tags: UncitedTag[]; anchors: Anchor[] } {
  const found: UncitedTag[] = [];
  const anchors: Anchor[] = [];
  if (!answer.includes('<')) return { tags: found, anchors };
  // The claims by where they start, for the one an `<a>` tag opens.
  const byStart = claims.map((_, c) => c).sort((a, b) => claims[a]!.start - claims[b]!.start);
  const claimStarts = byStart.map((c) => claims[c]!.start);
  // Per claim, its spans as stretches, joined over what stands between a claim and its marker
  // (`Claim. ([label](…))`).
  const extents = covered.flatMap((group) =>
    joinSpans(group, (end, start) => MARKER_GAP.test(answer.slice(end, start))),
  );
  // Per extent in start order, the furthest end of it and those before it: a tag is inside one extent when those
  // that start at or before it reach past its end.
  const starts = extents.map(({ start }) => start);
  const reach: number[] = [];
  for (const { end } of extents) reach.push(Math.max(end, reach.at(-1) ?? end));
  // The covered text as disjoint stretches, those that touch joined.
  const joined = joinSpans(covered.flat());
  const joinedEnds = joined.map(({ end }) => end);
  for (const match of anyTags(answer)) {
    const tag = match[0];
    const whole = { start: match.index, end: match.index + tag.length };
    if (
      extents.length > 0 &&
      starts[0]! <= whole.start &&
      reach[lastAtMost(starts, whole.start)]! >= whole.end
    )
      continue;
    const reordering = reorders(match[1], match[2]);
    // The first stretch of the tag outside the covered text: after the covered stretch it starts in, if any.
    let k = firstAtLeast(joinedEnds, whole.start + 1);
    let from = whole.start;
    if (k < joined.length && joined[k]!.start <= from) from = joined[k++]!.end;
    const apart = from === whole.start && (k === joined.length || joined[k]!.start >= whole.end);
    if (links && !reordering && apart && /^a$/i.test(match[1])) {
      const claim = claimLinked(answer, whole, claims, byStart, claimStarts);
      if (claim !== -1) {
        anchors.push({ tag, whole, claim });
        continue;
      }
    }
    const link = links ? attributeLinks(tag)[0] : undefined;
    if (link === undefined && !reordering) continue;
    const span =
      from >= whole.end ? whole : { start: from, end: Math.min(whole.end, joined[k]?.start ?? whole.end) };
    found.push({ tag, span, whole, link });
  }
  return { tags: found, anchors };
}

// White space beside a claim inside the link around it, and the end tag that closes that link.
const AROUND = /\s{0,16}/y;
const END_TAG = /<\/a[\t\n\f\r ]*>/iy;

/**
 * The claim that the `<a>` tag at `whole` links, or -1: one that starts just after the tag (white space between)
 * and is followed just after its end by `</a>`, so that the link's text is the claim and nothing else.
 */
function claimLinked(
  answer: string,
  whole: Span,
  claims: readonly Span[],
  byStart: readonly number[],
  claimStarts: readonly number[],
): number {
  AROUND.lastIndex = whole.end;
  AROUND.test(answer);
  const start = AROUND.lastIndex;
  for (let i = firstAtLeast(claimStarts, start); i < claimStarts.length && claimStarts[i] === start; i++) {
    const c = byStart[i]!;
    AROUND.lastIndex = claims[c]!.end;
    AROUND.test(answer);
    END_TAG.lastIndex = AROUND.lastIndex;
    if (END_TAG.test(answer)) return c;
  }
  return -1;
}

// What may stand between a claim and the marker or label shown with it: white space and an opening parenthesis,
// briefly.
const MARKER_GAP = /^[\s(]{0,16}$/;
