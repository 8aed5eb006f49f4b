import { describe, expect, it } from 'vitest';
import { cueWeight, questionForm, sentenceCues } from './sentence-cues.js';

describe('questionForm', () => {
  it('reads what kind of sentence a question asks for', () => {
    expect(questionForm('May I sublet a room?')).toBe('permission');
    expect(questionForm('Am I allowed to keep a cat?')).toBe('permission');
    expect(questionForm('Does the policy let me work from home?')).toBe('permission');
    expect(questionForm('Do I have to give notice?')).toBe('obligation');
    expect(questionForm('Must we report it?')).toBe('obligation');
    expect(questionForm('What happens if I pay late?')).toBe('consequence');
    expect(questionForm('When is the deposit returned?')).toBe('time');
    expect(questionForm('What does "sublet" mean?')).toBe('definition');
    expect(questionForm('Which colour is the door?')).toBe('open');
  });

  it('reads `when` as a time only when a question follows it, not a condition', () => {
    expect(questionForm('When does the lease end?')).toBe('time');
    expect(questionForm('When I move out, do I have to repaint the walls?')).toBe('obligation');
    expect(questionForm('Lease: when I sublet, can I keep the deposit?')).toBe('permission');
  });

  it('looks past a topic label and is safe on any input', () => {
    expect(questionForm('Pets: can I keep a dog?')).toBe('permission');
    expect(questionForm('When: the label is not the question?')).toBe('open');
    expect(questionForm('')).toBe('open');
    expect(questionForm('\u0000\ud800 [[[[ __proto__')).toBe('open');
  });
});

describe('sentenceCues', () => {
  it('tells permissions, obligations, conditions, times and definitions apart', () => {
    expect(sentenceCues('You may copy the manual.')).toMatchObject({ normative: true, addressed: true });
    expect(sentenceCues('The tenant must not smoke indoors.')).toMatchObject({
      normative: true,
      addressed: false,
    });
    expect(sentenceCues('If rent is late, a fee applies.')).toMatchObject({
      conditional: true,
      normative: false,
    });
    expect(sentenceCues('Refunds follow within 30 days.')).toMatchObject({ temporal: true });
    expect(sentenceCues('"Sublet" means letting a room.')).toMatchObject({ definition: true });
    expect(sentenceCues('A contributor’s “essential claims” are all claims it owns.')).toMatchObject({
      definition: true,
    });
  });

  it('tells a sentence that obliges or forbids from one that only permits', () => {
    expect(sentenceCues('You may keep a cat.')).toMatchObject({ normative: true, binding: false });
    expect(sentenceCues('You must keep the cat indoors.')).toMatchObject({ binding: true });
    expect(sentenceCues('You may not keep a dog.')).toMatchObject({ binding: true });
    expect(sentenceCues('Tenants shall pay on the first day.')).toMatchObject({ binding: true });
    expect(sentenceCues('You need not repaint the walls.')).toMatchObject({ binding: true });
  });

  it('spots a statement of aims, but not a restriction written with the same words', () => {
    expect(sentenceCues('This policy is designed to keep the garden quiet.').purpose).toBe(true);
    expect(sentenceCues('Our rules are intended for the comfort of all tenants.').purpose).toBe(true);
    expect(sentenceCues('We ask for a deposit in order to cover repairs.').purpose).toBe(true);
    expect(sentenceCues('The flat is not designed or intended for use as a shop.').purpose).toBe(false);
    expect(sentenceCues('In order to sublet, you must ask the landlord.').purpose).toBe(false);
    expect(sentenceCues('The tenant may keep a cat.').purpose).toBe(false);
  });

  it('spots titles, list lead-ins and examples', () => {
    expect(sentenceCues('Termination of Rights').heading).toBe(true);
    expect(sentenceCues('SIL OPEN FONT LICENSE').heading).toBe(true);
    expect(sentenceCues('Offering the Program as a Service.').heading).toBe(true);
    expect(sentenceCues('The tenant keeps the keys.').heading).toBe(false);
    expect(sentenceCues('The tenant is responsible for the keys.').heading).toBe(false);
    expect(sentenceCues('If you share it, you must:').leadIn).toBe(true);
    expect(sentenceCues('If you share it, you must:').proviso).toBe(false);
    expect(sentenceCues('You may use it as long as the notice stays.').proviso).toBe(true);
    // A proviso that only points at the list is no condition of its own.
    expect(sentenceCues('You may share it provided that you also do one of the following:').proviso).toBe(
      false,
    );
    expect(sentenceCues('Use is permitted provided that the following conditions are met:').proviso).toBe(
      false,
    );
    expect(
      sentenceCues(
        'You may share it provided that you mark it, and provided that you do one of the following:',
      ).proviso,
    ).toBe(true);
    expect(sentenceCues('For example, a blog post counts.').example).toBe(true);
  });
});

describe('cueWeight', () => {
  const plain = sentenceCues('The sky is blue today, as it was yesterday and the day before.');
  it('favours the kind of sentence the question asks for and discounts titles and definitions', () => {
    const permits = sentenceCues('You may copy the manual for your own use at home.');
    expect(cueWeight('permission', permits)).toBeGreaterThan(cueWeight('permission', plain));
    expect(cueWeight('open', permits)).toBe(cueWeight('open', plain));
    const defines = sentenceCues('"Manual" means the printed guide and any copy of it.');
    expect(cueWeight('permission', defines)).toBeLessThan(1);
    expect(cueWeight('definition', defines)).toBeGreaterThan(1);
    expect(cueWeight('open', sentenceCues('Termination of Rights'))).toBeLessThan(0.2);
    expect(cueWeight('time', sentenceCues('Payment is due within 14 days.'))).toBeGreaterThan(1);
    expect(cueWeight('consequence', sentenceCues('If you pay late, the lease ends.'))).toBeGreaterThan(1);
  });

  it('answers `must I` with what obliges or forbids before what only permits', () => {
    const permits = sentenceCues('You may repaint the walls in any colour.');
    const obliges = sentenceCues('You must repaint the walls white when you leave.');
    expect(cueWeight('obligation', obliges)).toBeGreaterThan(cueWeight('obligation', permits));
    expect(cueWeight('obligation', permits)).toBeGreaterThan(cueWeight('obligation', plain));
    expect(cueWeight('permission', permits)).toBe(cueWeight('permission', obliges));
  });

  it('discounts a statement of aims for every question but an open one', () => {
    const aim = sentenceCues('These rules are designed to make sure that you can enjoy the garden.');
    const rule = sentenceCues('You can use the garden until ten in the evening.');
    expect(cueWeight('permission', aim)).toBeLessThan(cueWeight('permission', rule));
    expect(cueWeight('open', aim)).toBe(cueWeight('open', rule));
  });
});
