import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { InputError } from '../input-error.js';
import { readLineBatches } from '../io/read-line-batches.js';
import { isRecord } from './field-path.js';

const ID_KEYS = ['id', 'doc_id', 'docid', 'documentId', '_id', 'pid'] as const;
const TEXT_KEYS = ['text', 'doc_text', 'contents', 'content', 'pageContent'] as const;

/**
 * Reads a document collection: a TSV file of `id<TAB>text` lines (the LoTTE/RobustQA `collection.tsv` layout)
 * or a JSONL file of objects with an id (`id`, `doc_id`, `documentId`, ...) and a text (`text`, `doc_text`,
 * `contents`, ...). Held in memory whole: size it like the corpus, not like the log.
 */
export async function loadDocuments(path: string): Promise<Map<string, string>> {
  try {
    const info = await stat(path);
    if (!info.isFile())
      throw new InputError({ code: 'unreadable', file: path, message: `${path}: not a file` });
  } catch (error) {
    if (InputError.isInstance(error)) throw error;
    throw new InputError({
      code: 'file_not_found',
      file: path,
      message: `${path}: no such file (--documents)`,
      cause: error,
    });
  }
  const documents = new Map<string, string>();
  const json = /\.jsonl?$/i.test(path);
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
        documents.set(line.slice(0, tab), line.slice(tab + 1));
        continue;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        fail('not a JSON value');
      }
      if (!isRecord(parsed)) return fail('expected a JSON object');
      const record = parsed;
      const idKey = ID_KEYS.find((key) => Object.hasOwn(record, key));
      const textKey = TEXT_KEYS.find((key) => Object.hasOwn(record, key));
      const id = idKey === undefined ? undefined : record[idKey];
      const text = textKey === undefined ? undefined : record[textKey];
      if (typeof id !== 'string' && typeof id !== 'number')
        fail(`expected an id field (${ID_KEYS.join(', ')})`);
      if (typeof text !== 'string') fail(`expected a text field (${TEXT_KEYS.join(', ')})`);
      documents.set(String(id), text as string);
    }
  }
  return documents;
}
