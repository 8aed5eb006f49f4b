import type { EchoCase } from './build-echo-case.js';
import { ECHO_MARKER_PREFIX } from './generate-marker.js';
import { squash } from './squash.js';

/**
 * Whether a value has every field the check reads of an `EchoCase`: string ids, question and marker C, and for
 * the positive and the decoy a document id, text, marker, subject and value, and a passage of that document; and
 * markers the check can find: each holds an ASCII letter or digit besides its `GK-ECHO-` prefix (the leak search
 * reads nothing else, so `''` or `'--'` could never be found), and marker C is neither A nor B (the pipeline is
 * shown those, so C would never count as leaked).
 */
export function isEchoCase(value: unknown): value is EchoCase {
  if (typeof value !== 'object' || value === null) return false;
  const echoCase = value as Record<string, unknown>;
  if (
    !['caseId', 'templateId', 'question', 'absentMarker'].every((key) => typeof echoCase[key] === 'string') ||
    !isEchoDocument(echoCase['positive']) ||
    !isEchoDocument(echoCase['decoy'])
  ) {
    return false;
  }
  const { positive, decoy, absentMarker } = value as EchoCase;
  const [a, b, c] = [positive.marker, decoy.marker, absentMarker].map(readableMarker);
  return a !== '' && b !== '' && c !== '' && c !== a && c !== b;
}

/** What the leak search reads of a marker: its characters after the prefix, squashed. */
function readableMarker(marker: string): string {
  return squash(marker.startsWith(ECHO_MARKER_PREFIX) ? marker.slice(ECHO_MARKER_PREFIX.length) : marker);
}

function isEchoDocument(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const document = value as Record<string, unknown>;
  const passage = document['passage'] as Record<string, unknown> | null | undefined;
  return (
    ['documentId', 'text', 'marker', 'subject', 'value'].every((key) => typeof document[key] === 'string') &&
    typeof passage === 'object' &&
    passage !== null &&
    passage['documentId'] === document['documentId'] &&
    typeof passage['text'] === 'string'
  );
}
