import type { Passage } from '@gk/citations';

/** A passage whose offsets are consistent with its text, as a retriever would return it. */
export function passage(documentId: string, text: string, start = 0, title?: string): Passage {
  return {
    documentId,
    chunkId: `${documentId}#${start}`,
    text,
    start,
    end: start + text.length,
    ...(title ? { title } : {}),
  };
}

/** Three short licence passages used across the tests. */
export const licencePassages: Passage[] = [
  passage(
    'mit',
    'The MIT License is a permissive license. It requires preservation of copyright and license notices. ' +
      'Licensed works may be distributed under different terms.',
    0,
    'MIT License',
  ),
  passage(
    'gpl-3.0',
    'The GPL is a copyleft license. Source code must be made available when distributing binaries. ' +
      'The GPL version 3 is compatible with the Apache License 2.0.',
    400,
    'GNU GPL v3',
  ),
  passage(
    'apache-2.0',
    'The Apache License 2.0 grants an express patent license from contributors. ' +
      'It requires a NOTICE file to be carried with redistributions.',
    1200,
    'Apache License 2.0',
  ),
];
