// The fields the scorer reads: of a synthesized answer, of each of its citations and rejected claims, of a rejection.
const ANSWER_FIELDS = ['text', 'citations', 'completion', 'rejected'] as const;
const CITATION_FIELDS = ['source', 'documentId', 'chunkId', 'start', 'end', 'text'] as const;
const CLAIM_FIELDS = ['text', 'markers'] as const;
const REJECTION_FIELDS = ['name', 'code', 'message', 'cause', 'verification'] as const;

/**
 * What a pipeline returned, as a caller reads it once: every field the scorer reads (`text`, `citations` and each
 * citation's fields, `completion`, `rejected` and each claim's `text` and `markers`) read exactly once, into plain
 * objects and arrays.
 *
 * The scorer reads a field several times and walks arrays with their own `map` and iterator. Without this, an
 * answer could show it one thing and a caller another: a getter or proxy that answers differently per read (the
 * decoy's answer on the first read, the positive's after), a proxy that hides its keys from the leak search, an
 * array whose own `map` or iterator yields other elements than its indices (which `JSON.stringify` and a caller's
 * `citations[0]` read). A getter that throws leaves its error as the field's value, so the answer is refused
 * (`invalid_answer`) or the citation does not re-read, and the error is searched for markers. Arrays keep their
 * holes (a sparse `citations` is still refused). A string, an array or anything but an object is returned as is.
 *
 * Only the fields scored are copied: the leak search must still walk the value as returned (see `runEchoCheck`).
 */
export function snapshotAnswer(answer: unknown): unknown {
  if (typeof answer !== 'object' || answer === null) return answer;
  // A revoked proxy throws even when asked whether it is an array: its error stands for it (no answer: invalid_answer).
  try {
    if (Array.isArray(answer)) return answer;
  } catch (error) {
    return error;
  }
  const snapshot = readFields(answer, ANSWER_FIELDS);
  // A hole makes `citations` invalid whatever follows it: the copy stops there (and keeps the hole).
  snapshot['citations'] = copyArray(snapshot['citations'], 'stop at a hole', (citation) =>
    isObject(citation) ? readFields(citation, CITATION_FIELDS) : citation,
  );
  snapshot['rejected'] = copyArray(snapshot['rejected'], 'skip holes', (claim) => {
    if (!isObject(claim)) return claim;
    const fields = readFields(claim, CLAIM_FIELDS);
    fields['markers'] = copyArray(fields['markers'], 'skip holes', (marker) => marker);
    return fields;
  });
  return snapshot;
}

/** A rejection as a caller reads it once: its `name`, `code`, `message`, `cause` and `verification`. */
export function snapshotRejection<Rejection extends object>(rejection: Rejection): Rejection {
  return readFields(rejection, REJECTION_FIELDS) as Rejection;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** Reads a property once; a getter or proxy trap that throws gives its error as the value (searched, never scored). */
function readOnce(value: object, key: PropertyKey): unknown {
  try {
    return Reflect.get(value, key);
  } catch (error) {
    return error;
  }
}

/** The named fields of an object, each read once (a getter's or proxy's first answer); absent ones left out. */
function readFields(value: object, fields: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const field of fields) {
    const read = readOnce(value, field);
    if (read !== undefined) copy[field] = read;
  }
  return copy;
}

/**
 * A plain array of `value`'s elements, each read once and passed through `copy`; holes stay holes. Past the first
 * hole the rest is either left out or found among the array's own keys, so a huge sparse array costs what it holds.
 */
function copyArray(
  value: unknown,
  holes: 'stop at a hole' | 'skip holes',
  copy: (element: unknown) => unknown,
): unknown {
  // A proxy whose trap throws (`has`, `ownKeys`, or any, once revoked) is read as that error, as a getter that throws
  // is: `citations` is then no array (invalid_answer) and a `rejected` list names no source. It never escapes.
  try {
    return copyElements(value, holes, copy);
  } catch (error) {
    return error;
  }
}

function copyElements(
  value: unknown,
  holes: 'stop at a hole' | 'skip holes',
  copy: (element: unknown) => unknown,
): unknown {
  if (!Array.isArray(value)) return value;
  // A proxy may report any length; one no array can have is left for the scorer to read as it would.
  const length: unknown = readOnce(value, 'length');
  if (!Number.isSafeInteger(length) || (length as number) < 0 || (length as number) > 0xffff_ffff)
    return value;
  const result: unknown[] = new Array(length as number);
  let index = 0;
  for (; index < (length as number) && index in value; index++) result[index] = copy(readOnce(value, index));
  if (index === length || holes === 'stop at a hole') return result;
  for (const key of Object.keys(value)) {
    const at = Number(key);
    if (Number.isSafeInteger(at) && at > index && at < (length as number) && String(at) === key) {
      result[at] = copy(readOnce(value, at));
    }
  }
  return result;
}
