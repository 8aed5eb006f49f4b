import type { Span } from '../types.js';
import { type ClaimUnit, type SplitClaimsOptions, splitClaims } from '../verify/split-claims.js';

/**
 * Finds the claim an inline citation marker at `position` belongs to: the last claim unit of the answer (split
 * once, as `verifyAnswer` splits it) that starts before the marker, cut off at the marker and trimmed. An
 * empty span when no text precedes the marker.
 */
export function createMarkerClaimFinder(
  answer: string,
  options: SplitClaimsOptions,
  trim: (span: Span) => Span,
): (position: number) => Span {
  let units: ClaimUnit[] | undefined;
  return (position) => {
    units ??= splitClaims(answer, options);
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
