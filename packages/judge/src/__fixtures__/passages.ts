import type { Passage } from '@gk/citations';

// Real excerpts of the MIT licence text as shipped by spdx-license-list, with their offsets in that text.
export const mitPassages: Passage[] = [
  {
    documentId: 'MIT',
    chunkId: 'MIT#grant',
    text:
      'Permission is hereby granted, free of charge, to any person obtaining a copy of this software and\n' +
      'associated documentation files (the "Software"), to deal in the Software without restriction, including\n' +
      'without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell\n' +
      'copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the\n' +
      'following conditions:',
    start: 55,
    end: 487,
  },
  {
    documentId: 'MIT',
    chunkId: 'MIT#notice',
    text:
      'The above copyright notice and this permission notice shall be included in all copies or substantial\n' +
      'portions of the Software.',
    start: 489,
    end: 615,
  },
];
