import { InputError } from '../input-error.js';
import { compileFieldPath, type FieldPath, isRecord } from './field-path.js';

/** The `Passage` fields a log's passage items can be read from. */
export const PASSAGE_FIELDS = [
  'documentId',
  'chunkId',
  'text',
  'start',
  'end',
  'title',
  'uri',
  'number',
] as const;
/** One of {@link PASSAGE_FIELDS}. */
export type PassageField = (typeof PASSAGE_FIELDS)[number];

/**
 * Where a log line keeps what `gk verify` needs. Each entry is a field path (`a.b`, `a[]`, `a[0]`,
 * `a[key=value]`, `["dotted.key"]`), or `null` when the log does not have it.
 */
export interface FieldMap {
  /** The line's id, copied to the output (`null`: none; the line number still identifies it). */
  id: string | null;
  /** The answer text: exactly one string. */
  answer: string;
  /** Where the passages are; arrays found there are flattened one level; several paths are concatenated. */
  passages: string | string[];
  /**
   * Paths inside each passage item. `null` means the log lacks the field: `chunkId` then falls back to
   * `documentId`, `start`/`end` to the whole text (`0`..`text.length`), `documentId` to the source number.
   * With `number` set, items are placed at that 1-based source number and items sharing one are merged.
   */
  passage: Record<PassageField, string | null>;
  /** Per-line `VerifyOptions` (`null`: none). */
  options: string | null;
}

/** The native shape: `{ id?, answer, passages: Passage[], options? }`, offsets required. */
export const NATIVE_MAP: FieldMap = {
  id: 'id',
  answer: 'answer',
  passages: 'passages',
  passage: {
    documentId: 'documentId',
    chunkId: 'chunkId',
    text: 'text',
    start: 'start',
    end: 'end',
    title: 'title',
    uri: 'uri',
    number: null,
  },
  options: 'options',
};

const NO_PASSAGE_FIELDS: Record<PassageField, null> = {
  documentId: null,
  chunkId: null,
  text: null,
  start: null,
  end: null,
  title: null,
  uri: null,
  number: null,
};

/** Built-in maps for log shapes found in the wild, by name. */
export const FIELD_MAP_PRESETS: Readonly<Record<string, FieldMap>> = {
  native: NATIVE_MAP,
  // LFRQA (RAG-QA Arena): passages are document ids resolved in a collection (`--documents collection.tsv`).
  lfrqa: {
    id: 'qid',
    answer: 'faithful_answer_w_citation',
    passages: 'gold_doc_ids',
    passage: NO_PASSAGE_FIELDS,
    options: null,
  },
  // ExpertQA: numbered sources in `attribution` (URL only), passage text in each claim's `evidence`.
  expertqa: {
    id: null,
    answer: 'answer',
    passages: ['attribution', 'claims[].evidence[]'],
    passage: { ...NO_PASSAGE_FIELDS, number: 'n', documentId: 'url', uri: 'url', text: 'text' },
    options: null,
  },
  // A Langfuse trace with its observations: the answer is the trace output, the passages are the output of
  // the RETRIEVER observation as LangChain documents ({ pageContent, metadata }).
  langfuse: {
    id: 'id',
    answer: 'output',
    passages: 'observations[type=RETRIEVER].output',
    passage: {
      ...NO_PASSAGE_FIELDS,
      text: 'pageContent',
      documentId: 'metadata.source',
      title: 'metadata.title',
    },
    options: null,
  },
};

/** A field map with every path compiled. */
export interface CompiledFieldMap {
  map: FieldMap;
  id: FieldPath | null;
  answer: FieldPath;
  passages: FieldPath[];
  passage: Record<PassageField, FieldPath | null>;
  options: FieldPath | null;
}

/** Validates a field map (from a preset, a JSON file or flags) and compiles its paths; throws `InputError`. */
export function compileFieldMap(input: unknown, source = 'field map'): CompiledFieldMap {
  const fail = (field: string, message: string): never => {
    throw new InputError({ code: 'invalid_map', field, message: `${source}: ${field}: ${message}` });
  };
  if (!isRecord(input)) return fail('(root)', 'expected an object');
  for (const key of Object.keys(input)) {
    if (!['id', 'answer', 'passages', 'passage', 'options'].includes(key)) fail(key, 'unknown key');
  }
  const path = (field: string, value: unknown, nullable: boolean): FieldPath | null => {
    if (value === null || value === undefined) {
      if (nullable) return null;
      return fail(field, 'expected a field path');
    }
    if (typeof value !== 'string') return fail(field, `expected a string, received ${describe(value)}`);
    const compiled = compileFieldPath(value);
    return compiled.success ? compiled.data : fail(field, compiled.error);
  };
  const passagesValue = input.passages;
  const passageList = Array.isArray(passagesValue) ? passagesValue : [passagesValue];
  if (passageList.length === 0) fail('passages', 'expected at least one path');
  const passages = passageList.map((value, index) => path(`passages[${index}]`, value, false) as FieldPath);
  const passageInput = input.passage ?? {};
  if (!isRecord(passageInput)) return fail('passage', 'expected an object');
  for (const key of Object.keys(passageInput)) {
    if (!(PASSAGE_FIELDS as readonly string[]).includes(key))
      fail(`passage.${key}`, `unknown key; expected one of ${PASSAGE_FIELDS.join(', ')}`);
  }
  const passage = {} as Record<PassageField, FieldPath | null>;
  const passageMap = {} as Record<PassageField, string | null>;
  for (const field of PASSAGE_FIELDS) {
    const compiled = path(`passage.${field}`, passageInput[field], true);
    passage[field] = compiled;
    passageMap[field] = compiled?.source ?? null;
  }
  if ((passage.start === null) !== (passage.end === null))
    fail('passage.start', 'map start and end together, or neither');
  const answer = path('answer', input.answer, false) as FieldPath;
  const id = path('id', input.id, true);
  const options = path('options', input.options, true);
  return {
    map: {
      id: id?.source ?? null,
      answer: answer.source,
      passages: passages.map((entry) => entry.source),
      passage: passageMap,
      options: options?.source ?? null,
    },
    id,
    answer,
    passages,
    passage,
    options,
  };
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value;
}
