import { beforeAll, describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../tests/adversarial/growth.js';
import { buildLicenceNames, type LicenceNames } from './build-licence-names.js';
import { findMentionedLicences } from './find-mentioned-licences.js';
import { loadLicences } from './load-licences.js';

let names: LicenceNames;
beforeAll(() => {
  names = buildLicenceNames(loadLicences());
}, 60_000);

const ids = (question: string): string[] => findMentionedLicences(question, names).map((m) => m.id);

describe('findMentionedLicences', () => {
  it('resolves SPDX ids, with sentence punctuation left out and a meaningful plus kept', () => {
    expect(findMentionedLicences('Must I state changes I made to Apache-2.0 code?', names)).toEqual([
      { id: 'Apache-2.0', start: 31, end: 41 },
    ]);
    expect(ids('Is MIT like GPL-2.0-or-later? And Apache-2.0.')).toEqual([
      'MIT',
      'GPL-2.0-or-later',
      'Apache-2.0',
    ]);
    expect(ids('Is BSD-3-Clause-Clear stricter than 0BSD?')).toEqual(['BSD-3-Clause-Clear', '0BSD']);
  });

  it('names each licence once, or every time it is named with everyMention', () => {
    const question = 'SSPL: who wrote the Server Side Public License, and is MIT older?';
    expect(ids(question)).toEqual(['SSPL-1.0', 'MIT']);
    expect(findMentionedLicences(question, names, { everyMention: true }).map((m) => m.id)).toEqual([
      'SSPL-1.0',
      'SSPL-1.0',
      'MIT',
    ]);
  });

  it('resolves short forms and word orders of the full names', () => {
    const cases: Array<[string, string]> = [
      ['the 3-clause BSD licence', 'BSD-3-Clause'],
      ['BSD 3-Clause', 'BSD-3-Clause'],
      ['the New BSD license', 'BSD-3-Clause'],
      ['Simplified BSD', 'BSD-2-Clause'],
      ['BSD two-clause', 'BSD-2-Clause'],
      ['GNU GPL v2', 'GPL-2.0-only'],
      ['GNU GPL version 2', 'GPL-2.0-only'],
      ['version 2 of the GPL', 'GPL-2.0-only'],
      ['GPLv3', 'GPL-3.0-only'],
      ['LGPL 2.1', 'LGPL-2.1-only'],
      ['LGPLv3', 'LGPL-3.0-only'],
      ['Mozilla 2.0', 'MPL-2.0'],
      ['Mozilla Public License, version 2', 'MPL-2.0'],
      ['Apache 2', 'Apache-2.0'],
      ['Apache License, Version 2.0', 'Apache-2.0'],
      ['the Artistic License 2.0', 'Artistic-2.0'],
      ['AGPL v3', 'AGPL-3.0-only'],
      ['AGPL version three', 'AGPL-3.0-only'],
      ['EUPL 1.2', 'EUPL-1.2'],
      ['the PSF licence', 'PSF-2.0'],
      ['the Python Software Foundation License', 'PSF-2.0'],
      ['Eclipse Public License v2', 'EPL-2.0'],
      ['CC BY-SA 4.0', 'CC-BY-SA-4.0'],
      ['Creative Commons Attribution 4.0', 'CC-BY-4.0'],
      ['CC0', 'CC0-1.0'],
      ['the Boost license', 'BSL-1.0'],
      ['MIT No Attribution', 'MIT-0'],
      ['the Unlicense', 'Unlicense'],
      ['the Lesser GPL', 'LGPL-3.0-only'],
      ['the Affero GPL v3', 'AGPL-3.0-only'],
      ['BSD3', 'BSD-3-Clause'],
      ['the Open Font License', 'OFL-1.1'],
      ['FDL 1.3', 'GFDL-1.3-only'],
      ['ASL 2.0', 'Apache-2.0'],
      ['the Apache Software License, version 1.1', 'Apache-1.1'],
      ['ALv2', 'Apache-2.0'],
      ['ELv2', 'Elastic-2.0'],
      ['Creative Commons Attribution-ShareAlike 4.0', 'CC-BY-SA-4.0'],
      ['Creative Commons Attribution-NonCommercial 4.0 International', 'CC-BY-NC-4.0'],
      ['the LaTeX Project Public License', 'LPPL-1.3c'],
      ['the latex project public license', 'LPPL-1.3c'],
      ['PolyForm Noncommercial', 'PolyForm-Noncommercial-1.0.0'],
    ];
    for (const [question, id] of cases)
      expect([question, ids(`Is ${question} permissive?`)]).toEqual([question, [id]]);
  });

  it('reads only / or later after a name, and a name without a version as its latest version', () => {
    expect(ids('GPLv2 or later')).toEqual(['GPL-2.0-or-later']);
    expect(ids('LGPL 2.1 or any later version')).toEqual(['LGPL-2.1-or-later']);
    expect(ids('GPLv3+')).toEqual(['GPL-3.0-or-later']);
    expect(ids('GPL version three only')).toEqual(['GPL-3.0-only']);
    expect(ids('Apache 2.0 or later')).toEqual(['Apache-2.0']);
    expect(ids('Does the GPL allow it?')).toEqual(['GPL-3.0-only']);
    expect(ids('Does the MPL allow it?')).toEqual(['MPL-2.0']);
    const [mention] = findMentionedLicences('Under GPLv2 or later, may I?', names);
    expect(mention).toEqual({ id: 'GPL-2.0-or-later', start: 6, end: 20 });
  });

  it('reads a number before a name that has its own version as a count, not as the version', () => {
    expect(ids('If I change one MPL-2.0 file, must I publish the app?')).toEqual(['MPL-2.0']);
    expect(ids('We ship two GPL-3.0 libraries and one Apache 2.0 module')).toEqual([
      'GPL-3.0-only',
      'Apache-2.0',
    ]);
    expect(ids('version 2 of the GPL')).toEqual(['GPL-2.0-only']);
    expect(ids('the three-clause BSD licence')).toEqual(['BSD-3-Clause']);
  });

  it('counts a one-word name only when it is written as a name', () => {
    expect(ids('Is Fair use allowed? Can I curl it? mit? Check the docs.')).toEqual([]);
    expect(ids('Is the Fair License short? Is a fair license fair?')).toEqual(['Fair']);
    expect(ids('Is source code under a copyleft licence?')).toEqual([]);
    expect(ids('Is the blue oak model licence short?')).toEqual(['BlueOak-1.0.0']);
    expect(ids('Is Zlib compatible?')).toEqual(['Zlib']);
    expect(ids('Zlib: must I mark altered versions?')).toEqual(['Zlib']);
    expect(ids('Is my zlib build fast?')).toEqual([]);
    expect(ids('Is WTFPL code free to use?')).toEqual(['WTFPL']);
  });

  it('reads ordinary words written as one word as that word, not as a name (NonCommercial is no licence)', () => {
    // `Non Commercial` is the start of the Non-Commercial Government Licence's name; `NonCommercial` is CC's element.
    expect(ids('CC-BY-NC-SA-4.0: what does NonCommercial mean here?')).toEqual(['CC-BY-NC-SA-4.0']);
    expect(ids('Is ShareAlike the same as copyleft?')).toEqual([]);
    expect(ids('Is the Non Commercial Government Licence open?')).toEqual(['NCGL-UK-2.0']);
  });

  it('reports each licence once, in order of mention', () => {
    expect(ids('GPLv3 or gplv3, and Apache 2.0 vs Apache-2.0')).toEqual(['GPL-3.0-only', 'Apache-2.0']);
    expect(ids('What is the boiling point of water at sea level?')).toEqual([]);
  });

  it('returns nothing for empty or hostile input', () => {
    expect(findMentionedLicences('', names)).toEqual([]);
    expect(findMentionedLicences('\u0000\u200b\u202e\ud800 [[[[ __proto__ constructor', names)).toEqual([]);
    expect(ids(`${'9'.repeat(400)} ${'v'.repeat(1000)}2 ${'+'.repeat(100)}`)).toEqual([]);
    expect(ids('M\u200bIT and G\u0000PL')).toEqual([]);
  });

  it('takes CPU time linear in the question (8n over n)', () => {
    const unit = 'GPL BSD 3 [[[[ Apache version 2 of ';
    const make = (size: number) => {
      const question = unit.repeat(size);
      return () => findMentionedLicences(question, names);
    };
    // A quadratic scan would grow about 64 times.
    expect(growth(make, 2_000)).toBeLessThan(BOUND);
  });
});
