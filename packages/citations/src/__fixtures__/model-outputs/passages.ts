import type { Passage } from '../../types.js';

/** Two documents for the quoted-claims fixtures; the first is split into two passages. */
export const documents: Record<string, string> = {
  'rosetta.md':
    'The Rosetta Stone is a granodiorite stele inscribed with three versions of a decree issued in Memphis in 196 BC. ' +
    'The stele’s top register is written in hieroglyphs, the middle in Demotic and the bottom in Ancient Greek. ' +
    'French soldiers rediscovered it in July 1799 near the town of Rashid.',
  'champollion.md':
    'In 1822 Jean-François Champollion announced the decipherment of the hieroglyphs in a letter to the Académie.',
};

const rosetta = documents['rosetta.md']!;
const split = rosetta.indexOf('The stele');

/** S1 and S2 come from `rosetta.md` (S2 starts mid-document), S3 is all of `champollion.md`. */
export const passages: Passage[] = [
  { documentId: 'rosetta.md', chunkId: 'rosetta.md#0', text: rosetta.slice(0, split), start: 0, end: split },
  {
    documentId: 'rosetta.md',
    chunkId: 'rosetta.md#1',
    text: rosetta.slice(split),
    start: split,
    end: rosetta.length,
  },
  {
    documentId: 'champollion.md',
    chunkId: 'champollion.md#0',
    text: documents['champollion.md']!,
    start: 0,
    end: documents['champollion.md']!.length,
  },
];
