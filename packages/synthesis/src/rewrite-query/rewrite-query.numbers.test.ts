import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../__fixtures__/mock-models.js';
import { QueryRewriteError, type QueryRewriteErrorCode } from './query-rewrite-error.js';
import { rewriteQuery } from './rewrite-query.js';

async function codeOf(query: string, output: string): Promise<QueryRewriteErrorCode | string> {
  try {
    return await rewriteQuery({ model: scriptedModel(output), query });
  } catch (error) {
    expect(error).toEqual(expect.any(QueryRewriteError));
    expect((error as Error).message).not.toMatch(/GDPR|forgotten|mortgage/i);
    return (error as QueryRewriteError).code;
  }
}

// A twenty-first review found a number's digit runs checked one by one: a cut or reordered number passed, and an
// honest regrouping (`€1,000,000` as `€1000000`) was refused.
describe('rewriteQuery compares whole numbers, not runs of digits', () => {
  it.each([
    ['GDPR fines over \u20ac1,000,000', 'GDPR fines over \u20ac1,000'],
    ['GDPR fine 2,000,000', 'GDPR fine 2,000'],
    ['mortgage rate 2.5 percent', 'mortgage rate 5.2 percent'],
    ['Node.js 18.20.4 crash', 'Node.js 4.18.20 crash'],
    ['blocked 10.0.0.1', 'blocked 1.0.0.10'],
    ['fines over 2.5 million', 'fines over 2 5 million'],
    ['fines over 2.5 million', 'fines over 25 million'],
    ['version 1.100.0 changelog', 'version 1100.0 changelog'],
    ['price 1.5 euro', 'price 1,5 euro'],
    ['fine of 1\u202f000\u202f000 euro', 'fine of 1\u202f000 euro'],
    ['iOS 17 bug', 'iOS 17.0 bug'],
    ['iPhone 15 battery', 'iPhone 1 5 battery'],
    ['Section 2 and 19', 'Section 219'],
  ])('refuses %j rewritten as %j with dropped_term', async (query, output) => {
    expect([output, await codeOf(query, output)]).toEqual([output, 'dropped_term']);
  });

  it.each([
    ['fine of \u20ac1,000,000', 'fine of \u20ac1000000'],
    ['fine of \u20ac1000000', 'fine of \u20ac1,000,000'],
    ['Strafe 1.000.000 Euro', 'Strafe 1000000 Euro'],
    ['Strafe 1.000.000 Euro', 'Strafe 1,000,000 Euro'],
    ['amende 1\u202f000\u202f000 euros', 'amende 1000000 euros'],
    ['amende 1\u2009000 euros', 'amende 1 000 euros'.replace(' 000', '\u00a0000')],
    ["Busse 1'000'000 CHF", 'Busse 1000000 CHF'],
    ['revenue 1,234.56 dollars', 'revenue 1234.56 dollars'],
    ['Umsatz 1.234,56 Euro', 'Umsatz 1234,56 Euro'],
    ['mortgage rate 2.5 percent', 'mortgage rate 2.5 percent'],
    ['Node.js 18.20.4 crash', 'Node.js 18.20.4 crash'],
    ['blocked 10.0.0.1', '10.0.0.1 blocked'],
    ['GDPR in force 2019-05-25', 'GDPR 2019-05-25'],
    ['call +1 555-123-4567', '+1 555-123-4567 call'],
    ['GDPR fines 2019.', 'GDPR fines 2019'],
    ['sizes 10, 12 and 14', 'sizes 10 12 14'],
    ['height 5\'10" actors', 'actors 5 10 height'],
    // A number said twice may be written once.
    ['GDPR fines 2019? The biggest GDPR fines in 2019', 'biggest GDPR fines 2019'],
  ])('accepts %j rewritten as %j', async (query, output) => {
    expect([query, await codeOf(query, output)]).toEqual([query, output]);
  });
});

// The same review found a quoted phrase kept as words but no longer quoted, which searches for something else.
describe('rewriteQuery keeps the query\u2019s quoted phrases quoted', () => {
  it.each([
    ['the "right to be forgotten" GDPR', 'right to be forgotten GDPR'],
    ['the "right to be forgotten" GDPR', '"right to be" forgotten GDPR'],
    ['the "right to be forgotten" GDPR', '"the right to be forgotten" GDPR'],
    ['the \u201cright to be forgotten\u201d GDPR', 'GDPR right to be forgotten'],
  ])('refuses %j rewritten as %j with dropped_term', async (query, output) => {
    expect([output, await codeOf(query, output)]).toEqual([output, 'dropped_term']);
  });

  it.each([
    ['the "right to be forgotten" GDPR', '"right to be forgotten" GDPR'],
    ['the "right to be forgotten" GDPR', 'GDPR \u201cRight to be Forgotten\u201d'],
    ['the \u00abright to be forgotten\u00bb GDPR', 'GDPR "right to be forgotten"'],
    ['the "right to be forgotten" GDPR', 'GDPR \u300cright to be forgotten\u300d erasure'],
    ['the " right to be forgotten " GDPR', 'GDPR "right  to be forgotten"'],
  ])('accepts %j rewritten as %j', async (query, output) => {
    expect([query, await codeOf(query, output)]).toEqual([query, output]);
  });
});

// A second look found honest rewrites of lists, inch marks and spaced groups refused, and a number with one `.` before
// three digits read as grouped, so `1.500` could become `1500` and `3.141` become `3,141`.
describe('rewriteQuery reads number lists, unit marks and ambiguous groups', () => {
  it.each([
    ['pipe length 1.500 mm', 'pipe length 1500 mm'],
    ['pi 3.141 digits', 'pi 3,141 digits'],
    ['pi 3.141 digits', 'pi 3141 digits'],
    ['pipe length 1500 mm', 'pipe length 1.500 mm'],
    ['inflation 2,5 % eurozone', 'eurozone inflation 5,2 %'],
    ['inflation 2,5 % eurozone', 'eurozone inflation 25 %'],
    ['iPhone 15,16 comparison', 'iPhone 1516 comparison'],
    ['10 000 steps a day benefits', 'benefits of 10 steps a day'],
    ['the "iPhone 15" battery', 'iPhone 15 battery'],
  ])('refuses %j rewritten as %j with dropped_term', async (query, output) => {
    expect([output, await codeOf(query, output)]).toEqual([output, 'dropped_term']);
  });

  it.each([
    ['27" monitor vs 32" monitor', '27 inch vs 32 inch monitor comparison'],
    ['12" pizza vs two 8" pizzas', '12 inch pizza vs two 8 inch pizzas'],
    ['27" monitor vs "curved" 32" monitor', '"curved" 27 inch vs 32 inch monitor'],
    ['shoe sizes 8,10,12 chart', 'shoe size chart 8, 10, 12'],
    ['iPhone 15,16 comparison', 'iPhone 15 vs 16 comparison'],
    ['inflation 2,5 % eurozone', 'eurozone inflation 2,5 %'],
    ['10 000 steps a day benefits', 'benefits of 10,000 steps a day'],
    ['10 000 steps a day benefits', 'benefits of 10000 steps a day'],
    ['benefits of 10,000 steps a day', '10 000 steps a day benefits'],
    ['Windows 10 365 licence', 'Windows 10 and 365 licence'],
    ['call +1 555-123-4567', '+1 (555) 123-4567 call'],
    ['pipe length 1.500 mm', 'pipe length 1.500 mm'],
    ['pi 3,141 digits', 'pi 3141 digits'],
    ['Strafe 1.000.000 Euro', 'Strafe 1000000 Euro'],
    ['Umsatz 1.234,56 Euro', 'Umsatz 1234,56 Euro'],
    ['"don\'t stop believin\'" lyrics', '"don\u2019t stop believin\'" lyrics'],
    ['"don\u2019t stop believin\u2019" lyrics', '"don\'t stop believin\u02bc" lyrics'],
  ])('accepts %j rewritten as %j', async (query, output) => {
    expect([query, await codeOf(query, output)]).toEqual([query, output]);
  });
});

// A twenty-second review found a number grouped by plain spaces kept by its parts, which a shorter or longer grouping
// in the rewrite supplies (`1 000 000` by `1 000`), and a list kept by one of its numbers said once (`5,5` by `5`).
describe('rewriteQuery reads a number grouped by plain spaces as one number in the rewrite', () => {
  it.each([
    ['GDPR fines over \u20ac1 000 000', 'GDPR fines over \u20ac1 000'],
    ['Bu\u00dfgeld 20 000 000 Euro', 'Bu\u00dfgeld 20 000 Euro'],
    ['GDPR fines over \u20ac1 000 000', 'GDPR fines over \u20ac1 000 000 000'],
    ['GDPR fines over \u20ac1 000 000', 'GDPR fines over \u20ac1 000 and 000'],
    ['GDPR fines 5 500 500 euro', 'GDPR fines 5 500 euro'],
    // A grouping reads as one number only, so two of the query's numbers side by side are not kept (the twenty-second
    // review's expectation, restored: a reader may take `1 500` for 1500).
    ['take 1 tablet of 500 mg', 'take 1 tablet 2 500 mg'],
    ['top 10 and 100m sprinters', 'top 10 100 100m sprinters'],
    ['take 1 tablet of 500 mg', 'take 1 500 mg tablet'],
    ['top 10 and 100m sprinters', 'top 10 100m sprinters'],
    // A decimal comma kept by one of its digits said once.
    ['Zinssatz 5,5 Prozent', 'Zinssatz 5 Prozent'],
  ])('refuses %j rewritten as %j with dropped_term', async (query, output) => {
    expect([output, await codeOf(query, output)]).toEqual([output, 'dropped_term']);
  });

  it.each([
    ['GDPR fines over \u20ac1 000 000', 'GDPR fines over \u20ac1,000,000'],
    ['GDPR fines over \u20ac1 000 000', 'GDPR fines over \u20ac1 000 000'],
    ['GDPR fines over \u20ac1,000,000', 'GDPR fines over \u20ac1 000 000'],
    ['Bu\u00dfgeld 20 000 000 Euro', 'Bu\u00dfgeld 20000000 Euro'],
    ['top 10 100m sprinters', 'top 10 sprinters 100m'],
    ['top 10 100m sprinters', 'top 10 100m sprinters'],
    ['Zinssatz 5,5 Prozent', 'Zinssatz 5 5 Prozent'],
    ['Zinssatz 5,5 Prozent', 'Zinssatz 5,5 Prozent'],
  ])('accepts %j rewritten as %j', async (query, output) => {
    expect([query, await codeOf(query, output)]).toEqual([query, output]);
  });
});

// The same review found a sign, an exponent, a fraction or a percent sign dropped or folded into another number.
describe('rewriteQuery keeps a number’s sign, exponent, fraction and percent sign', () => {
  it.each([
    ['temperature -40 degrees', 'temperature 40 degrees'],
    ['temperature \u221240 degrees', 'temperature 40 degrees'],
    ['temperature \u201340 degrees', 'temperature 40 degrees'],
    ['temperature 40 degrees', 'temperature \u221240 degrees'],
    ['temperature \uff0d40 degrees', 'temperature 40 degrees'],
    ['area of 10\u00b2 m room', 'area of 102 m room'],
    ['area of 10\u00b2 m room', 'area of 10 2 m room'],
    ['decay 10\u207b\u00b3 seconds', 'decay 10 3 seconds'],
    ['binary 101\u2082 value', 'binary 1012 value'],
    ['\u00bd cup sugar grams', '2 1 cup sugar grams'],
    ['\u00bd cup sugar grams', '12 cup sugar grams'],
    ['1\u00bd cups sugar grams', '11 2 cups sugar grams'],
    ['\u00bd cup sugar grams', '1 1/2 cup sugar grams'],
    ['1\u00bd cups sugar grams', '1/2 cups sugar grams'],
    ['rent increase 5%', 'rent increase 5'],
    ['rent increase 5 %', 'rent increase 5'],
    ['rent increase 5\uff05', 'rent increase 5'],
    ['alcohol limit 0.5\u2030', 'alcohol limit 0.5'],
    ['rent increase 5', 'rent increase 5%'],
    ['rent increase 5 percent', 'rent increase 5'],
  ])('refuses %j rewritten as %j with dropped_term', async (query, output) => {
    expect([output, await codeOf(query, output)]).toEqual([output, 'dropped_term']);
  });

  it.each([
    ['temperature -40 degrees', 'temperature -40 degrees'],
    ['temperature \u221240 degrees', 'temperature \u221240 degrees'],
    ['temperature -40 degrees', 'temperature \u221240 degrees'],
    ['temperature \u201340 degrees', 'temperature \u221240 degrees'],
    ['GDPR in force 2019-05-25', 'GDPR 2019-05-25'],
    ['COVID-19 symptoms', 'COVID-19 symptoms'],
    ['area of 10\u00b2 m room', 'area of 10^2 m room'],
    ['area of 20 m\u00b2 room', 'area of 20 m2 room'],
    ['CO\u2082 emissions 2019', 'CO2 emissions 2019'],
    ['\u00bd cup sugar grams', 'grams of \u00bd cup sugar'],
    ['\u00bd cup sugar grams', '1/2 cup sugar grams'],
    ['1\u00bd cups sugar grams', '1 1/2 cups sugar grams'],
    ['rent increase 5%', 'rent increase 5 %'],
    ['rent increase 5%', 'rent increase 5 percent'],
    ['rent increase 5 per cent', 'rent increase 5%'],
    ['rent increase 5\u00a0%', 'rent increase 5%'],
    ['inflation 2,5 % eurozone', 'eurozone inflation 2,5%'],
  ])('accepts %j rewritten as %j', async (query, output) => {
    expect([query, await codeOf(query, output)]).toEqual([query, output]);
  });
});
