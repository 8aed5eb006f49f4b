import type { Span } from '../types.js';

/** An inline citation's outcome as far as its claim goes: the claim span found for it and its marker, once placed. */
interface PlacedMarker {
  claim: Span | null;
  marker?: Span;
}

// Between two inline citations of one claim: spaces and the signs that wrap or separate them (`([a](u)) ([b](v))`).
const BETWEEN_MARKERS = /^[\s(),;]*$/;
// What may stand between a sentence's end and a link after it: spaces, closing quotes, brackets and emphasis, and the
// parenthesis a link span without its own parentheses opens inside (`stop. ([a](u))` with the span `[a](u)`).
const AFTER_STOP = /[\s("'*_~\p{Pe}\p{Pf}]/u;
const STOP = /[.!?。．｡！？]/;
// What stands between a link and the next sentence: spaces, the parentheses or brackets that close around the link, and
// a stray separator (`One. ([a](u)), two.`).
const AFTER_LINK = /[\s)\],.;:]/;

/**
 * Settles the claim of each inline citation given the others, in answer order (each claim is first the sentence before
 * its marker, found alone). A citation that follows another one of the same claim, with nothing between them but
 * spaces and wrapping signs (`… in 2024 ([a](u)) ([b](v)).`), gets that one's claim: its own would run to its start and
 * hold the first marker as words of the claim (whose URL no source of the second holds). With `sentences`, a link (or
 * such a group of links) after a sentence's end ends that sentence, as OpenAI writes them (`One. ([a](u)) Two.
 * ([b](v))`, where the splitter sees no break before a lower-case label): the claim of a later link in the sentence
 * found starts after it. Nothing is left unread: each marker is read as the marker it is, the text before it is its
 * own claim, and what stands between two markers of one group is no word. Linear in the answer and the citations.
 */
export function joinMarkerClaims(
  answer: string,
  outcomes: PlacedMarker[],
  sentences: boolean,
  trim: (span: Span) => Span,
): void {
  const placed = outcomes
    .filter((outcome) => outcome.claim !== null && outcome.marker !== undefined)
    .sort((a, b) => a.marker!.start - b.marker!.start || a.marker!.end - b.marker!.end);
  let previous: PlacedMarker | undefined;
  for (const outcome of placed) {
    const before = previous;
    previous = outcome;
    if (before === undefined) continue;
    const { marker } = outcome;
    const { marker: last, claim } = before;
    const same = last!.start === marker!.start && last!.end === marker!.end; // two citations of one marker
    if (
      claim!.start === outcome.claim!.start &&
      (same ||
        (last!.end <= marker!.start &&
          last!.start >= outcome.claim!.start &&
          BETWEEN_MARKERS.test(answer.slice(last!.end, marker!.start))))
    )
      outcome.claim = claim;
  }
  if (sentences) startClaimsAfterStops(answer, placed, trim);
}

/** The pass of {@link joinMarkerClaims} that ends a sentence at the links after its stop; `placed` in answer order. */
function startClaimsAfterStops(answer: string, placed: PlacedMarker[], trim: (span: Span) => Span): void {
  // The last link that ends a sentence (the last of its group), and how far past the signs after it the next claim
  // starts, scanned on as later claims need it (never past a later link: linear).
  let stop: { marker: Span; from: number } | undefined;
  let previous: PlacedMarker | undefined;
  let ends = false; // whether the previous link ends a sentence
  for (const outcome of placed) {
    const before = previous;
    previous = outcome;
    const marker = outcome.marker!;
    const last = before?.marker;
    if (last !== undefined && sameLink(answer, last, marker)) {
      outcome.claim = before!.claim; // another citation of the same link: the same claim, read once
      continue;
    }
    const claim = outcome.claim!;
    const grouped: boolean =
      ends && last!.end <= marker.start && BETWEEN_MARKERS.test(answer.slice(last!.end, marker.start));
    // Only a link within the claim found for this one: a claim found whole before its marker (a `Sources:` list under
    // the answer) holds none of the links after it.
    const cut =
      stop !== undefined && claim.start < stop.marker.end && stop.marker.end <= claim.end ? stop : undefined;
    // A later link of a group cites the claim the group's first does, cut or not.
    if (grouped) outcome.claim = before!.claim;
    else if (cut !== undefined) {
      while (cut.from < claim.end && AFTER_LINK.test(answer[cut.from]!)) cut.from++;
      outcome.claim = trim({ start: Math.min(cut.from, claim.end), end: claim.end });
    }
    ends =
      grouped || followsStop(answer, marker.start, last === undefined ? 0 : Math.min(last.end, marker.start));
    if (ends) stop = { marker, from: marker.end };
  }
}

/**
 * Whether `marker` is the link `last` is: the same span, or the one inside its parentheses (`[a](u)` in `([a](u))`),
 * as two citations of one link may give it.
 */
function sameLink(answer: string, last: Span, marker: Span): boolean {
  if (last.start === marker.start && last.end === marker.end) return true;
  return (
    last.start <= marker.start &&
    marker.end <= last.end &&
    /^\s*\(\s*$/.test(answer.slice(last.start, marker.start)) &&
    /^\s*\)\s*$/.test(answer.slice(marker.end, last.end))
  );
}

/** Whether a sentence's end comes before `position`, with nothing but AFTER_STOP between, read back to `floor` at most. */
function followsStop(answer: string, position: number, floor: number): boolean {
  let at = position - 1;
  while (at >= floor && AFTER_STOP.test(answer[at]!)) at--;
  return at >= floor && STOP.test(answer[at]!);
}
