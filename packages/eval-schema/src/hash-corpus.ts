import { checkArgument, InvalidArgumentError, isObject } from '@gk/internal';
import { canonicalJson, compareCodeUnits, sha256Hex } from './canonical-json.js';
import { readArgument } from './read-argument.js';

/** A corpus document as hashed: its id and full text (other fields do not affect retrieval and are ignored). */
export interface HashableDocument {
  /** Unique document id. */
  id: string;
  /** The full document text. */
  text: string;
}

function checkString(value: unknown, parameter: string): void {
  if (typeof value !== 'string')
    throw new InvalidArgumentError({ parameter, expected: 'a string', received: value });
}

/**
 * SHA-256 (lowercase hex, Web Crypto) of a corpus, independent of document order: the UTF-8 bytes of
 * `"gk-corpus-v1\n"` followed by the canonical JSON `[[id, text], ...]` sorted by id (UTF-16 code unit order).
 * Throws `InvalidArgumentError` for anything but an array of documents, a non-string id or text, a repeated id and
 * documents that throw when read.
 * @example
 * await hashCorpus([{ id: 'b', text: 'Bee' }, { id: 'a', text: 'Ay' }]); // same as for [a, b]
 */
export async function hashCorpus(documents: readonly HashableDocument[]): Promise<string> {
  const entries = readArgument('documents', () => {
    checkArgument(Array.isArray(documents), 'documents', 'an array of { id, text } documents', documents);
    // A plain loop, not map, its length read once: a hole reads as undefined and is refused there, before the rest of
    // a sparse array.
    const read: Array<readonly [string, string]> = [];
    for (let index = 0, length = documents.length; index < length; index += 1) {
      const document = documents[index] as HashableDocument; // checked next: a hole is undefined
      checkArgument(isObject(document), `documents[${index}]`, 'a { id, text } document', document);
      // Each field read once: a getter cannot pass the check with one value and be hashed with another.
      const { id, text } = document;
      checkString(id, `documents[${index}].id`);
      checkString(text, `documents[${index}].text`);
      read.push([id, text]);
    }
    return read;
  });
  entries.sort((a, b) => compareCodeUnits(a[0], b[0]));
  for (let index = 1; index < entries.length; index += 1) {
    if (entries[index]?.[0] === entries[index - 1]?.[0]) {
      throw new InvalidArgumentError({
        parameter: 'documents[].id',
        expected: 'each document id once',
        received: entries[index]?.[0],
      });
    }
  }
  return sha256Hex('gk-corpus-v1', canonicalJson(entries));
}
