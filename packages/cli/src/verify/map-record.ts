import type { Passage, VerifyOptions } from '@gk/citations';
import { parseMarkers } from '@gk/citations/verify';
import { InputError } from '../input-error.js';
import { DEFAULT_MAX_RESOLVED_BYTES } from './max-resolved-bytes.js';
import { type CompiledFieldMap, compileFieldMap, type FieldMap, type PassageField } from './field-map.js';
import { type FieldPath, isRecord, readFieldPath, readFieldPathAt } from './field-path.js';
import { type InexactIntegers, inexactIntegers, type JsonStep } from './inexact-integers.js';
import { parseVerifyOptions } from './parse-verify-options.js';

/** Why a log line could not be verified. */
export type LineIssueCode =
  | 'not_json'
  | 'not_object'
  | 'missing_field'
  | 'wrong_type'
  | 'offsets_mismatch'
  | 'conflicting_passages'
  | 'invalid_options'
  | 'duplicate_key'
  | 'line_too_long'
  | 'invalid_utf8'
  | 'verify_failed'
  | 'output_too_long'
  | 'resolved_too_long';

/** A line that was reported and skipped: where, which field, and why. */
export interface LineIssue {
  line: number;
  code: LineIssueCode;
  /** The field in `Passage` terms, e.g. `passages[2].end`, when one field is at fault. */
  field?: string;
  message: string;
}

/** A log line read into what `verifyAnswer` takes. */
export interface MappedRecord {
  id: string | number | null;
  answer: string;
  passages: Passage[];
  options: VerifyOptions | undefined;
}

/** Looks a document id up in a collection (`--documents`), for logs that store only passage ids. */
export type DocumentLookup = (documentId: string) => string | undefined;

/** Options for {@link mapRecord}. */
export interface MapRecordOptions {
  /** Resolves scalar passage items (document ids) to their text. */
  documents?: DocumentLookup;
  /**
   * Whether the command reads ranges (`[1-3]`): a passage without text that a range cites is refused as it is when
   * cited alone. A line's own `ranges` does not: gk verify ignores it (ADR 0040), so a range cites nothing there.
   */
  ranges?: boolean;
  /**
   * The most passage text (UTF-8 bytes) one line may take from `documents`, summed over its passages, repeated ones
   * too (default {@link DEFAULT_MAX_RESOLVED_BYTES}); a line past it is `resolved_too_long`.
   */
  maxResolvedBytes?: number;
  /**
   * The line `record` was parsed from. A numeric id must be written as the integer it is: one written otherwise (`1.0`,
   * `1e2`) at the place it is read from is refused, as JSON readers differ on whether it names "1" or "1.0"; a number
   * elsewhere on the line, under a key of the same name too, is not an id. Without the text only `-0` is known.
   */
  text?: string;
}

/** The result of {@link mapRecord}. */
export type MapRecordResult =
  | { success: true; data: MappedRecord }
  | { success: false; error: Omit<LineIssue, 'line'> };

interface Draft {
  documentId?: string;
  chunkId?: string;
  text?: string;
  start?: number;
  end?: number;
  title?: string;
  uri?: string;
  /** Which path the item came from, for messages. */
  from: string;
  /** The item was a bare string or id, so it has no fields of its own: ids and offsets take their defaults. */
  scalar?: boolean;
}

/** How far the highest source number may run past the count of passage items on a line (numbered logs). */
const MAX_SOURCE_GAP = 16;

type Failure = { success: false; error: Omit<LineIssue, 'line'> };
const failure = (code: LineIssueCode, field: string | undefined, message: string): Failure => ({
  success: false,
  error: field === undefined ? { code, message } : { code, field, message },
});

/**
 * Reads one parsed log line through a field map into an answer, `Passage`s and options, or names the field
 * that is missing or wrong. A passage the answer never cites may lack its text (it cannot affect the result,
 * and some logs keep text only for cited sources); a cited one may not.
 */
export function mapRecord(
  record: unknown,
  fieldMap: CompiledFieldMap | FieldMap,
  options: MapRecordOptions = {},
): MapRecordResult {
  // A plain FieldMap (NATIVE_MAP, a preset) is compiled here; anything else is refused as invalid_map.
  const map = isCompiled(fieldMap) ? fieldMap : compileFieldMap(fieldMap, 'mapRecord: map');
  const documents = options?.documents;
  if (documents !== undefined && typeof documents !== 'function')
    throw new InputError({
      code: 'usage',
      field: 'documents',
      message: `mapRecord: options.documents: expected a function from a document id to its text, received ${describe(documents)}`,
    });
  if (options?.ranges !== undefined && typeof options.ranges !== 'boolean')
    throw new InputError({
      code: 'usage',
      field: 'ranges',
      message: `mapRecord: options.ranges: expected a boolean, received ${describe(options.ranges)}`,
    });
  const maxResolvedBytes = options?.maxResolvedBytes ?? DEFAULT_MAX_RESOLVED_BYTES;
  if (!(Number.isSafeInteger(maxResolvedBytes) && maxResolvedBytes >= 1))
    throw new InputError({
      code: 'usage',
      field: 'maxResolvedBytes',
      message: `mapRecord: options.maxResolvedBytes: expected a positive integer, received ${show(maxResolvedBytes)}`,
    });
  if (options?.text !== undefined && typeof options.text !== 'string')
    throw new InputError({
      code: 'usage',
      field: 'text',
      message: `mapRecord: options.text: expected the line as a string, received ${describe(options.text)}`,
    });
  if (!isRecord(record))
    return failure('not_object', undefined, `expected a JSON object, received ${describe(record)}`);
  const text = options?.text;
  let written: InexactIntegers | undefined;
  // A numeric id is looked up as String(id): it must be a safe integer written as String() writes it back, where it
  // is read from (`at`, from the top of the line; asked only when the line's text is known).
  const checkId: CheckId = (value, path, field, at) => {
    if (!Number.isSafeInteger(value))
      return failure('wrong_type', field, unsafeIdMessage(path.source, value));
    if (Object.is(value, -0)) return failure('wrong_type', field, inexactIdMessage(path.source, '-0'));
    if (text === undefined) return null;
    written ??= inexactIntegers(text);
    const as = written.at(at(), value);
    return as === undefined ? null : failure('wrong_type', field, inexactIdMessage(path.source, as));
  };

  let id: string | number | null = null;
  if (map.id !== null) {
    const values = readFieldPath(record, map.id);
    const value = values[0];
    if (values.length > 1)
      return failure(
        'wrong_type',
        'id',
        `expected one id at "${map.id.source}", found ${values.length} values`,
      );
    if (value !== undefined && value !== null) {
      if (typeof value === 'number') {
        const path = map.id;
        const problem = checkId(value, path, 'id', () => readFieldPathAt(record, path)[0]!.at);
        if (problem !== null) return problem;
      }
      if (typeof value !== 'string' && typeof value !== 'number') {
        return failure(
          'wrong_type',
          'id',
          `expected a string or number at "${map.id.source}", received ${describe(value)}`,
        );
      }
      id = value;
    }
  }

  const answers = readFieldPath(record, map.answer);
  if (answers.length === 0)
    return failure('missing_field', 'answer', `missing "${map.answer.source}": expected the answer text`);
  if (answers.length > 1)
    return failure(
      'wrong_type',
      'answer',
      `expected one string at "${map.answer.source}", found ${answers.length} values`,
    );
  const answer = answers[0];
  if (typeof answer !== 'string') {
    return failure(
      'wrong_type',
      'answer',
      `expected a string at "${map.answer.source}", received ${describe(answer)}`,
    );
  }

  let verifyOptions: VerifyOptions | undefined;
  if (map.options !== null) {
    const values = readFieldPath(record, map.options);
    if (values.length > 0 && values[0] !== null) {
      const parsed = parseVerifyOptions(values[0], 'options');
      if (!parsed.success) return failure('invalid_options', parsed.error.field, parsed.error.message);
      verifyOptions = parsed.data;
    }
  }

  // Each item with where it is on the line, for checkId: where the path found it, and its index in an array found there.
  const items: Array<{ value: unknown; path: FieldPath; at: readonly JsonStep[]; element?: number }> = [];
  let found = false;
  for (const path of map.passages) {
    for (const { value, at } of readFieldPathAt(record, path)) {
      found = true;
      if (Array.isArray(value))
        for (let index = 0; index < value.length; index++)
          items.push({ value: value[index], path, at, element: index });
      else items.push({ value, path, at });
    }
  }
  if (!found) {
    const names = map.passages.map((path) => `"${path.source}"`).join(' or ');
    return failure(
      'missing_field',
      'passages',
      `missing ${names}: expected the passages the answer was written from`,
    );
  }

  const budget: Budget = { max: maxResolvedBytes, left: maxResolvedBytes };
  const drafts: Draft[] = [];
  const numbered = map.passage.number !== null;
  for (let index = 0; index < items.length; index++) {
    const { value, path, at, element } = items[index]!;
    const from = path.source;
    const itemAt = (): readonly JsonStep[] => (element === undefined ? at : [...at, element]);
    const read = readDraft(value, path, itemAt, index, map, documents, budget, checkId);
    if ('success' in read) return read;
    if (!numbered) {
      drafts.push(read.draft);
      continue;
    }
    const field = `passages[${index}]`;
    if (read.number === undefined)
      return failure(
        'missing_field',
        `${field}.number`,
        `missing "${map.passage.number!.source}" in an item of "${from}": expected its source number`,
      );
    if (
      !(
        typeof read.number === 'number' &&
        Number.isSafeInteger(read.number) &&
        read.number >= 1 &&
        read.number <= 100_000
      )
    ) {
      return failure(
        'wrong_type',
        `${field}.number`,
        `expected a source number from 1 to 100000 at "${map.passage.number!.source}" in "${from}", received ${show(read.number)}`,
      );
    }
    const number = read.number;
    // Numbers between the items become empty passages: a number far past the items would make a short line
    // write (and, with --with-input, copy) thousands of them, so gaps are bounded by MAX_SOURCE_GAP.
    if (number > items.length + MAX_SOURCE_GAP) {
      return failure(
        'wrong_type',
        `${field}.number`,
        `source number ${number} at "${map.passage.number!.source}" in "${from}" is more than ${MAX_SOURCE_GAP} past the ${items.length} passage item${items.length === 1 ? '' : 's'} on this line`,
      );
    }
    const existing = drafts[number - 1];
    if (existing === undefined) {
      while (drafts.length < number - 1) drafts.push({ from: '' });
      drafts[number - 1] = read.draft;
    } else {
      const merged = mergeDrafts(existing, read.draft);
      if (merged === null) {
        return failure(
          'conflicting_passages',
          `passages[${number - 1}].text`,
          `source [${number}] has two different texts (from "${existing.from}" and "${from}")`,
        );
      }
      drafts[number - 1] = merged;
    }
  }
  for (let index = 0; index < drafts.length; index++) drafts[index] ??= { from: '' };

  let cited: Set<number> | undefined;
  const isCited = (index: number): boolean => {
    // The command line's ranges only: the line's own are ignored when it is verified (mergeLineOptions), and
    // reading them here would only cost time, every range it writes expanded into its numbers.
    cited ??= citedNumbers(answer, options?.ranges === true, drafts.length);
    return cited.has(index + 1);
  };
  const passages: Passage[] = [];
  for (let index = 0; index < drafts.length; index++) {
    let draft = drafts[index]!;
    const field = `passages[${index}]`;
    if (documents !== undefined && draft.scalar !== true && draft.documentId !== undefined) {
      const read = readFromDocuments(draft, index, map, documents, isCited, budget);
      if ('success' in read) return read;
      draft = read;
    }
    const missing = missingField(draft, map);
    if (missing !== null) {
      if (isCited(index)) {
        const path = map.passage[missing]?.source;
        const where = path === undefined ? '' : ` ("${path}"${draft.from ? ` in "${draft.from}"` : ''})`;
        return failure(
          'missing_field',
          `${field}.${missing}`,
          `source [${index + 1}] is cited but has no ${missing}${where}`,
        );
      }
      passages.push({
        documentId: draft.documentId ?? '',
        chunkId: draft.chunkId ?? draft.documentId ?? '',
        text: '',
        start: 0,
        end: 0,
      });
      continue;
    }
    const text = draft.text!;
    const documentId = draft.documentId ?? String(index + 1);
    const start = map.passage.start === null || draft.scalar === true ? 0 : draft.start!;
    const end = map.passage.end === null || draft.scalar === true ? text.length : draft.end!;
    if (end - start !== text.length || start > end) {
      return failure(
        'offsets_mismatch',
        `${field}.end`,
        `source [${index + 1}]: end - start is ${end - start} but the text has ${text.length} UTF-16 code units; expected text to be document.slice(start, end)`,
      );
    }
    const passage: Passage = { documentId, chunkId: draft.chunkId ?? documentId, text, start, end };
    if (draft.title !== undefined) passage.title = draft.title;
    if (draft.uri !== undefined) passage.uri = draft.uri;
    passages.push(passage);
  }
  return { success: true, data: { id, answer, passages, options: verifyOptions } };
}

function isCompiled(map: unknown): map is CompiledFieldMap {
  if (!isRecord(map)) return false;
  const answer = map.answer;
  return isRecord(answer) && Array.isArray(answer.segments) && Array.isArray(map.passages);
}

/**
 * Whether a numeric id read at `path` may be looked up as `String(value)`: null, or the failure for `field`. `at`
 * gives the keys and indices from the top of the line to the value, when they are needed.
 */
type CheckId = (
  value: number,
  path: FieldPath,
  field: string,
  at: () => readonly JsonStep[],
) => Failure | null;

function readDraft(
  value: unknown,
  itemPath: FieldPath,
  itemAt: () => readonly JsonStep[],
  index: number,
  map: CompiledFieldMap,
  documents: DocumentLookup | undefined,
  budget: Budget,
  checkId: CheckId,
): { draft: Draft; number?: unknown } | Failure {
  const field = `passages[${index}]`;
  const from = itemPath.source;
  if (typeof value === 'string' || typeof value === 'number') {
    if (typeof value === 'number') {
      const problem = checkId(value, itemPath, field, itemAt);
      if (problem !== null) return problem;
    }
    if (documents !== undefined) {
      const documentId = String(value);
      const text = documents(documentId);
      if (text !== undefined && !charge(budget, text)) return overBudget(budget, index);
      return {
        draft:
          text === undefined ? { documentId, from, scalar: true } : { documentId, text, from, scalar: true },
      };
    }
    if (typeof value === 'string') return { draft: { text: value, from, scalar: true } };
    return failure(
      'wrong_type',
      field,
      `"${from}" holds document ids (${show(value)}); pass --documents <collection> to read their text`,
    );
  }
  if (!isRecord(value))
    return failure(
      'wrong_type',
      field,
      `expected a passage object in "${from}", received ${describe(value)}`,
    );
  const draft: Draft = { from };
  let number: unknown;
  for (const key of [
    'documentId',
    'chunkId',
    'text',
    'title',
    'uri',
    'start',
    'end',
    'number',
  ] as const satisfies readonly PassageField[]) {
    const path = map.passage[key];
    if (path === null) continue;
    const found = readOne(value, path);
    if (found === undefined || found === null) continue;
    if (key === 'number') {
      number = typeof found === 'string' && /^\d{1,6}$/.test(found) ? Number(found) : found;
    } else if (key === 'start' || key === 'end') {
      if (!(typeof found === 'number' && Number.isSafeInteger(found) && found >= 0)) {
        return failure(
          'wrong_type',
          `${field}.${key}`,
          `expected a non-negative integer at "${path.source}", received ${show(found)}`,
        );
      }
      draft[key] = found;
    } else {
      if (typeof found !== 'string') {
        if ((key === 'documentId' || key === 'chunkId') && typeof found === 'number') {
          const problem = checkId(found, path, `${field}.${key}`, () => [
            ...itemAt(),
            ...readFieldPathAt(value, path)[0]!.at,
          ]);
          if (problem !== null) return problem;
          draft[key] = String(found);
          continue;
        }
        return failure(
          'wrong_type',
          `${field}.${key}`,
          `expected a string at "${path.source}", received ${describe(found)}`,
        );
      }
      draft[key] = found;
    }
  }
  return { draft, number };
}

/**
 * With `--documents`, the collection is what a passage item's document says: an item that names a document the
 * collection holds takes its text from there (`document.slice(start, end)`, or the whole document without
 * offsets), and one that logs its own text must log exactly that text. Otherwise a line could pair a collection's
 * document id with any text it likes and have its claims checked against that. A cited item naming a document the
 * collection lacks is refused too; an uncited one cannot change the result and keeps what the log says. A title or
 * uri of a held item is dropped unless it is the document id, and its chunk id becomes the document id: the collection
 * does not vouch for them.
 */
function readFromDocuments(
  draft: Draft,
  index: number,
  map: CompiledFieldMap,
  documents: DocumentLookup,
  isCited: (index: number) => boolean,
  budget: Budget,
): Draft | Failure {
  const documentId = draft.documentId!;
  const source = `source [${index + 1}]`;
  const field = `passages[${index}]`;
  const document = documents(documentId);
  if (document === undefined) {
    if (!isCited(index)) return draft;
    return failure(
      'conflicting_passages',
      `${field}.documentId`,
      `${source} is cited and names document ${show(documentId)}, which --documents does not hold; expected a document of the collection`,
    );
  }
  const offsets = map.passage.start !== null;
  if (offsets && (draft.start === undefined || draft.end === undefined)) return draft;
  const start = offsets ? draft.start! : 0;
  const end = offsets ? draft.end! : document.length;
  if (start > end || end > document.length) {
    return failure(
      'offsets_mismatch',
      `${field}.end`,
      `${source}: ${start}..${end} is not a range of document ${show(documentId)} in --documents (${document.length} UTF-16 code units)`,
    );
  }
  const text = document.slice(start, end);
  if (!charge(budget, text)) return overBudget(budget, index);
  if (draft.text !== undefined && draft.text !== text) {
    return failure(
      'conflicting_passages',
      `${field}.text`,
      offsets
        ? `${source}: the logged text is not document ${show(documentId)} of --documents at ${start}..${end}`
        : `${source}: the logged text is not document ${show(documentId)} of --documents (without offsets a passage is its whole document; map start and end for chunks)`,
    );
  }
  // The collection holds a text for each id and nothing more: a title or uri is the log's own word, and the verifier
  // accepts an identifier or a quotation it finds in a cited passage's title or uri (a fabricated URL or ECLI would
  // pass). One that only repeats the document id, which the collection holds (ExpertQA's url), is kept. A chunk id
  // is the log's word too, shown as the source's name (gk report): the held passage is named by its document id.
  const held: Draft = { ...draft, text };
  if (held.title !== undefined && held.title !== documentId) delete held.title;
  if (held.uri !== undefined && held.uri !== documentId) delete held.uri;
  if (held.chunkId !== undefined) held.chunkId = documentId;
  return held;
}

/** What is left of a line's {@link MapRecordOptions.maxResolvedBytes}. */
interface Budget {
  readonly max: number;
  left: number;
}

// Takes a collection text's UTF-8 bytes from the budget, or says it does not fit. A text has at least as many bytes
// as UTF-16 code units, so one longer than what is left is refused without being counted: the counting a line causes
// stays within its budget.
function charge(budget: Budget, text: string): boolean {
  if (text.length > budget.left) return false;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > budget.left) return false;
  budget.left -= bytes;
  return true;
}

const overBudget = (budget: Budget, index: number): Failure =>
  failure(
    'resolved_too_long',
    `passages[${index}]`,
    `its passages take more than ${budget.max} bytes of text from --documents (source [${index + 1}] passes it; every passage counts, a repeated one too): the verifier indexes each passage it is given; raise --max-resolved-bytes to verify it`,
  );

function readOne(value: unknown, path: FieldPath): unknown {
  // Single-key paths are the common case; skip the general walker for them.
  const [first] = path.segments;
  if (path.segments.length === 1 && first?.kind === 'key') {
    return isRecord(value) && Object.hasOwn(value, first.key) ? value[first.key] : undefined;
  }
  return readFieldPath(value, path)[0];
}

function missingField(draft: Draft, map: CompiledFieldMap): PassageField | null {
  if (draft.text === undefined) return 'text';
  if (draft.scalar === true) return null;
  if (map.passage.documentId !== null && draft.documentId === undefined) return 'documentId';
  if (map.passage.chunkId !== null && draft.chunkId === undefined) return 'chunkId';
  if (map.passage.start !== null && draft.start === undefined) return 'start';
  if (map.passage.end !== null && draft.end === undefined) return 'end';
  return null;
}

function mergeDrafts(first: Draft, second: Draft): Draft | null {
  if (first.text !== undefined && second.text !== undefined && first.text !== second.text) return null;
  const merged: Draft = {
    from: first.text !== undefined || second.text === undefined ? first.from : second.from,
  };
  for (const key of ['documentId', 'chunkId', 'text', 'title', 'uri', 'start', 'end'] as const) {
    const value = first[key] ?? second[key];
    if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/**
 * Which of sources 1 to `count` the answer's markers cite. Only those are kept, and the reading stops once all are
 * cited: a range names up to 1,000 numbers, most of them past the line's passages.
 */
function citedNumbers(answer: string, ranges: boolean, count: number): Set<number> {
  const numbers = new Set<number>();
  for (const marker of parseMarkers(answer, { ranges })) {
    for (const number of marker.numbers) if (number >= 1 && number <= count) numbers.add(number);
    if (numbers.size === count) break;
  }
  return numbers;
}

// JSON.parse rounds an integer past 2^53 - 1 to a neighbour, and String() writes 1e21 as "1e+21": either would
// name another document than the log meant, so a numeric id must be a safe integer.
function unsafeIdMessage(path: string, value: number): string {
  return `expected an id at "${path}" as a string or an integer from -(2^53 - 1) to 2^53 - 1, received ${String(value)} (JSON numbers past that are rounded; quote the id)`;
}

function inexactIdMessage(path: string, written: string): string {
  return `expected an id at "${path}" as a string or an integer written as one, received ${written} (JSON readers differ on whether it names ${JSON.stringify(String(Number(written)))} or ${JSON.stringify(written)}; quote the id)`;
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value;
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return describe(value);
}
