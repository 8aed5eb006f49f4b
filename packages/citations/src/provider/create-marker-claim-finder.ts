import type { Span } from '../types.js';
import { type ClaimUnit, type SplitClaimsOptions, splitClaims } from '../verify/split-claims.js';

/**
 * Finds the claim an inline citation marker at `position` belongs to: the last claim unit of the answer (split
 * once, as `verifyAnswer` splits it) that starts before the marker, cut off at the marker and trimmed. A marker
 * span that leaves out the parenthesis opening around it (`[a](u)` in `… fever. ([a](u))`) is placed where that
 * parenthesis is: it is no word of the claim, and a sentence the splitter starts there (after `!` or `?`) is not the
 * marker's. An empty span when no text precedes the marker.
 */
export function createMarkerClaimFinder(
  answer: string,
  options: SplitClaimsOptions,
  trim: (span: Span) => Span,
): (position: number) => Span {
  let units: ClaimUnit[] | undefined;
  return (marker) => {
    units ??= splitClaims(answer, options);
    const position = answer[marker - 1] === '(' ? marker - 1 : marker;
    let low = 0;
    let high = units.length; // first unit that starts at or after the marker
    while (low < high) {
      const middle = (low + high) >> 1;
      if (units[middle]!.span.start < position) low = middle + 1;
      else high = middle;
    }
    const unit = units[low - 1];
    if (unit === undefined) return { start: position, end: position };
    return unit.span.end <= position ? unit.span : trim({ start: unit.span.start, end: position });
  };
}
