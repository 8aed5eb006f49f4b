import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../tests/adversarial/growth.js';
import { LICENCE_INTENTS, type IntentName, questionIntents } from './question-intents.js';

const names = (question: string): IntentName[] => questionIntents(question).map(({ intent }) => intent.name);
const intent = (name: IntentName) => LICENCE_INTENTS.find((candidate) => candidate.name === name)!;

describe('questionIntents', () => {
  it('reads what a question asks from everyday words', () => {
    const cases: Array<[string, IntentName]> = [
      ['Can I make money with it?', 'commercial'],
      ['May I resell it to my clients?', 'commercial'],
      ['Is there any guarantee that it works?', 'warranty'],
      ['Can I sue the authors if it breaks my server?', 'liability'],
      ['Do the contributors give me their patents?', 'patent'],
      ['What if I sue someone over a patent?', 'patent-retaliation'],
      ['What if I take them to court claiming it infringes my patent?', 'patent-retaliation'],
      ['Can I take the authors to court if it wipes my disk?', 'liability'],
      ['Can I use their logo on my site?', 'trademark'],
      ['Can I use the authors’ names in ads for my product?', 'trademark'],
      ['Can I run it as SaaS without publishing my changes?', 'network'],
      ['May I link it statically into my app?', 'linking'],
      ['Can I ship it together with my own code?', 'linking'],
      ['Is it compatible with the other one?', 'compatibility'],
      ['Can I sublicense it?', 'sublicensing'],
      ['What happens if I violate it?', 'termination'],
      ['Do I get my rights back once I fix the violation?', 'reinstatement'],
      ['Do I have to credit the author?', 'notice'],
      ['Do I have to tell users about it?', 'notice'],
      ['Do I have to say which licence it is under?', 'notice'],
      ['Must I explain what I changed?', 'change-notice'],
      ['Do copies have to include the licence?', 'licence-copy'],
      ['Do I need to ship the license text with the binaries?', 'licence-copy'],
      ['What happens if I do not comply with it?', 'termination'],
      ["What happens if I don't respect the terms?", 'termination'],
      ['What if we fail to follow its conditions?', 'termination'],
      ['Does my fork have to stay under the same licence?', 'copyleft'],
      ['Can I release my version under my own terms?', 'own-terms'],
      ['What exactly does it let me do?', 'grant-scope'],
      ['May I add extra restrictions for my users?', 'added-restrictions'],
      ['Do I have to ship the source with the binaries?', 'object-form'],
      ['Can I put DRM on it?', 'technological-measures'],
      ['May I circumvent the copy protection?', 'circumvention'],
      ['Which country’s law governs it?', 'governing-law'],
      ['A newer version of the licence is out: may I use that one?', 'later-version'],
    ];
    for (const [question, name] of cases)
      expect([question, names(question).includes(name)]).toEqual([question, true]);
    expect(names('Who wrote it?')).toEqual([]);
    expect(names('Must I follow its conditions?')).not.toContain('termination');
    // A new version of the program is no version of the licence.
    expect(names('Must a new version of my program stay open?')).not.toContain('later-version');
    // Taking someone to court is a lawsuit; which court hears it is a question of jurisdiction.
    expect(names('Can I take them to court over it?')).not.toContain('governing-law');
    expect(names('Which courts hear disputes?')).toContain('governing-law');
    // Putting DRM on a copy and getting round it are different questions, answered by different clauses.
    expect(names('Can I put DRM on copies I distribute?')).not.toContain('circumvention');
    expect(names('Can I bypass the DRM?')).toContain('circumvention');
    // A patent licence is no copy of the licence.
    expect(names('Does it give me a patent licence?')).not.toContain('licence-copy');
    expect(names('Do I have to include the licence?')).toContain('licence-copy');
  });

  it('keeps the words of the question that asked', () => {
    expect(questionIntents('Can I make money with it?')).toEqual([
      { intent: intent('commercial'), cueText: 'money' },
    ]);
  });

  it('does not read a condition someone else sets as the asker adding restrictions', () => {
    expect(
      names('If a court order imposes conditions that contradict it, may I still distribute it?'),
    ).not.toContain('added-restrictions');
  });

  it('reads only the first 2000 characters, so a huge question costs no more than a long one', () => {
    expect(names(`${'x '.repeat(5000)} can I sell it?`)).toEqual([]);
    // `patent` again and again with nothing after it is the worst case of the cue that looks for `sue` after it.
    const ratio = growth((n) => {
      const text = 'patent '.repeat(n);
      return () => questionIntents(text);
    }, 300);
    expect(ratio).toBeLessThan(BOUND);
    expect(questionIntents('\u0000\u202e\ud800 __proto__ [[[[')).toEqual([]);
  });
});

describe('the clause kinds', () => {
  it('tell the sentence that answers from one that shares its words', () => {
    // A grant says what you may do; `You may not ...` forbids it.
    const grant = intent('grant-scope').clause!;
    expect(grant.test('you may reproduce and share the licensed material, in whole or in part.')).toBe(true);
    expect(
      grant.test(
        'you may not offer or impose any additional or different terms or conditions on adapted material.',
      ),
    ).toBe(false);
    const later = intent('later-version').clause!;
    expect(
      later.test(
        'you may distribute the covered software under the terms of the version of the license under which you originally received the covered software, or under the terms of any subsequent version published by the license steward.',
      ),
    ).toBe(true);
    expect(
      later.test('you may create and use a modified version of this license if you rename the license'),
    ).toBe(false);
    const liability = intent('liability').clause!;
    expect(liability.test('in no event shall any contributor be liable to you for damages')).toBe(true);
    expect(
      liability.test('you agree to indemnify and hold each contributor harmless for any liability'),
    ).toBe(false);
    const commercial = intent('commercial').clause!;
    expect(commercial.test('reproduce and share the licensed material for noncommercial purposes only')).toBe(
      true,
    );
    expect(
      commercial.test(
        'the exchange of the material by file-sharing is noncommercial provided there is no payment',
      ),
    ).toBe(false);
    const warranty = intent('warranty').clause!;
    expect(warranty.test('the software is provided "as is", without warranty of any kind')).toBe(true);
    expect(warranty.test('you may offer a warranty for a fee')).toBe(false);
  });

  it('are left out where no kind of sentence stands out (nearly every clause speaks of modified versions)', () => {
    expect(intent('modification').clause).toBeUndefined();
  });

  it('never ask the offline model a different question form (no may, must or grant in the wording)', () => {
    for (const { name, wording } of LICENCE_INTENTS)
      expect([
        name,
        /\b(?:may|must|shall|can|grant|grants|allowed|permitted|require[sd]?)\b/.test(wording),
      ]).toEqual([name, false]);
  });
});
