import type { EchoCase } from './build-echo-case.js';

/**
 * Whether a value has every field the check reads of an `EchoCase`: string ids, question and marker C, and for
 * the positive and the decoy a document id, text, marker, subject and value, and a passage of that document.
 */
export function isEchoCase(value: unknown): value is EchoCase {
  if (typeof value !== 'object' || value === null) return false;
  const echoCase = value as Record<string, unknown>;
  return (
    ['caseId', 'templateId', 'question', 'absentMarker'].every((key) => typeof echoCase[key] === 'string') &&
    isEchoDocument(echoCase['positive']) &&
    isEchoDocument(echoCase['decoy'])
  );
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
