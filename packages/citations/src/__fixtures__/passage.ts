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
