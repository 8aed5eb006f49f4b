import type { Passage } from '../types.js';

/** A whole-document passage of `text` (id `doc`, chunk `c`, offsets 0..length), with any field overridden. */
export const passage = (text: string, extra: Partial<Passage> = {}): Passage => ({
  documentId: 'doc',
  chunkId: 'c',
  text,
  start: 0,
  end: text.length,
  ...extra,
});

/** A whole-document passage of `text` in document `id` (chunk `${id}#0`), with any field overridden. */
export const source = (text: string, id: string, extra: Partial<Passage> = {}): Passage =>
  passage(text, { documentId: id, chunkId: `${id}#0`, ...extra });
