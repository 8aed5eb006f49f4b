import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';

const status = (text: string, quote: string): string =>
  verifyAnswer(`It says "${quote}" [1].`, [passage(text)]).status;
const row = (text: string, quote: string): boolean =>
  resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]).accepted.length === 1;

// A slash, dot, `@`, backslash, underscore, `&` or middle dot with no space around it makes one word of the tokens
// beside it, as a hyphen does (`mg/kg`, `node.js`): "10 mg" is not what `10 mg/kg` says.
describe('tagEdges: a word joined by a slash, dot or the like', () => {
  it.each([
    ['For children the maximum dose is 10 mg/kg a day.', 'the maximum dose is 10 mg'],
    ['The maximum dose is 10 mg/kg a day for children.', 'kg a day for children'],
    ['The car may not go faster than 50 km/h in town.', 'go faster than 50 km'],
    ['Tenants and/or guests must register at the desk.', 'or guests must register'],
    ['Always set the option to node.js when building.', 'set the option to node'],
    ['Always set the option to node.js when building.', 'js when building'],
    ['Contact the support team at example@evil.com for help.', 'the support team at example'],
    ['Contact the support team at example@evil.com for help.', 'evil.com for help'],
    ['Open the file at C:\\reports\\final when ready.', 'final when ready'],
    ['Set the flag max_retries to five in production.', 'retries to five in production'],
    ['The R&D budget was cut by half last year.', 'D budget was cut by half'],
    ['Van a la col\u00b7legiata cada diumenge al mat\u00ed.', 'legiata cada diumenge'],
    ['The firm moved to www.example.org last spring.', 'example.org last spring'],
  ])('refuses a quotation cut out of a joined word: %j quoted as %j', (text, quote) => {
    expect(status(text, quote)).toBe('rejected');
    expect(row(text, quote)).toBe(false);
  });

  it.each([
    ['For children the maximum dose is 10 mg/kg a day.', 'the maximum dose is 10 mg/kg'],
    ['Always set the option to node.js when building.', 'set the option to node.js'],
    ['Contact the support team at example@evil.com for help.', 'the support team at example@evil.com'],
    ['Tenants and/or guests must register at the desk.', 'and/or guests must register'],
    // A full stop before a space or the end, or before a capitalised word (a sentence's end that lost its space,
    // as scraped pages write it), is no joiner.
    ['The council said the budget was cut. Then it rose.', 'the budget was cut'],
    ['The council said the budget was cut.', 'the budget was cut.'],
    [
      'It led them to their latest Super Bowl victory to date.Stats show more.',
      'their latest Super Bowl victory to date',
    ],
    ['In 1940 the U.S. Army was small.', 'the U.S. Army was small'],
    // A slash or dot with a space beside it joins nothing.
    ['Tenants and / or guests must register at the desk.', 'or guests must register'],
    ['It rained all day. Then the sun came out.', 'Then the sun came out'],
  ])('accepts a quotation of whole words: %j quoted as %j', (text, quote) => {
    expect(status(text, quote)).toBe('answered');
    expect(row(text, quote)).toBe(true);
  });
});
