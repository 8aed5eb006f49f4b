import {
  type Claim,
  type Passage,
  parseMarkers,
  type RejectedClaim,
  type Span,
  splitClaims,
  type Verification,
  type VerifyOptions,
  verifyAnswer,
} from '@gk/citations';

/** One claim unit whose outcome can no longer change, whatever text still arrives. */
export type VerifiedUnit =
  | { status: 'accepted'; span: Span; claim: Claim; duplicate: boolean }
  | { status: 'rejected'; span: Span; rejected: RejectedClaim; duplicate: boolean };

/**
 * A verifier fed the answer piece by piece. Every unit of the answer is returned exactly once, in answer order,
 * by `push` (as soon as its outcome is final) or by `finish`; `end()` is `verifyAnswer` of everything pushed.
 * A unit's own outcome is its check alone: a repeat carries its own citations (`duplicate` says the verification
 * merges it into the first).
 */
export interface UnitVerifier {
  push(text: string): VerifiedUnit[];
  /** Whether a unit after the last one returned certainly exists in the text pushed so far. */
  followed(): boolean;
  /** No more text: the units not yet returned. */
  finish(): VerifiedUnit[];
  /** The verification of the whole answer (after `finish`). */
  end(): Verification;
}

/**
 * The verifier streaming uses. This one calls units final only at complete lines once the answer can no longer
 * be an abstention, and re-verifies the settled lines when more settle: correct, but quadratic in the number of
 * lines. It stands in until `@gk/citations` has its incremental verifier.
 */
export function createUnitVerifier(passages: readonly Passage[], options: VerifyOptions): UnitVerifier {
  let buffer = '';
  let settled = 0; // the text before this offset is complete lines whose units were returned
  let returned = 0; // units returned so far
  let finished = false;

  /** The units that end before `end`, not yet returned, with their outcomes in the whole text so far. */
  const take = (end: number): VerifiedUnit[] => {
    const prefix = buffer;
    const units = splitClaims(prefix, options).filter((unit) => unit.span.end <= end);
    if (units.length <= returned) return [];
    const verification = verifyAnswer(prefix, passages, options);
    const outcomes = new Map<number, VerifiedUnit>();
    for (const claim of verification.claims) {
      outcomes.set(claim.span.start, { status: 'accepted', span: claim.span, claim, duplicate: false });
      for (const span of claim.duplicates ?? [])
        outcomes.set(span.start, {
          status: 'accepted',
          span,
          claim: { text: prefix.slice(span.start, span.end), span, citations: claim.citations },
          duplicate: true,
        });
    }
    for (const rejected of verification.rejected) {
      outcomes.set(rejected.span.start, {
        status: 'rejected',
        span: rejected.span,
        rejected,
        duplicate: false,
      });
      for (const span of rejected.duplicates ?? [])
        outcomes.set(span.start, {
          status: 'rejected',
          span,
          rejected: { ...rejected, text: prefix.slice(span.start, span.end), span, duplicates: undefined },
          duplicate: true,
        });
    }
    const fresh = units.slice(returned).map((unit) => withoutDuplicates(outcomes.get(unit.span.start)!));
    returned = units.length;
    return fresh;
  };

  return {
    push(text) {
      buffer += text;
      const lineEnd = Math.max(
        buffer.lastIndexOf('\n'),
        buffer.lastIndexOf('\r'),
        buffer.lastIndexOf('\u2028'),
        buffer.lastIndexOf('\u2029'),
      );
      if (lineEnd + 1 <= settled || mayAbstain(buffer, options)) return [];
      settled = lineEnd + 1;
      return take(settled);
    },
    followed() {
      const open = buffer.slice(settled);
      if (parseMarkers(open, { ranges: options.ranges === true }).length > 0) return true;
      // A letter or digit past anything that is, or may still become, a list bullet starts a unit.
      const prefix = LIST_PREFIX.exec(open)?.[0] ?? '';
      const rest = open.slice(prefix.length);
      return CONTENT.test(rest) && !(prefix.trim() === '' && BULLET_SO_FAR.test(rest));
    },
    finish() {
      finished = true;
      const verification = verifyAnswer(buffer, passages, options);
      if (verification.status === 'abstained') return [];
      return take(buffer.length);
    },
    end() {
      if (!finished) throw new Error('end() before finish()');
      return verifyAnswer(buffer, passages, options);
    },
  };
}

const LIST_PREFIX =
  /^[ \t\u00a0]*(?:(?:[-*+\u2022\u2023\u25e6\u25aa\u2043]|\d{1,3}[.)]|[a-zA-Z][.)]|#{1,6}|>)[ \t\u00a0]+)?/;
const BULLET_SO_FAR = /^(?:\d{1,3}[.)]?|[a-zA-Z][.)]?)$/;
const CONTENT = /[\p{L}\p{N}]/u;

function withoutDuplicates(unit: VerifiedUnit): VerifiedUnit {
  if (unit.status === 'accepted') {
    const { duplicates: _, ...claim } = unit.claim;
    return { ...unit, claim };
  }
  const { duplicates: _, ...rejected } = unit.rejected;
  return { ...unit, rejected };
}

/** Whether the answer, given what has arrived, could still turn out to be an abstention. */
function mayAbstain(text: string, options: VerifyOptions): boolean {
  const head = text.trimStart();
  if (head === '') return true;
  const token = options.noSourceToken?.trim();
  if (token !== undefined && token !== '') {
    if (token.startsWith(head)) return true;
    if (head.startsWith(token) && head.slice(token.length).trim() === '') return true;
  }
  return (
    options.requireCitations !== false && parseMarkers(text, { ranges: options.ranges === true }).length === 0
  );
}
