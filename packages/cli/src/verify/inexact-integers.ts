import { closingQuote } from '../io/closing-quote.js';
import { MAX_PATH_LENGTH } from './field-path.js';

/** One step into a JSON value: an object's key (as JSON reads it, escapes undone) or an array's index. */
export type JsonStep = string | number;

/** What {@link inexactIntegers} found in a JSON text. */
export interface InexactIntegers {
  /**
   * How the integer `value` at `path` (from the top value) is written, when it is written otherwise than as
   * `String(value)`; undefined when it is not, or no such number is there. Costs the length of `path`.
   */
  at(path: readonly JsonStep[], value: number): string | undefined;
}

/**
 * The integers a JSON text writes otherwise than as `String()` writes them back (`1.0`, `1e2`, `-0`; `007` is no
 * JSON), each by the exact path of its value, with its text as written. `JSON.parse` keeps only the number, so a
 * numeric id `1.0` would be looked up as "1" in a collection that may hold "1.0" as well: a reader of the line and gk
 * would name different documents. A number elsewhere (another field of the same name) says nothing about the one
 * read. Where an object gives a key twice, what each of its values was written as is kept. A key longer than any
 * field path is no step of one: nothing under it is kept. Linear in `text`, which must be valid JSON (it is parsed
 * first): each open container is known by a number, a step from it by that number and the step.
 */
export function inexactIntegers(text: string): InexactIntegers {
  // The container reached by a step from another (`${node}:${key}` or `${node}#${index}`), and each inexact integer
  // by its value and step (`${String(value)}@${step}`, the value written back first: it holds no "@").
  const children = new Map<string, number>();
  const numbers = new Map<string, string>();
  // The open containers: each one's number (-1 for one no field path reaches), whether it is an object, and the key
  // last read in it (null past a key too long to be read) or the index of its element being read.
  const nodes: number[] = [];
  const objects: boolean[] = [];
  const keys: Array<string | null> = [];
  const indices: number[] = [];
  let nodeCount = 0;
  let expectKey = false;
  // The step to the value starting here, from the innermost container; null when no field path reaches it.
  const step = (): string | null => {
    const depth = nodes.length - 1;
    const node = nodes[depth]!;
    if (node === -1) return null;
    if (!objects[depth]) return `${node}#${indices[depth]}`;
    const key = keys[depth];
    return key === null || key === undefined ? null : `${node}:${key}`;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      const end = closingQuote(text, i);
      if (expectKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        keys[keys.length - 1] = key.length > MAX_PATH_LENGTH ? null : key;
        expectKey = false;
      }
      i = end;
    } else if (code === 0x7b || code === 0x5b) {
      let node = -1;
      if (nodes.length === 0) node = nodeCount++;
      else {
        const from = step();
        if (from !== null) {
          node = children.get(from) ?? -1;
          if (node === -1) {
            node = nodeCount++;
            children.set(from, node);
          }
        }
      }
      nodes.push(node);
      objects.push(code === 0x7b);
      keys.push(null);
      indices.push(0);
      expectKey = code === 0x7b;
    } else if (code === 0x7d || code === 0x5d) {
      nodes.pop();
      objects.pop();
      keys.pop();
      indices.pop();
    } else if (code === 0x2c) {
      const depth = nodes.length - 1;
      if (objects[depth]) expectKey = true;
      else indices[depth]!++;
    } else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      let end = i + 1;
      while (end < text.length && isNumberPart(text.charCodeAt(end))) end++;
      const written = text.slice(i, end);
      const value = Number(written);
      if (Number.isInteger(value) && String(value) !== written && nodes.length > 0) {
        const from = step();
        const key = from === null ? null : `${String(value)}@${from}`;
        if (key !== null && !numbers.has(key)) numbers.set(key, written);
      }
      i = end - 1;
    }
  }
  return {
    at(path, value) {
      if (path.length === 0) return undefined;
      let node: number | undefined = 0;
      for (let i = 0; i < path.length - 1 && node !== undefined; i++)
        node = children.get(stepKey(node, path[i]!));
      return node === undefined ? undefined : numbers.get(`${String(value)}@${stepKey(node, path.at(-1)!)}`);
    },
  };
}

const stepKey = (node: number, step: JsonStep): string =>
  typeof step === 'number' ? `${node}#${step}` : `${node}:${step}`;

// A digit, ".", "e", "E", "+" or "-": what a JSON number is written with.
const isNumberPart = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) ||
  code === 0x2e ||
  code === 0x65 ||
  code === 0x45 ||
  code === 0x2b ||
  code === 0x2d;
