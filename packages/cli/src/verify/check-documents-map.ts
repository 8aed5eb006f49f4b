import { InputError } from '../input-error.js';
import type { FieldMap } from './field-map.js';

/**
 * Refuses `--documents` with a field map that reads a passage object's text but no document id. Such an object is
 * never held to the collection, and its document id falls back to its source number, which can be an id of the
 * collection: a citation would name document "1" of `--documents` with a text that is not that document's. Bare ids
 * (`--map lfrqa`, no passage fields) are resolved in the collection and are not affected.
 */
export function checkDocumentsMap(map: FieldMap, documents: string | undefined): void {
  if (documents === undefined || map.passage.documentId !== null || map.passage.text === null) return;
  throw new InputError({
    code: 'usage',
    field: '--documents',
    message: `--documents ${documents}: the field map reads a passage's text ("${map.passage.text}") but no document id, so no passage could be held to the collection, and the ids they fall back to (their source numbers) could name its documents; map passage.documentId (--document-id-field) or leave out --documents`,
  });
}
