import { beforeAll, describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../tests/adversarial/growth.js';
import { buildLicenceNames, type LicenceNames } from './build-licence-names.js';
import { loadLicences } from './load-licences.js';
import { readLicenceQuestion } from './read-licence-question.js';

let names: LicenceNames;
beforeAll(() => {
  names = buildLicenceNames(loadLicences());
}, 60_000);

describe('readLicenceQuestion', () => {
  it('takes the first licence named as the subject and keeps the others as words of the question', () => {
    const read = readLicenceQuestion(
      'MPL-2.0: can I combine it with GPL code, or with MPL-2.0 files only?',
      names,
    );
    expect(read.mentions.map((mention) => mention.id)).toEqual(['MPL-2.0', 'GPL-3.0-only']);
    // Both namings of the subject are cut; the other licence's name stays a search term.
    expect(read.withoutSubject).not.toContain('MPL-2.0');
    expect(read.withoutSubject).toContain('GPL code');
    expect(read.withoutNames).not.toMatch(/MPL|GPL/);
    expect(read.intents.map(({ intent }) => intent.name)).toContain('compatibility');
  });

  it('reads what is asked without the words of any licence name', () => {
    const read = readLicenceQuestion('Under the Business Source License 1.1, who wrote the code?', names);
    expect(read.mentions.map((mention) => mention.id)).toEqual(['BUSL-1.1']);
    expect(read.intents).toEqual([]);
    expect(
      readLicenceQuestion('Can I make money with MIT code?', names).intents.map(({ intent }) => intent.name),
    ).toEqual(['commercial']);
  });

  it('handles an empty question, hostile input and a question of thousands of names in linear time', () => {
    expect(readLicenceQuestion('', names)).toEqual({
      mentions: [],
      withoutSubject: '',
      withoutNames: '',
      intents: [],
    });
    expect(readLicenceQuestion('\u0000\u202e\ud800 __proto__ [[[[', names).mentions).toEqual([]);
    const ratio = growth((n) => {
      const text = 'MIT and GPLv2 and Apache-2.0 '.repeat(n);
      return () => readLicenceQuestion(text, names);
    }, 200);
    expect(ratio).toBeLessThan(BOUND);
  });
});
