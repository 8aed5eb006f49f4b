/**
 * The questions the demo answers when none is given on the command line. They name their licence the ways people
 * do (an SPDX id, a full name, a short form such as `3-clause BSD` or `AGPL v3`). The last two cannot be answered
 * from the corpus (BSD-2-Clause says nothing about patents; no licence mentions boiling water), so they abstain.
 */
export const BUILT_IN_QUESTIONS: readonly string[] = [
  'Must I state changes I made to Apache-2.0 code?',
  'Does the MIT license require me to keep the copyright notice in copies of the software?',
  'Can I use the names of the 3-clause BSD copyright holders to endorse my product?',
  'What happens to my Apache 2 patent license if I sue someone for patent infringement?',
  'If I violate the GNU GPL version 3, can my license be reinstated?',
  'Under AGPL v3, must I offer the source code to users who interact with the program over a network?',
  'Does the Mozilla Public License 2.0 let me combine covered files with files under a different license in a larger work?',
  'May I distribute a proprietary program that links to a library under LGPL 2.1?',
  'Is software under the Unlicense dedicated to the public domain?',
  'Does the BSD-2-Clause license grant me a patent license?',
  'What is the boiling point of water at sea level?',
];
