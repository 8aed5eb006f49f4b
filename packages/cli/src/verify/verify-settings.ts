import type { VerifyOptions } from '@gk/citations';
import { checkDocumentsMap } from './check-documents-map.js';
import { compileFieldMap, type FieldMap } from './field-map.js';
import { loadDocuments } from './load-documents.js';
import type { VerifyLineContext } from './verify-line.js';

/** Plain data from which each thread builds its {@link VerifyLineContext} (sent to worker threads as is). */
export interface VerifySettings {
  map: FieldMap;
  defaults: VerifyOptions;
  /** A collection file that passage ids are resolved in. */
  documentsPath?: string;
  /** The most passage text one line may take from the collection (default `DEFAULT_MAX_RESOLVED_BYTES`, 16 MiB). */
  maxResolvedBytes?: number;
  withInput: boolean;
}

/** Compiles the map and loads the document collection, once per thread. */
export async function createLineContext(settings: VerifySettings): Promise<VerifyLineContext> {
  const context: VerifyLineContext = {
    map: compileFieldMap(settings.map),
    defaults: settings.defaults,
    withInput: settings.withInput,
  };
  if (settings.documentsPath !== undefined) {
    checkDocumentsMap(context.map.map, settings.documentsPath);
    const documents = await loadDocuments(settings.documentsPath);
    context.documents = (id) => documents.get(id);
    if (settings.maxResolvedBytes !== undefined) context.maxResolvedBytes = settings.maxResolvedBytes;
  }
  return context;
}
