/** A gold span: where in which licence the answer to a golden question is written. */
export interface GoldSpan {
  documentId: string;
  start: number;
  end: number;
  /** Exactly `document.slice(start, end)` of the loaded licence text; a test checks it. */
  text: string;
}

/** One question of the golden set, written for this project, with the licence spans that answer it. */
export interface GoldenQuestion {
  id: string;
  question: string;
  category: string;
  gold: readonly GoldSpan[];
}

/**
 * Fifteen questions over the spdx-license-list 6.12 texts, written for this project. Thirteen name a licence;
 * two ask across the corpus and list every licence that holds the answering clause. Offsets are UTF-16,
 * end-exclusive, and the same in the shipped text (the loader only turns line wraps into spaces).
 */
export const GOLDEN_SET: readonly GoldenQuestion[] = [
  {
    id: 'apache-changes',
    question: 'Must I state changes I made to Apache-2.0 code?',
    category: 'obligations',
    gold: [
      {
        documentId: 'Apache-2.0',
        start: 4801,
        end: 4896,
        text: 'You must cause any modified files to carry prominent notices stating that You changed the files',
      },
    ],
  },
  {
    id: 'mit-notice',
    question: 'Does the MIT license require me to keep the copyright notice in copies of the software?',
    category: 'obligations',
    gold: [
      {
        documentId: 'MIT',
        start: 489,
        end: 615,
        text: 'The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.',
      },
    ],
  },
  {
    id: 'bsd3-endorse',
    question: 'Can I use the names of the BSD-3-Clause copyright holders to endorse my product?',
    category: 'restrictions',
    gold: [
      {
        documentId: 'BSD-3-Clause',
        start: 515,
        end: 702,
        text: 'Neither the name of the copyright holder nor the names of its contributors may be used to endorse or promote products derived from this software without specific prior written permission.',
      },
    ],
  },
  {
    id: 'apache-patent-litigation',
    question: 'What happens to my Apache-2.0 patent license if I sue someone for patent infringement?',
    category: 'patents',
    gold: [
      {
        documentId: 'Apache-2.0',
        start: 4331,
        end: 4460,
        text: 'then any patent licenses granted to You under this License for that Work shall terminate as of the date such litigation is filed.',
      },
    ],
  },
  {
    id: 'gpl3-reinstate',
    question: 'If I violate GPL-3.0-only, can my license be reinstated?',
    category: 'termination',
    gold: [
      {
        documentId: 'GPL-3.0-only',
        start: 20885,
        end: 21004,
        text: 'However, if you cease all violation of this License, then your license from a particular copyright holder is reinstated',
      },
    ],
  },
  {
    id: 'agpl3-network',
    question:
      'Under AGPL-3.0-only, must I offer the source code to users who interact with the program over a network?',
    category: 'obligations',
    gold: [
      {
        documentId: 'AGPL-3.0-only',
        start: 27957,
        end: 28067,
        text: 'your modified version must prominently offer all users interacting with it remotely through a computer network',
      },
    ],
  },
  {
    id: 'mpl2-larger-work',
    question:
      'Does MPL-2.0 let me combine covered files with files under a different license in a larger work?',
    category: 'combination',
    gold: [
      {
        documentId: 'MPL-2.0',
        start: 6981,
        end: 7146,
        text: 'You may create and distribute a Larger Work under terms of Your choice, provided that You also comply with the requirements of this License for the Covered Software.',
      },
    ],
  },
  {
    id: 'lgpl21-link',
    question: 'May I distribute the library under LGPL-2.1-only in a proprietary program that links to it?',
    category: 'combination',
    gold: [
      {
        documentId: 'LGPL-2.1-only',
        start: 12253,
        end: 12441,
        text: 'A program that contains no derivative of any portion of the Library, but is designed to work with the Library by being compiled or linked with it, is called a "work that uses the Library".',
      },
    ],
  },
  {
    id: 'unlicense-public-domain',
    question: 'Is software under the Unlicense dedicated to the public domain?',
    category: 'scope',
    gold: [
      {
        documentId: 'Unlicense',
        start: 0,
        end: 71,
        text: 'This is free and unencumbered software released into the public domain.',
      },
    ],
  },
  {
    id: 'isc-warranty',
    question: 'Does ISC software come with any warranty?',
    category: 'warranty',
    gold: [
      {
        documentId: 'ISC',
        start: 351,
        end: 445,
        text: 'THE SOFTWARE IS PROVIDED "AS IS" AND ISC DISCLAIMS ALL WARRANTIES WITH REGARD TO THIS SOFTWARE',
      },
    ],
  },
  {
    id: 'apache-trademarks',
    question: 'Does Apache-2.0 let me use the trademarks of the licensor?',
    category: 'restrictions',
    gold: [
      {
        documentId: 'Apache-2.0',
        start: 6951,
        end: 7073,
        text: 'This License does not grant permission to use the trade names, trademarks, service marks, or product names of the Licensor',
      },
    ],
  },
  {
    id: 'gpl2-fee',
    question: 'Can I charge a fee for distributing copies of GPL-2.0-only software?',
    category: 'scope',
    gold: [
      {
        documentId: 'GPL-2.0-only',
        start: 4287,
        end: 4351,
        text: 'You may charge a fee for the physical act of transferring a copy',
      },
    ],
  },
  {
    id: 'zlib-origin',
    question: 'Under Zlib, can I claim that I wrote the original software?',
    category: 'restrictions',
    gold: [
      {
        documentId: 'Zlib',
        start: 388,
        end: 500,
        text: 'The origin of this software must not be misrepresented; you must not claim that you wrote the original software.',
      },
    ],
  },
  {
    id: 'patent-action-corpus',
    question: 'Which licences terminate automatically when I bring a patent action against the licensor?',
    category: 'patents',
    gold: [
      {
        documentId: 'UCL-1.0',
        start: 6805,
        end: 6965,
        text: 'This License shall terminate automatically and You may no longer exercise any of the rights granted to You by this License as of the date You commence an action',
      },
      {
        documentId: 'TGPPL-1.0',
        start: 7295,
        end: 7463,
        text: 'This License shall terminate     automatically and You may no longer exercise any of the rights granted to     You by this License as of the date You commence an action',
      },
      {
        documentId: 'OSL-2.1',
        start: 6937,
        end: 7097,
        text: 'This License shall terminate automatically and You may no longer exercise any of the rights granted to You by this License as of the date You commence an action',
      },
      {
        documentId: 'NPOSL-3.0',
        start: 6399,
        end: 6559,
        text: 'This License shall terminate automatically and You may no longer exercise any of the rights granted to You by this License as of the date You commence an action',
      },
      {
        documentId: 'OSL-3.0',
        start: 6642,
        end: 6802,
        text: 'This License shall terminate automatically and You may no longer exercise any of the rights granted to You by this License as of the date You commence an action',
      },
      {
        documentId: 'AFL-2.1',
        start: 6013,
        end: 6173,
        text: 'This License shall terminate automatically and You may no longer exercise any of the rights granted to You by this License as of the date You commence an action',
      },
      {
        documentId: 'AFL-3.0',
        start: 6650,
        end: 6810,
        text: 'This License shall terminate automatically and You may no longer exercise any of the rights granted to You by this License as of the date You commence an action',
      },
      {
        documentId: 'AFL-2.0',
        start: 6029,
        end: 6189,
        text: 'This License shall terminate automatically and You may no longer exercise any of the rights granted to You by this License as of the date You commence an action',
      },
      {
        documentId: 'OSL-2.0',
        start: 6934,
        end: 7094,
        text: 'This License shall terminate automatically and You may no longer exercise any of the rights granted to You by this License as of the date You commence an action',
      },
    ],
  },
  {
    id: 'noncommercial-corpus',
    question: 'Which licences allow sharing the material for noncommercial purposes only?',
    category: 'scope',
    gold: [
      {
        documentId: 'CC-BY-NC-4.0',
        start: 6983,
        end: 7078,
        text: 'reproduce and Share the Licensed Material, in whole or in part, for NonCommercial purposes only',
      },
      {
        documentId: 'CC-BY-NC-SA-4.0',
        start: 7406,
        end: 7501,
        text: 'reproduce and Share the Licensed Material, in whole or in part, for NonCommercial purposes only',
      },
      {
        documentId: 'CC-BY-NC-ND-4.0',
        start: 6824,
        end: 6919,
        text: 'reproduce and Share the Licensed Material, in whole or in part, for NonCommercial purposes only',
      },
      {
        documentId: 'PolyForm-Noncommercial-1.0.0',
        start: 1749,
        end: 1798,
        text: 'Any noncommercial purpose is a permitted purpose.',
      },
    ],
  },
];
