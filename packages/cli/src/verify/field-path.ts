/** One step of a compiled field path. */
export type PathSegment =
  | { kind: 'key'; key: string }
  | { kind: 'each' }
  | { kind: 'index'; index: number }
  | { kind: 'match'; key: string; value: string };

/** A compiled field path: its source text and its steps. */
export interface FieldPath {
  source: string;
  segments: PathSegment[];
}

/** The longest field path, in characters: no key of one is longer. */
export const MAX_PATH_LENGTH = 1000;
const NAME = /^[^.[\]]+/;

/**
 * Compiles a field path such as `claims[].evidence[]`, `observations[type=RETRIEVER].output`, `items[0].text`
 * or `attributes["gen_ai.prompt"]`; returns an error message instead of throwing.
 */
export function compileFieldPath(
  source: string,
): { success: true; data: FieldPath } | { success: false; error: string } {
  if (typeof source !== 'string' || source.length === 0)
    return { success: false, error: 'expected a non-empty path' };
  if (source.length > MAX_PATH_LENGTH) {
    return { success: false, error: `expected a path of at most ${MAX_PATH_LENGTH} characters` };
  }
  const segments: PathSegment[] = [];
  let rest = source;
  let first = true;
  while (rest.length > 0) {
    if (rest.startsWith('[')) {
      const close = closingBracket(rest);
      if (close === -1) return { success: false, error: `unterminated "[" in ${JSON.stringify(source)}` };
      const inner = rest.slice(1, close);
      const segment = bracketSegment(inner);
      if (segment === null)
        return { success: false, error: `cannot read "[${inner}]" in ${JSON.stringify(source)}` };
      segments.push(segment);
      rest = rest.slice(close + 1);
    } else {
      if (!first) {
        if (!rest.startsWith('.'))
          return { success: false, error: `expected "." or "[" in ${JSON.stringify(source)}` };
        rest = rest.slice(1);
      }
      const name = NAME.exec(rest)?.[0];
      if (name === undefined)
        return { success: false, error: `expected a field name in ${JSON.stringify(source)}` };
      segments.push({ kind: 'key', key: name });
      rest = rest.slice(name.length);
    }
    first = false;
  }
  return { success: true, data: { source, segments } };
}

/** Every value the path reaches in `value`, in document order; only own properties are followed. */
export function readFieldPath(value: unknown, path: FieldPath): unknown[] {
  let current: unknown[] = [value];
  for (const segment of path.segments) {
    const next: unknown[] = [];
    for (const item of current) {
      if (segment.kind === 'key') {
        if (isRecord(item) && Object.hasOwn(item, segment.key)) next.push(item[segment.key]);
      } else if (Array.isArray(item)) {
        if (segment.kind === 'each') {
          for (const element of item) next.push(element);
        } else if (segment.kind === 'index') {
          if (segment.index < item.length) next.push(item[segment.index]);
        } else {
          for (const element of item) if (matches(element, segment)) next.push(element);
        }
      }
    }
    current = next;
  }
  return current;
}

/** A value {@link readFieldPathAt} reached, with the keys and indices that lead to it. */
export interface LocatedValue {
  value: unknown;
  at: Array<string | number>;
}

/**
 * {@link readFieldPath}, each value with where it is: the same values in the same order, each with the steps from
 * `value` to it (an object's key, an array's index). Costs the path's length more per value.
 */
export function readFieldPathAt(value: unknown, path: FieldPath): LocatedValue[] {
  let current: LocatedValue[] = [{ value, at: [] }];
  for (const segment of path.segments) {
    const next: LocatedValue[] = [];
    for (const { value: item, at } of current) {
      if (segment.kind === 'key') {
        if (isRecord(item) && Object.hasOwn(item, segment.key))
          next.push({ value: item[segment.key], at: [...at, segment.key] });
      } else if (Array.isArray(item)) {
        if (segment.kind === 'each') {
          for (let index = 0; index < item.length; index++)
            next.push({ value: item[index], at: [...at, index] });
        } else if (segment.kind === 'index') {
          if (segment.index < item.length)
            next.push({ value: item[segment.index], at: [...at, segment.index] });
        } else {
          for (let index = 0; index < item.length; index++)
            if (matches(item[index], segment)) next.push({ value: item[index], at: [...at, index] });
        }
      }
    }
    current = next;
  }
  return current;
}

/** Whether `element` is an object whose `segment.key` holds `segment.value` (as a string, number or boolean). */
function matches(element: unknown, segment: { key: string; value: string }): boolean {
  if (!(isRecord(element) && Object.hasOwn(element, segment.key))) return false;
  const field = element[segment.key];
  return (
    (typeof field === 'string' || typeof field === 'number' || typeof field === 'boolean') &&
    String(field) === segment.value
  );
}

/** True for a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function closingBracket(text: string): number {
  if (text[1] === '"') {
    // A quoted key: find the closing quote, skipping escapes, then expect "]".
    for (let i = 2; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '"') return text[i + 1] === ']' ? i + 1 : -1;
    }
    return -1;
  }
  return text.indexOf(']');
}

function bracketSegment(inner: string): PathSegment | null {
  if (inner === '') return { kind: 'each' };
  if (/^\d{1,9}$/.test(inner)) return { kind: 'index', index: Number(inner) };
  if (inner.startsWith('"')) {
    try {
      const key = JSON.parse(inner) as unknown;
      return typeof key === 'string' && key !== '' ? { kind: 'key', key } : null;
    } catch {
      return null;
    }
  }
  const equals = inner.indexOf('=');
  if (equals <= 0) return null;
  return { kind: 'match', key: inner.slice(0, equals), value: inner.slice(equals + 1) };
}
