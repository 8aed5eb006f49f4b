import { InvalidArgumentError } from '@gk/internal';
import type { Passage } from '@gk/citations';
import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { askExtractive } from '../__fixtures__/ask-extractive.js';
import { passage } from '../__fixtures__/passages.js';
import { DEFAULT_PROMPT, renderPrompt } from '../synthesize/default-prompt.js';
import { type ExtractiveModelOptions, extractiveModel } from './extractive-model.js';

const answer = askExtractive;

async function firstLine(
  question: string,
  passages: readonly Passage[],
  locale?: string,
  options: ExtractiveModelOptions = {},
): Promise<string> {
  const prompt = await renderPrompt(DEFAULT_PROMPT, { question, passages });
  const model = extractiveModel(locale === undefined ? options : { ...options, locale });
  const { text } = await generateText({ model, system: prompt.system, prompt: prompt.user });
  return text.split('\n')[0]!;
}

// A tenancy agreement: not a licence, so nothing here can lean on licence words.
const lease = passage(
  'lease',
  [
    'Tenancy Agreement for Flat 4',
    'Subletting.',
    '"Sublet" means letting all or part of the flat to another person while this agreement runs.',
    'The tenant may sublet a room with the written consent of the landlord.',
    'Pets.',
    'The tenant must keep any pet on a lead in the shared garden.',
    'Deposit.',
    'If the tenant leaves the flat damaged, the landlord keeps the deposit.',
    'The deposit is returned within 30 days after the tenancy ends.',
  ].join('\n\n'),
  0,
  'Tenancy Agreement for Flat 4',
);

describe('extractiveModel: choosing the sentence that answers', () => {
  it('answers "may I" with the sentence that permits, not the one that defines the same words', async () => {
    expect(await firstLine('May I sublet a room of the flat?', [lease])).toBe(
      'The tenant may sublet a room with the written consent of the landlord. [1]',
    );
  });

  it('answers "when" with the sentence that gives a time', async () => {
    expect(await firstLine('When is the deposit returned?', [lease])).toBe(
      'The deposit is returned within 30 days after the tenancy ends. [1]',
    );
  });

  it('does not quote the title when the question names the document', async () => {
    const line = await firstLine('Under the Tenancy Agreement for Flat 4, what about pets?', [lease]);
    expect(line).toBe('The tenant must keep any pet on a lead in the shared garden. [1]');
  });

  it('meets everyday near-synonyms and British and American spellings', async () => {
    const notices = passage('n', 'You must retain the copyright notice. The colour of the cover is free.');
    expect(await firstLine('Do I have to keep the copyright notice?', [notices])).toBe(
      'You must retain the copyright notice. [1]',
    );
    const licence = passage('l', 'Each licence is personal. The licensee may copy the manual.');
    expect(await firstLine('Is the license personal?', [licence])).toBe('Each licence is personal. [1]');
  });

  it('prefers the sentence that answers over the one that restates the condition of the question', async () => {
    const court = passage(
      'c',
      'If a court orders conditions on you that contradict this agreement, those conditions do not excuse you. ' +
        'If you cannot both obey the order and this agreement, you may not distribute the program at all.',
    );
    expect(
      await firstLine(
        'If a court orders conditions that contradict the agreement, may I still distribute the program?',
        [court],
      ),
    ).toBe(
      'If you cannot both obey the order and this agreement, you may not distribute the program at all. [1]',
    );
  });

  it('reads a list item with the lead-in it completes', async () => {
    const list = passage(
      'list',
      'When you share the material, you must:\n\n(a) retain the author name and the notice;\n\n(b) link to the source.\n\n' +
        'Sharing the material in a newsletter is common.',
    );
    expect(await firstLine('What must I keep when I share the material?', [list])).toBe(
      '(a) retain the author name and the notice; [1]',
    );
  });

  it('reads a list lead-in that sets its own condition as an answer, not only as an announcement', async () => {
    const recipes = passage(
      'recipes',
      'You may apply any changes supplied by the publisher.\n\n' +
        'You may share your edited copy provided that you clearly describe how it differs from the original, ' +
        'and provided that you do one of the following:\n\n(a) publish it free of charge;\n\n(b) send a copy to the publisher.',
    );
    expect(
      await firstLine('If I publish an edited version, do I have to explain what I changed?', [recipes]),
    ).toBe(
      'You may share your edited copy provided that you clearly describe how it differs from the original, ' +
        'and provided that you do one of the following: [1]',
    );
  });

  it('quotes a short list item that runs on to the next (`; and`), which is no heading', async () => {
    const rules = passage(
      'rules',
      'When the recipe is printed in a book:\n\n(a) it must be credited; and\n\n(b) the book must name the publisher.',
    );
    expect(await firstLine('Must a recipe printed in a book be credited?', [rules])).toBe(
      '(a) it must be credited; and [1]',
    );
  });

  it('reads a sentence with the heading of its section', async () => {
    const shop = passage(
      'shop',
      'Selling\n\nYou may offer the product at any price you choose.\n\nGifts\n\nYou may give the product away.',
    );
    expect(await firstLine('Can I sell the product?', [shop])).toBe(
      'You may offer the product at any price you choose. [1]',
    );
  });

  it('reads a word with non- glued on as being about the word', async () => {
    const photos = passage('photos', 'The photos are licensed to the agency. Noncommercial use only.');
    expect(await firstLine('Are the photos licensed for commercial use?', [photos])).toBe(
      'Noncommercial use only. [1]',
    );
  });

  it('does not match the words that only ask for an obligation (`require me to`)', async () => {
    const badge = passage(
      'badge',
      'A badge is required for visitors, unless security requires otherwise. Staff must wear a badge at all times.',
    );
    expect(await firstLine('Does the policy require me to wear a badge?', [badge])).toBe(
      'Staff must wear a badge at all times. [1]',
    );
  });

  it('answers `must I` with the sentence that obliges, not the one that only permits', async () => {
    const walls = passage(
      'walls',
      'Tenants may repaint the walls in any colour. Walls must be repainted white at the end of the tenancy.',
    );
    expect(await firstLine('Do I have to repaint the walls?', [walls])).toBe(
      'Walls must be repainted white at the end of the tenancy. [1]',
    );
  });

  it('prefers the rule to the statement of what the rules are designed to do', async () => {
    const guests = passage(
      'guests',
      'These rules are designed to make sure that you can bring guests and that your guests can stay overnight. ' +
        'Guests may stay overnight twice a week.',
    );
    expect(await firstLine('Can my guests stay overnight?', [guests])).toBe(
      'Guests may stay overnight twice a week. [1]',
    );
  });

  it('reads a colon that no list follows as a plain statement, not as the lead-in of a list', async () => {
    const cabin = passage(
      'cabin',
      'Guests who want the formal rule list can ask the owner for a printed copy.\n\n' +
        'In place of a rule list, the cabin has a wish:\n\nMay every guest leave it tidier than they found it.',
    );
    expect(await firstLine('What does the cabin have instead of a rule list?', [cabin])).toBe(
      'In place of a rule list, the cabin has a wish: [1]',
    );
  });

  it('meets the formal word written in place of the plain one (breach for break, cure for fix)', async () => {
    const rules = passage(
      'rules',
      'A copy of the agreement hangs in the hall. A tenant who breaches the agreement may cure the breach within ' +
        'fourteen days.',
    );
    expect(await firstLine('If I break the agreement, how do I fix it?', [rules])).toBe(
      'A tenant who breaches the agreement may cure the breach within fourteen days. [1]',
    );
  });

  it('weighs earlier sources a little more when two sentences match alike', async () => {
    const a = passage('a', 'Refunds are paid within ten days.');
    const b = passage('b', 'Refunds are paid within ten days by cheque.');
    expect(await firstLine('How are refunds paid?', [a, b])).toBe('Refunds are paid within ten days. [1]');
  });

  it('chooses lexically only for a locale whose cues it does not know', async () => {
    // Both sentences share the same two words; lexically the shorter one, the definition, ranks first. In English
    // the permission wins; in German no cue is read.
    const mixed = passage(
      'm',
      '"Sublet" means letting a room. The tenant may sublet a room with the written consent of the landlord.',
    );
    expect(await firstLine('May I sublet a room?', [mixed])).toBe(
      'The tenant may sublet a room with the written consent of the landlord. [1]',
    );
    expect(await firstLine('May I sublet a room?', [mixed], 'de')).toBe('"Sublet" means letting a room. [1]');
  });

  it('weighs each sentence by the sentenceWeight of the caller, with the question it was asked', async () => {
    // Both deposit sentences share the question's word; the form (`what happens`) favours the condition. A caller who
    // knows that its readers ask this about getting the deposit back can say so, and can rule a sentence out with 0.
    const question = 'What happens to the deposit?';
    expect(await firstLine(question, [lease])).toBe(
      'If the tenant leaves the flat damaged, the landlord keeps the deposit. [1]',
    );
    const seen = new Set<string>();
    const prefer = (sentence: string, asked: string): number => {
      seen.add(asked);
      return /\bdeposit\b/.test(sentence) && /\breturned\b/.test(sentence) ? 4 : 1;
    };
    expect(await firstLine(question, [lease], undefined, { sentenceWeight: prefer })).toBe(
      'The deposit is returned within 30 days after the tenancy ends. [1]',
    );
    expect([...seen]).toEqual([question]);
    const never = (sentence: string): number => (sentence.startsWith('If the tenant leaves') ? 0 : 1);
    expect(await answer(question, [lease])).toContain('If the tenant leaves');
    expect(await answer(question, [lease], { sentenceWeight: never })).not.toContain('If the tenant leaves');
  });

  it('refuses a sentenceWeight that is not a function, or that returns a negative or non-finite number', async () => {
    expect(() => extractiveModel({ sentenceWeight: 2 as unknown as () => number })).toThrow(
      InvalidArgumentError,
    );
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '2' as unknown as number]) {
      await expect(
        firstLine('May I sublet a room?', [lease], undefined, { sentenceWeight: () => bad }),
      ).rejects.toThrow(/Invalid sentenceWeight\(sentence, question\): expected a finite number >= 0/);
    }
  });
});

describe('extractiveModel: a lead-in into a paragraph', () => {
  // A grant that ends in a colon, then its condition as a paragraph of its own (no list marker), as the MIT licence is
  // laid out; written as a lending agreement, so no licence word helps.
  const loan = passage(
    'loan',
    [
      'The owner lends the bicycle to the borrower, to ride, park and lock anywhere in the city, subject to the following condition:',
      'The borrower shall bring the bicycle back with a full tyre pressure at the end of each month.',
      'THE BICYCLE IS LENT AS IS, AND THE OWNER IS NOT LIABLE FOR ANY FALL.',
    ].join('\n\n'),
    0,
    'Bicycle loan',
  );

  it('answers "must I" with the paragraph the lead-in announces, not the lead-in', async () => {
    expect(await firstLine('What do I have to do when I ride the bicycle?', [loan])).toBe(
      'The borrower shall bring the bicycle back with a full tyre pressure at the end of each month. [1]',
    );
  });

  it('answers "may I" with the lead-in itself, the grant', async () => {
    expect(await firstLine('May I ride and park the bicycle in the city?', [loan])).toMatch(
      /^The owner lends/,
    );
  });

  it('leads into nothing when the same line goes on after the colon', async () => {
    const blessing = passage(
      'blessing',
      'In place of a legal notice, here is a blessing: may you share freely, never taking more than you give.',
      0,
      'Blessing',
    );
    expect(await firstLine('Must I share freely?', [blessing])).toMatch(/^In place of a legal notice/);
  });
});
