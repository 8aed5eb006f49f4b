import { describe, expect, it } from 'vitest';
import { askExtractive } from '../__fixtures__/ask-extractive.js';
import { passage } from '../__fixtures__/passages.js';
import { synthesize } from '../synthesize/synthesize.js';
import { extractiveModel } from './extractive-model.js';

const ask = askExtractive;

const PETS = 'May tenants keep pets in the building?';

// A review found each of these answered with one line of a sentence the source broke across two: a next line that
// starts with a quotation mark, a bracket, an emphasis mark, a digit or a list label, or a first line cut mid-clause.
describe('extractiveModel never quotes one line of a sentence broken across lines', () => {
  it.each([
    [
      'May the licensee sublicense the software to third parties?',
      'Grant of rights.\nThe licensee may use the software. The licensee shall not\n"sublicense" the software to third parties.',
    ],
    [
      'May the licensee sublicense the software to third parties?',
      'Terms.\nLicensee shall not\n\u201csublicense\u201d the software to third parties.',
    ],
    [PETS, 'House rules.\nTenants are not\n(ever) allowed to keep pets in the building.'],
    [PETS, 'House rules.\nTenants are not\n*allowed* to keep pets in the building.'],
    [PETS, 'House rules.\nTenants are not\na) allowed to keep pets in the building.'],
    [PETS, '| Tenants are not |\n| allowed to keep pets in the building. |'],
    [
      'How many months of deposit may the landlord ask?',
      'Deposit rules.\nThe landlord may not ask for more than\n2 months of deposit from the tenant.',
    ],
    [
      'May I distribute Apache licensed code in my product?',
      'Notes.\nYou are not permitted to\nApache-license code taken from this product, or distribute it.',
    ],
    [
      PETS,
      'House rules.\nTenants may keep pets in the building only after\n\u201cwritten approval\u201d from the board is given.',
    ],
    [
      PETS,
      'House rules.\nTenants may keep pets in the building for at most\n3 days, after which a fine applies.',
    ],
    [PETS, 'House rules.\nTenants may keep pets in the building only if\n(a) the board approves in writing.'],
  ])('%s / %j', async (question, text) => {
    const passages = [passage('doc', text)];
    const result = await synthesize({
      model: extractiveModel(),
      question,
      passages,
      verify: { support: {} },
    });
    // Whole sentences beside them may be quoted; neither line of the broken one is, alone or in part.
    const [line, second] = text.split('\n').slice(-2) as [string, string];
    const first = line.slice(line.lastIndexOf('. ') + 1);
    for (const line of result.completion.split('\n')) {
      const quoted = line.replace(/ \[\d+\]$/, '');
      expect([text, quoted, first.includes(quoted) || second.includes(quoted)]).toEqual([
        text,
        quoted,
        false,
      ]);
    }
  });

  it('still quotes the sentences after a heading line, a list of items without full stops, and table rows', async () => {
    const rules = passage(
      'rules',
      'House rules\nTenants may keep one cat in the flat.\n\nPets\n- Dogs must be kept on a lead in the garden\n- Cats may stay indoors at all times',
    );
    expect(await ask('May I keep a cat in the flat?', [rules])).toBe(
      'Tenants may keep one cat in the flat. [1]',
    );
    expect(await ask('Must dogs be kept on a lead in the garden?', [rules])).toBe(
      'Dogs must be kept on a lead in the garden [1]',
    );
    expect(await ask('May cats stay indoors?', [rules])).toBe('Cats may stay indoors at all times [1]');
    const deposit = passage('deposit', 'Deposit\n2 months of rent are paid as the deposit.');
    expect(await ask('How many months of rent are paid as the deposit?', [deposit])).toBe(
      '2 months of rent are paid as the deposit. [1]',
    );
    const table = passage(
      'table',
      '| Pet | Rule |\n| Cats | Cats may stay indoors at all times |\n| Dogs | Dogs must be kept on a lead |',
    );
    expect(await ask('May cats stay indoors?', [table])).toBe(
      '| Cats | Cats may stay indoors at all times | [1]',
    );
    const markdown = passage(
      'md',
      '## Selling copies of the software\n"You" may sell copies of the software.',
    );
    expect(await ask('May I sell copies of the software?', [markdown])).toBe(
      '"You" may sell copies of the software. [1]',
    );
  });
});

describe('extractiveModel in scripts written without spaces', () => {
  it.each([
    ['zh', '您可以出售软件的副本吗', '您可以出售软件的副本。您不得修改软件。', '您可以出售软件的副本。 [1]'],
    [
      'ja',
      'ソフトウェアを販売できますか',
      'ソフトウェアのコピーを販売できます。改変はできません。',
      'ソフトウェアのコピーを販売できます。 [1]',
    ],
    ['th', 'ขายซอฟต์แวร์ได้ไหม', 'คุณสามารถขายซอฟต์แวร์ได้', 'คุณสามารถขายซอฟต์แวร์ได้ [1]'],
  ])('answers in %s (a review found NO_SOURCE)', async (locale, question, text, answer) => {
    const passages = [passage('doc', text)];
    const result = await synthesize({
      model: extractiveModel({ locale }),
      question,
      passages,
      verify: { locale, support: {} },
    });
    expect(result.completion).toBe(answer);
    expect(result.status).toBe('answered');
    expect(result.rejected).toEqual([]);
  });
});

// A second review found these answered NO_SOURCE: a line ending in a content word (or a note such as `(2024 edition)`,
// `.[3]`, `(see section 4)`) above a capitalised line was read as the first line of one broken sentence.
describe('extractiveModel reads a line that ends in a content word above a capitalised line as a line of its own', () => {
  const CATS = 'May tenants keep cats?';
  it.each([
    [
      CATS,
      'Pets and animals in rented flats\nTenants may keep one cat in the flat.',
      'Tenants may keep one cat in the flat. [1]',
    ],
    [
      CATS,
      'Rules for pets in rented flats (2024 edition)\nTenants may keep one cat in the flat.',
      'Tenants may keep one cat in the flat. [1]',
    ],
    [
      CATS,
      'Last reviewed by the housing committee\nTenants may keep one cat in the flat.',
      'Tenants may keep one cat in the flat. [1]',
    ],
    [
      CATS,
      'See the house rules at https://example.org/rules\nTenants may keep one cat in the flat.',
      'Tenants may keep one cat in the flat. [1]',
    ],
    [
      CATS,
      'Tenants may keep cats.[3]\nTenants may keep one cat per flat with approval.',
      'Tenants may keep one cat per flat with approval. [1]',
    ],
    [
      CATS,
      'Dogs are not allowed.^3\nTenants may keep one cat per flat with approval.',
      'Tenants may keep one cat per flat with approval. [1]',
    ],
    [
      CATS,
      'Tenants may keep one cat in the flat (see section 4)\nDogs are not allowed in the building.',
      'Tenants may keep one cat in the flat (see section 4) [1]',
    ],
  ])('%s / %j', async (question, text, answer) => {
    expect([text, await ask(question, [passage('doc', text)])]).toEqual([text, answer]);
  });

  it('answers from a heading-shaped line above a sentence', async () => {
    const text = 'Apply for a resident parking permit\nYou can apply online if you live in the parking zone.';
    const answer = await ask('How do I apply for a resident parking permit?', [passage('doc', text)]);
    expect(answer).not.toBe('NO_SOURCE');
    for (const line of answer.split('\n')) expect(text.split('\n')).toContain(line.replace(/ \[1\]$/, ''));
  });

  // A heading's `#` may stand any number of spaces before its words; the lead was once looked for within 24
  // characters of the words, and the sentence below a heading written `#` + 30 spaces was dropped as a wrapped line.
  it.each([1, 8, 30, 100, 100_000])('answers below a heading written `#` and %i spaces', async (spaces) => {
    const text = `#${' '.repeat(spaces)}Boiling point\nWater boils at 100 degrees Celsius at sea level.`;
    expect(await ask('At what temperature does water boil?', [passage('doc', text)])).toBe(
      'Water boils at 100 degrees Celsius at sea level. [1]',
    );
  });

  it.each([
    [
      PETS,
      'House rules.\nTenants may keep pets in the building except\nDogs over twenty kilograms in weight.',
    ],
    [
      PETS,
      'House rules.\nTenants may keep pets in the building\n\u201conly\u201d with written approval of the board.',
    ],
    [PETS, 'House rules.\nTenants may keep pets in the building\n*only* with written approval of the board.'],
    [PETS, 'House rules.\nTenants may keep pets in the building\n(only) with written approval of the board.'],
    [PETS, 'House rules.\nTenants are not (see section 4)\nAllowed to keep pets in the building.'],
  ])('still quotes neither line of %s / %j', async (question, text) => {
    const answer = await ask(question, [passage('doc', text)]);
    const [first, second] = text.split('\n').slice(-2) as [string, string];
    for (const line of answer.split('\n')) {
      const quoted = line.replace(/ \[\d+\]$/, '');
      expect([text, quoted, first.includes(quoted) || second.includes(quoted)]).toEqual([
        text,
        quoted,
        false,
      ]);
    }
  });
});
