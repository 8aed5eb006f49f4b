import { resolveCitation } from '@gk/citations';
import { extractiveModel } from '@gk/synthesis';
import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  clauseKindWeight,
  licenceReader,
  licenceTextWeight,
  definitionWeight,
  licenceWording,
  titleWeight,
  readQuestion,
  withoutLicenceAskedFor,
} from './licence-reader.js';
import { createLicenceReader } from './load-licences.js';
import { createLicencePipeline } from './pipeline.js';
import { LICENCE_INTENTS } from './question-intents.js';
import { licenceIndex as index } from './__fixtures__/licence-index.js';

const LIABILITY = 'Apache 2: can I hold a contributor responsible for damage the software causes?';

describe('licenceWording and readQuestion', () => {
  it('add the licence wording of what the question asks, without the words it already uses', () => {
    expect(licenceWording('Can I make money with it?', index.names).wording).toBe(
      'commercial sell fee price charge',
    );
    expect(licenceWording('Can I sell it commercially?', index.names).wording).toBe(
      'commercial fee price charge',
    );
    expect(licenceWording('Who wrote it?', index.names)).toEqual({ wording: '', intents: [] });
  });

  it('read no cue in the name of a licence the question names', () => {
    // `Business` is a word of the licence's name, `Server` of another's: neither is what the question asks.
    expect(licenceWording('Business Source License 1.1: who wrote it?', index.names).wording).toBe('');
    expect(licenceWording('SSPL: who wrote the Server Side Public License?', index.names).wording).toBe('');
    // A second licence named makes it a question about how the two go together.
    expect(
      licenceWording('EUPL: can I put it into a GPL project?', index.names).intents.map(
        (intent) => intent.name,
      ),
    ).toEqual(['compatibility']);
  });

  it('append the wording on a line of its own after the question line, and leave a text without one alone', () => {
    const prompt = 'Sources:\n\n[1] MIT\nYou may sell copies.\n\nQuestion: Can I make money with it?';
    expect(readQuestion(prompt, index.names)).toBe(`${prompt}\n; commercial sell fee price charge`);
    expect(readQuestion('Sources:\n\n[1] MIT\nQuestion: mid-line is no label', index.names)).toBe(
      'Sources:\n\n[1] MIT\nQuestion: mid-line is no label',
    );
    expect(readQuestion('no question here', index.names)).toBe('no question here');
    expect(readQuestion('Question: Who wrote it?', index.names)).toBe('Question: Who wrote it?');
  });

  it('add the wording of the grant to a question whether something may be done that asks about no kind of clause the sources have', () => {
    expect(readQuestion('Question: Am I allowed to modify the code?', index.names)).toBe(
      'Question: Am I allowed to modify the code?\n; modified modifications derivative adapted permission',
    );
    expect(readQuestion('Question: Is it OK to copy it?', index.names)).toBe(
      'Question: Is it OK to copy it?\n; permission',
    );
    // A question about a kind of clause the sources have is answered by that kind; about a kind they lack (BSD
    // licences say nothing of selling), by the grant; a question that asks nothing may be done gets none.
    const bsd =
      'Sources:\n\n[1] BSD-2-Clause\nRedistribution and use in source and binary forms are permitted.\n\n';
    expect(readQuestion(`${bsd}Question: Can I sell it?`, index.names)).toContain('permission');
    const mit = 'Sources:\n\n[1] MIT\nPermission is hereby granted to sell copies.\n\n';
    expect(readQuestion(`${mit}Question: Can I sell it?`, index.names)).not.toContain('permission');
    expect(readQuestion('Question: Who modified the code?', index.names)).not.toContain('permission');
  });
});

describe('withoutLicenceAskedFor and licenceTextWeight', () => {
  it('drop `licence` only where the question asks for a licence', () => {
    expect(withoutLicenceAskedFor('Which licence says charities count?')).toBe('Which says charities count?');
    expect(withoutLicenceAskedFor(' What open source license forbids evil?')).toBe(
      ' What open source forbids evil?',
    );
    expect(withoutLicenceAskedFor('Is there a licence that lets me sell it?')).toBe(
      'Is there a that lets me sell it?',
    );
    expect(withoutLicenceAskedFor('Do I have to say which licence it is under?')).toBe(
      'Do I have to say which licence it is under?',
    );
    expect(withoutLicenceAskedFor('Do copies have to include the licence?')).toBe(
      'Do copies have to include the licence?',
    );
    expect(withoutLicenceAskedFor('')).toBe('');
  });

  it('weigh a sentence about the licence document a third, unless the question asks about that text', () => {
    const gnu =
      'Everyone is permitted to copy and distribute verbatim copies of this license document, but changing it is not allowed.';
    expect(licenceTextWeight(gnu, 'Can I translate the manual?')).toBeCloseTo(1 / 3);
    expect(licenceTextWeight(gnu, 'Can I change the licence text itself?')).toBe(1);
    expect(licenceTextWeight('You may translate the manual.', 'Can I translate the manual?')).toBe(1);
  });
});

describe('clauseKindWeight', () => {
  const liability = LICENCE_INTENTS.filter((intent) => intent.name === 'liability');
  it('weighs a sentence of the clause kind the intent calls for, once per kind up to two', () => {
    expect(clauseKindWeight('In no event shall the authors be liable for any claim.', liability)).toBe(3);
    expect(clauseKindWeight('You agree to indemnify each Contributor for any liability.', liability)).toBe(1);
    expect(clauseKindWeight('In no event shall the authors be liable.', [])).toBe(1);
    const three = LICENCE_INTENTS.filter((intent) =>
      ['liability', 'warranty', 'commercial'].includes(intent.name),
    );
    expect(
      clauseKindWeight('Provided as is, without warranty; in no event liable; sold for a fee.', three),
    ).toBe(9);
  });
});

describe('licenceReader', () => {
  it('answers a liability question with the limitation of liability, where the plain extractive model quotes an indemnity', async () => {
    const plain = await createLicencePipeline({ model: extractiveModel(), index }).answerQuestion(LIABILITY);
    expect(plain.claims[0]?.text).toContain('indemnify');
    const reader = createLicencePipeline({ model: licenceReader(index.names), index });
    const record = await reader.answerQuestion(LIABILITY);
    expect(record.claims[0]?.text).toContain('shall any Contributor be liable to You for damages');
    // Every claim is still a verbatim sentence of its passage, and its citation re-reads exactly.
    const read = createLicenceReader(index.documents);
    for (const citation of record.citations)
      expect((await resolveCitation(citation, read)).status).toBe('verified');
    expect(record.rejected).toEqual([]);
  });

  it('answers whether something may be done, asked about no kind of clause, with the grant', async () => {
    const reader = createLicencePipeline({ model: licenceReader(index.names), index });
    const record = await reader.answerQuestion('Under the Boost licence, may I make changes to the code?');
    expect(record.claims[0]?.text).toMatch(/^Permission is hereby granted/);
  });

  it('answers the same streamed as in one call, and the same every time', async () => {
    const reader = createLicencePipeline({ model: licenceReader(index.names), index });
    const once = await reader.answerQuestion(LIABILITY);
    const streamed: string[] = [];
    const again = await reader.answerQuestion(LIABILITY, { onClaim: (claim) => streamed.push(claim.text) });
    expect(again.text).toBe(once.text);
    expect(streamed).toEqual(once.claims.map((claim) => claim.text));
  });

  it('reads `licence` as no cue: every source is a licence, so the word tells no sentence apart', async () => {
    const prompt =
      'Sources:\n\n[1] Example Licence\nUse by charities is use for a permitted purpose. ' +
      'These terms do not let you sublicense your licenses to charities or anyone else.\n\n' +
      'Question: Which licence says charities count as noncommercial users?';
    const plain = await generateText({ model: extractiveModel(), prompt });
    expect(plain.text.split('\n')[0]).toContain('sublicense');
    const read = await generateText({ model: licenceReader(index.names), prompt });
    expect(read.text.split('\n')[0]).toBe('Use by charities is use for a permitted purpose. [1]');
  });

  it('keeps the extractive model’s limits: a positive whole number of sentences', () => {
    expect(() => licenceReader(index.names, { maxSentences: 0 })).toThrow(/Invalid maxSentences/);
    expect(licenceReader(index.names).modelId).toBe('extractive');
  });
});

describe('definitionWeight', () => {
  it('weighs a sentence that says what something is or counts as three times for a question that asks only that', () => {
    const adapted =
      'Adapted Material means material subject to Copyright and Similar Rights that is derived from it.';
    expect(definitionWeight(adapted, 'What counts as Adapted Material?')).toBe(3);
    expect(definitionWeight(adapted, 'CC BY 4.0: what does Adapted Material mean?')).toBe(3);
    const called =
      'A program that contains no derivative of any portion of the Library, but is designed to work with the Library by being compiled or linked with it, is called a "work that uses the Library".';
    expect(definitionWeight(called, 'LGPL-2.1: what is a work that uses the library?')).toBe(3);
    expect(definitionWeight(called, 'LGPL-2.1: can I link my program with it?')).toBe(1);
    const counts =
      'For purposes of this Public License, the exchange of the Licensed Material for other material by digital file-sharing or similar means is NonCommercial provided there is no payment of monetary compensation in connection with the exchange.';
    expect(definitionWeight(counts, 'CC BY-NC 4.0: does swapping it online count as commercial use?')).toBe(
      3,
    );
    expect(definitionWeight(counts, 'CC BY-NC 4.0: can I swap it online?')).toBe(1);
    // `What is required ...?` asks what to do, not only what a word means: no more than any sentence.
    expect(definitionWeight(adapted, 'What is required when I share it?')).toBe(1);
  });

  it('weighs a sentence that defines a term a third, unless the question asks what something is or counts as', () => {
    const adapted =
      'Adapted Material means material subject to Copyright and Similar Rights that is derived from it.';
    expect(definitionWeight(adapted, 'Can I post my edited version?')).toBeCloseTo(1 / 3);
    expect(
      definitionWeight('The term "External Deployment" means the use of it.', 'May I host it?'),
    ).toBeCloseTo(1 / 3);
    expect(
      definitionWeight('1.3. "Contribution" means Covered Software of a particular Contributor.', 'Can I?'),
    ).toBeCloseTo(1 / 3);
    expect(definitionWeight(adapted, 'What is adapted material?')).toBe(1);
    expect(definitionWeight(adapted, 'Is adapted material considered a copy?')).toBe(1);
    // A sentence that says `means` later, about what one may do, is no definition.
    const grant = 'You may distribute it by any means, provided that you keep this notice.';
    expect(definitionWeight(grant, 'Can I distribute it?')).toBe(1);
  });
});

describe('titleWeight', () => {
  it('weighs a title written as a sentence a third, and any sentence with a verb as it is', () => {
    // CC BY-ND 4.0, section 2(a)(4) opens with its title, then says what it allows.
    expect(titleWeight('Media and formats; technical modifications allowed.')).toBeCloseTo(1 / 3);
    expect(titleWeight('Downstream recipients.')).toBeCloseTo(1 / 3);
    expect(titleWeight('Any noncommercial purpose is a permitted purpose.')).toBe(1);
    expect(titleWeight('May you do good and not evil.')).toBe(1);
    expect(
      titleWeight(
        'The Licensor authorizes You to exercise the Licensed Rights in all media and formats whether now known or hereafter created.',
      ),
    ).toBe(1);
  });
});
