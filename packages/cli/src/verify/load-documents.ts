import { isAscii, isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { InputError } from '../input-error.js';
import { findDuplicateKey } from '../io/find-duplicate-key.js';
import { fileSize } from '../io/open-input.js';
import { DEFAULT_MAX_LINE_BYTES, readLineBatches } from '../io/read-line-batches.js';
import { escapeTerminalText } from '../terminal/escape-terminal-text.js';
import { isRecord } from './field-path.js';
import { inexactIntegers } from './inexact-integers.js';

const ID_KEYS = ['id', 'doc_id', 'docid', 'documentId', '_id', 'pid'] as const;
const TEXT_KEYS = ['text', 'doc_text', 'contents', 'content', 'pageContent'] as const;
const WATCHED_KEYS: ReadonlySet<string> = new Set([...ID_KEYS, ...TEXT_KEYS]);
/**
 * The longest document id a collection may hold: 8,192 characters (UTF-16 code units), longer than any URL a web
 * server takes. V8 hashes a string longer than 16,383 characters by its length alone, so ids that long and of one
 * length would share one bucket of the documents Map, and loading (or looking up) n of them would take n² time.
 */
export const MAX_DOCUMENT_ID_LENGTH = 8192;
// A TSV collection up to this size is read whole and split as one string (see readTsvWhole).
const WHOLE_TSV_BYTES = 256 * 1024 * 1024;

/**
 * Reads a document collection: a TSV file of `id<TAB>text` lines (the LoTTE/RobustQA `collection.tsv` layout)
 * or a JSONL file of objects with an id (`id`, `doc_id`, `documentId`, ...) and a text (`text`, `doc_text`,
 * `contents`, ...). Held in memory whole: size it like the corpus, not like the log. An id given twice, a key given
 * twice on one line, two id (or text) keys of one line that disagree, or a numeric id written otherwise than as its
 * integer (`-0`, `1.0`, `1e2`) are `invalid_documents`: a reader of the collection would see one text (or id) and the
 * claim be checked against another.
 */
export async function loadDocuments(path: string): Promise<Map<string, string>> {
  const size = await fileSize(path, path, ' (--documents)');
  const json = /\.jsonl?$/i.test(path);
  if (!json && size <= WHOLE_TSV_BYTES) {
    const whole = readTsvWhole(await readFile(path));
    if (whole !== null) return whole;
  }
  const documents = new Map<string, string>();
  for await (const batch of readLineBatches(createReadStream(path))) {
    const [issue] = batch.issues;
    if (issue !== undefined) {
      throw new InputError({
        code: 'invalid_documents',
        file: path,
        line: issue.line,
        message: `${path}:${issue.line}: ${issue.message}`,
      });
    }
    for (const [index, line] of batch.lines.entries()) {
      const number = batch.numbers[index]!;
      const fail = (message: string): never => {
        throw new InputError({
          code: 'invalid_documents',
          file: path,
          line: number,
          message: `${path}:${number}: ${message}`,
        });
      };
      if (!json) {
        const tab = line.indexOf('\t');
        if (tab <= 0) fail('expected "<id><TAB><text>"');
        const id = line.slice(0, tab);
        if (id.length > MAX_DOCUMENT_ID_LENGTH) fail(tooLong(id));
        if (documents.has(id)) fail(usedTwice(id));
        documents.set(id, line.slice(tab + 1));
        continue;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        fail('not a JSON value');
      }
      if (!isRecord(parsed)) return fail('expected a JSON object');
      const duplicate = findDuplicateKey(line, WATCHED_KEYS);
      if (duplicate !== null) fail(`key "${duplicate}" appears twice`);
      const record = parsed;
      const id = onlyValue(record, ID_KEYS, fail);
      const text = onlyValue(record, TEXT_KEYS, fail);
      if (typeof id !== 'string' && typeof id !== 'number')
        fail(`expected an id field (${ID_KEYS.join(', ')})`);
      // JSON.parse rounds an integer past 2^53 - 1 to a neighbour: two documents could share an id.
      if (typeof id === 'number' && !Number.isSafeInteger(id))
        fail(`id ${String(id)} is not an integer from -(2^53 - 1) to 2^53 - 1; quote it`);
      // It is keyed by String(id): one written otherwise (-0, 1.0, 1e2) would be keyed "0", "1", "100".
      if (typeof id === 'number') {
        const written = inexactIntegers(line);
        for (const key of ID_KEYS) {
          const as = Object.hasOwn(record, key) ? written.at([key], id) : undefined;
          if (as !== undefined)
            fail(
              `id ${as.slice(0, 80)} is not written as the integer it is (JSON readers differ on whether it names ${JSON.stringify(String(id))} or ${JSON.stringify(as.slice(0, 80))}); quote it`,
            );
        }
      }
      if (typeof text !== 'string') fail(`expected a text field (${TEXT_KEYS.join(', ')})`);
      if (String(id).length > MAX_DOCUMENT_ID_LENGTH) fail(tooLong(String(id)));
      if (documents.has(String(id))) fail(usedTwice(String(id)));
      documents.set(String(id), text as string);
    }
  }
  return documents;
}

/** The value of the one key of `keys` that `record` holds; two of them that disagree fail (the first would win unseen). */
function onlyValue(
  record: Record<string, unknown>,
  keys: readonly string[],
  fail: (message: string) => never,
): unknown {
  let found: string | undefined;
  for (const key of keys) {
    if (!Object.hasOwn(record, key)) continue;
    if (found === undefined) found = key;
    else if (!Object.is(record[key], record[found]))
      fail(`"${found}" and "${key}" disagree; give one of them, or the same value in both`);
  }
  return found === undefined ? undefined : record[found];
}

const usedTwice = (id: string): string =>
  `id ${escapeTerminalText(JSON.stringify(id.slice(0, 80)))} is used twice; each document needs its own id`;

const tooLong = (id: string): string =>
  `id of ${id.length} characters is longer than ${MAX_DOCUMENT_ID_LENGTH}; give each document a shorter id`;

/**
 * The common case of a TSV collection, in one pass over one string instead of a string per line: every line
 * valid UTF-8, within the line limit, blank or `id<TAB>text`. Returns null for anything else, and the caller
 * reads the file line by line, which reports the first bad line exactly as before.
 */
function readTsvWhole(bytes: Buffer): Map<string, string> | null {
  if (!isUtf8(bytes)) return null;
  const ascii = isAscii(bytes);
  let text = bytes.toString(ascii ? 'latin1' : 'utf8');
  let offset = 0; // bytes before `text` (a byte-order mark), for the line length
  if (text.startsWith('\ufeff')) {
    text = text.slice(1);
    offset = 3;
  }
  const documents = new Map<string, string>();
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    let end = newline === -1 ? text.length : newline;
    const next = end + 1;
    const units = end - start + offset;
    if (units * (ascii ? 1 : 3) > DEFAULT_MAX_LINE_BYTES) {
      if (ascii || Buffer.byteLength(text.slice(start, end)) + offset > DEFAULT_MAX_LINE_BYTES) return null;
    }
    offset = 0;
    if (end > start && text.charCodeAt(end - 1) === 0x0d) end--;
    if (end === start || (isBlankCharacter(text.charCodeAt(start)) && BLANK.test(text.slice(start, end)))) {
      start = next;
      continue;
    }
    const tab = text.indexOf('\t', start);
    if (tab <= start || tab >= end) return null;
    const id = text.slice(start, tab);
    // Read again line by line, which names the line.
    if (id.length > MAX_DOCUMENT_ID_LENGTH || documents.has(id)) return null;
    documents.set(id, text.slice(tab + 1, end));
    start = next;
  }
  return documents;
}

const BLANK = /^[ \t\r]*$/;
const isBlankCharacter = (code: number): boolean => code === 0x20 || code === 0x09 || code === 0x0d;
