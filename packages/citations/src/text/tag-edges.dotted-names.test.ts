import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';

const verify = (text: string, quote: string) => verifyAnswer(`It says "${quote}" [1].`, [passage(text)]);
const row = (text: string, quote: string): boolean =>
  resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]).accepted.length === 1;

// A full stop before a capitalised word reads as a sentence's end that lost its space only after a lower-case word
// with no other dot in it (`to date.Stats`); namespaces, version labels and abbreviations stay one word.
describe('tagEdges: a dotted name before a capital', () => {
  it.each([
    ['The package is named System.Net for all uses.', 'Net for all uses'],
    ['The package is named System.Net for all uses.', 'The package is named System'],
    ['Version 2.Final was the last release.', 'Final was the last release'],
    ['The build Version 2.Final was the last release.', 'The build Version 2'],
    ['Call IO.File to read the data.', 'File to read the data'],
    ['Use System.Net.Http for all calls.', 'Http for all calls'],
    ['Use System.Net.Http for all calls.', 'Net.Http for all calls'],
    ['Use System.Net.Http for all calls.', 'Use System.Net'],
    ['Visit the site a.b.Com for all news.', 'Com for all news'],
    ['Install the module jsdom.Util.Next first.', 'install the module jsdom'],
    ['In 1940 the U.S.Army was small.', 'Army was small'],
    ['Use a filter, e.g.The one in the box.', 'The one in the box'],
    ['We flew out of Paris.Then we drove home.', 'Then we drove home'],
  ])('refuses a quotation cut out of %j: %j', (text, quote) => {
    const result = verify(text, quote);
    expect(result.status).toBe('rejected');
    expect(result.rejected.map((rejection) => rejection.code)).toEqual(['quote_not_found']);
    expect(row(text, quote)).toBe(false);
  });

  it.each([
    ['The package is named System.Net for all uses.', 'named System.Net for all uses'],
    ['Version 2.Final was the last release.', 'Version 2.Final was the last release'],
    ['In 1940 the U.S.Army was small.', 'the U.S.Army was small'],
    // A sentence's end that lost its space, as scraped pages write it.
    ['It led them to their latest Super Bowl victory to date.Stats show more.', 'Stats show more'],
    ['It led them to their latest Super Bowl victory to date.Stats show more.', 'victory to date'],
    ['The river rose all week.Residents left the valley.', 'Residents left the valley'],
    ['The river rose all week.Residents left the valley.', 'The river rose all week'],
  ])('accepts a quotation of whole words from %j: %j', (text, quote) => {
    expect(verify(text, quote).status).toBe('answered');
    expect(row(text, quote)).toBe(true);
  });
});
