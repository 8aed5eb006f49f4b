import spdxFull from 'spdx-license-list/full.js';
import { unboxLines } from './unbox-lines.js';
import { unwrapLines } from './unwrap-lines.js';

/** One licence from the SPDX list, with its full text exactly as the package ships it. */
export interface LicenceDocument {
  /** The SPDX identifier, used as the document id in every passage and citation. */
  id: string;
  name: string;
  url: string;
  osiApproved: boolean;
  /**
   * The full licence text with hard line wraps inside paragraphs and the asterisks of boxes drawn around text turned
   * into spaces (one for one, see `unwrapLines` and `unboxLines`), so that sentences are whole; every offset is also
   * an offset into the shipped text.
   */
  text: string;
}

/** Loads every licence with a non-empty full text from `spdx-license-list`, sorted by id, line wraps and boxes undone. */
export function loadLicences(): LicenceDocument[] {
  const documents: LicenceDocument[] = [];
  for (const [id, entry] of Object.entries(spdxFull)) {
    const text = entry.licenseText;
    if (typeof text !== 'string' || text.trim() === '') continue;
    documents.push({
      id,
      name: entry.name,
      url: entry.url,
      osiApproved: entry.osiApproved,
      text: unwrapLines(unboxLines(text)),
    });
  }
  return documents.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A synchronous reader for `resolveCitation`: the document text by id, or an error for an unknown id. */
export function createLicenceReader(documents: readonly LicenceDocument[]): (documentId: string) => string {
  const byId = new Map(documents.map((document) => [document.id, document.text]));
  return (documentId) => {
    const text = byId.get(documentId);
    if (text === undefined) throw new Error(`unknown licence id: ${documentId.slice(0, 80)}`);
    return text;
  };
}
