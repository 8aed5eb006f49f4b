import { buildLicenceIndex, type LicenceIndex } from '../build-index.js';
import { loadLicences } from '../load-licences.js';

/**
 * The index over the whole corpus, for tests: built once per test file, when the file imports it (about a second,
 * several on a loaded machine), so no hook needs a long timeout.
 */
export const licenceIndex: LicenceIndex = buildLicenceIndex(loadLicences());
