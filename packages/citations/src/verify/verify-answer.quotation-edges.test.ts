import { describe, expect, it } from 'vitest';
import type { Passage } from '../types.js';
import { verifyAnswer } from './verify-answer.js';

const source = (text: string): Passage => ({
  documentId: 'doc',
  chunkId: 'doc#0',
  start: 0,
  end: text.length,
  text,
});

/** The rejection codes of `It says "<quote>" [1].` over one passage holding `passage`. */
const codes = (passage: string, quote: string): string[] =>
  verifyAnswer(`It says "${quote}" [1].`, [source(passage)]).rejected.map((r) => r.code);

/** The text a quotation's citation was narrowed to, when the claim is accepted. */
const cited = (passage: string, quote: string): string | undefined =>
  verifyAnswer(`It says "${quote}" [1].`, [source(passage)]).claims[0]?.citations[0]?.text;

describe('verifyAnswer quotation edges', () => {
  // A quotation's words are compared whole, and so are its edges: a sign, a currency or a percent at its edge is part
  // of what it quotes, and a word or number the passage glues to another (`non-toxic`, `1,500`, `0.5`) cannot be cut
  // out of it.
  it.each([
    ['Temperatures fell to 40 degrees at night.', '-40 degrees at night'],
    ['Temperatures fell to 40 degrees at night.', '\u221240 degrees at night'],
    ['Temperatures fell to 40 degrees at night.', '+40 degrees at night'],
    ['Prices rose by 20 points in May.', 'prices rose by 20%'],
    ['Prices rose by 20 points in May.', 'Prices rose by 20 %'],
    ['Prices rose by 20 points in May.', 'Prices rose by 20\u2030'],
    ['Prices rose by 20 points in May.', '$20 points in May'],
    ['Prices rose by 20 points in May.', '\u20ac 20 points in May'],
    ['The water reached 40 at noon.', 'The water reached 40\u00b0'],
    ['The syrup is non-toxic to children.', 'toxic to children'],
    ['The syrup is non\u2010toxic to children.', 'toxic to children'],
    ['The syrup is non\u200b-\u200dtoxic to children.', 'toxic to children'],
    ['Temperatures fell to 40 degrees at night.', '-\u200b40 degrees at night'],
    ['The fire killed 1,500 people in the city.', '500 people in the city'],
    ['The fire killed 1.500 people in the city.', '500 people in the city'],
    ['The dose was 0.5 milligrams a day.', '5 milligrams a day'],
    ['The dose was .5 milligrams a day.', '5 milligrams a day'],
    ['The index rose 2019-2020 across the sector.', '2020 across the sector'],
    ['It ran from 10\u201315 years in most cases.', '15 years in most cases'],
    ['The meeting started at 10:30 sharp in the main hall.', '30 sharp in the main hall'],
    ['Add 3/4 cup of sugar to the mix.', '4 cup of sugar'],
    ['Support for C++ compilers was added.', 'Support for C compilers'],
    ['There were 10\u2076 cells per millilitre.', '106 cells per millilitre'],
    ['It holds 2\u00b3 cubic metres of water.', '23 cubic metres of water'],
    // A superscript letter after a digit is an exponent too: `2ⁿ` is not `2n`, `10ᵏ` not `10k`.
    ['The search space grows as 2\u207f with the items.', 'grows as 2n with the items'],
    ['The error falls as 10\u1d4f per step here.', 'falls as 10k per step'],
    ['The cost is 2\u207f\u1d4f in the worst case.', 'The cost is 2nk in the worst case'],
    ['The fire killed 1\u202f500 people in the city.', '500 people in the city'],
    ['The fire killed 1\u2009500 people in the city.', '500 people in the city'],
    ['The fire killed 1\u00a0500 people in the city.', '500 people in the city'],
    ["The fire killed 1'500 people in the city.", '500 people in the city'],
    ['The fire killed 1\u2019500 people in the city.', '500 people in the city'],
    [
      'The fire killed \u0661\u066c\u0665\u0660\u0660 people in the city.',
      '\u0665\u0660\u0660 people in the city',
    ],
    ['The dose was 0\u00b75 milligrams a day.', '5 milligrams a day'],
    ['The dose was \u0660\u066b\u0665 milligrams a day.', '\u0665 milligrams a day'],
    ['The syrup is non-\ntoxic to children and pets.', 'toxic to children and pets'],
    ['The syrup is non-\r\n  toxic to children and pets.', 'toxic to children and pets'],
    ['The syrup is non\u2013toxic to children and pets.', 'toxic to children and pets'],
    // An en dash between words glues them too, at the price of refusing a quotation that starts after one.
    ['The route Paris\u2013London opened in May.', 'London opened in May'],
    // A slash with no space around it joins too (`and/or`, `mg/kg`: tag-edges.words.test.ts).
    ['Tenants and/or guests must register at the desk.', 'or guests must register'],
    ['It was written in C# and tested for years.', 'It was written in C'],
    ['Temperatures fell to -40 degrees at night.', '40 degrees at night'],
    ['It costs $20 a month for each user.', '20 a month for each user'],
    ['Prices rose by 20% in May.', 'Prices rose by 20'],
    // Look-alike signs read as the sign: dashes, minus and hyphens in every form, and other math signs.
    ...[
      ...'\u207b\u208b\u02d7\u2796\ufe58\ufe63\uff0d\u00af\u2012\u02c2\u02d6\u223c\u2a7d\u2266\u2213\u221a',
    ].map((sign) => ['Temperatures fell to 40 degrees at night.', `${sign}40 degrees at night`]),
    ...[...'\u066a\u2052\ufe6a\uff05\u0609\u060a\u02da\u2e30\u2218\u25e6\u207a'].map((sign) => [
      'Prices rose by 20 points in May.',
      `prices rose by 20${sign}`,
    ]),
    ['Prices rose by 20 points in May.', 'Prices rose by 20 \u066a'],
    // Passages that glue in other ways: a soft hyphen at a line break, digits grouped by a figure, punctuation or
    // hair space, a fraction slash, a ratio colon, a small or full-width hyphen, a range written with an arrow.
    ['The study found the drug in\u00ad\neffective against the virus.', 'effective against the virus'],
    ['The study found the drug in\u00ad\neffective against the virus.', 'in effective against the virus'],
    ['The report counted 1\u2007500 people at the rally.', '500 people at the rally'],
    ['The report counted 1\u2008500 people at the rally.', '500 people at the rally'],
    ['The report counted 1\u200a500 people at the rally.', '500 people at the rally'],
    ['Add 3\u20444 cup of sugar to the mix.', '4 cup of sugar to the mix'],
    ['The meeting started at 10\u223630 sharp in the main hall.', '30 sharp in the main hall'],
    ['The syrup is non\ufe63toxic to children.', 'toxic to children'],
    ['The syrup is non\uff0dtoxic to children.', 'toxic to children'],
    ['Prices rose from 30\u219240 in May overall.', '40 in May overall'],
  ])('rejects a quotation whose edge the passage does not have: %j quoted as %j', (passage, quote) => {
    expect(codes(passage, quote)).toEqual(['quote_not_found']);
  });

  it.each([
    ['Temperatures fell to -40 degrees at night.', '-40 degrees at night', '-40 degrees at night'],
    ['Temperatures fell to \u221240 degrees at night.', '-40 degrees at night', '\u221240 degrees at night'],
    ['Temperatures fell to \u201340 degrees at night.', '-40 degrees at night', '\u201340 degrees at night'],
    ['Prices rose by 20% in May.', 'prices rose by 20%', 'Prices rose by 20%'],
    ['Prices rose by 20 % in May.', 'Prices rose by 20%', 'Prices rose by 20 %'],
    ['Prices rose by 20% in May.', 'Prices rose by 20 %', 'Prices rose by 20%'],
    ['It costs $20 a month for each user.', '$20 a month for each user', '$20 a month for each user'],
    ['It costs US$20 a month for each user.', '$20 a month for each user', '$20 a month for each user'],
    ['The syrup is non-toxic to children.', 'non-toxic to children', 'non-toxic to children'],
    ['The fire killed 1,500 people in the city.', '1,500 people in the city', '1,500 people in the city'],
    // Edges that are no sign and no glue: possessives, elisions, em dashes, brackets, sentence punctuation.
    [
      "Under the new plan the company's revenue fell.",
      'under the new plan the company',
      'Under the new plan the company',
    ],
    ["The company's revenue fell sharply.", 's revenue fell sharply', 's revenue fell sharply'],
    ["L'homme est n\u00e9 libre.", 'homme est n\u00e9 libre', 'homme est n\u00e9 libre'],
    ['The annual budget\u2014which was cut\u2014remains low.', 'The annual budget', 'The annual budget'],
    ['The annual budget\u2014which was cut\u2014remains low.', 'which was cut', 'which was cut'],
    ['Use it (as shown in the figure) for 20 days.', 'as shown in the figure', 'as shown in the figure'],
    ['The council said the budget was cut.', 'the budget was cut.', 'the budget was cut'],
    ['He wrote "cut the budget" twice.', 'cut the budget', 'cut the budget'],
    [
      '委员会认为削减今年的教育预算是完全必要的措施。',
      '削减今年的教育预算是完全必要的措施',
      '削减今年的教育预算是完全必要的措施',
    ],
    ['The water reached 40\u00b0C at noon.', 'reached 40\u00b0C', 'reached 40\u00b0C'],
    // An ellipsis before a number marks an elision; one point is a decimal point.
    ['Temperatures fell to 40 degrees at night.', '...40 degrees at night', '40 degrees at night'],
    ['Temperatures fell to 40 degrees at night.', '\u202640 degrees at night', '40 degrees at night'],
    // A sign belongs to the number it stands beside, not to the word before it.
    [
      "Over the past 3 years, we've saved $1 billion.",
      "the past 3 years, we've saved",
      "the past 3 years, we've saved",
    ],
    ['Rates fell by 20 $ a year for most.', 'Rates fell by 20 $', 'Rates fell by 20 $'],
    [
      'They invested heavily in 2021 $4.5 billion in total.',
      'They invested heavily in 2021',
      'They invested heavily in 2021',
    ],
    ['They sold the top 10 $100 gifts in May.', 'They sold the top 10', 'They sold the top 10'],
    // Dash variants between numbers are one dash, as elsewhere.
    [
      'During the 2019\u20132020 season it rained.',
      'during the 2019\u20142020 season',
      'During the 2019\u20132020 season',
    ],
    [
      'During the 2019-2020 season it rained.',
      'during the 2019\u22122020 season',
      'During the 2019-2020 season',
    ],
    ['Call the desk on 555\u20120100 today.', 'Call the desk on 555-0100', 'Call the desk on 555\u20120100'],
    [
      'There were 10\u2076 cells per millilitre.',
      '10\u2076 cells per millilitre',
      '10\u2076 cells per millilitre',
    ],
    [
      'The search space grows as 2\u207f with the items.',
      'grows as 2\u207f with the items',
      'grows as 2\u207f with the items',
    ],
    // Elsewhere a superscript letter reads as its letter (`kʰ`), and so do the ordinal indicators (`1º`).
    [
      'The stop k\u02b0 is aspirated in English.',
      'The stop kh is aspirated',
      'The stop k\u02b0 is aspirated',
    ],
    [
      'Llegó en 1\u00ba lugar en la carrera.',
      'Llegó en 1o lugar en la carrera',
      'Llegó en 1\u00ba lugar en la carrera',
    ],
    // A hyphen broken across lines in the passage is quoted as the hyphen it was.
    ['The syrup is non-\ntoxic to children and pets.', 'non-toxic to children', 'non-\ntoxic to children'],
    // Elsewhere a superscript or subscript digit reads as the digit.
    [
      'CO\u2082 emissions rose sharply last year.',
      'CO2 emissions rose sharply',
      'CO\u2082 emissions rose sharply',
    ],
    ['H2O is water in every form.', 'H\u2082O is water in every form', 'H2O is water in every form'],
    [
      'Adults with a BMI of 30 kg/m\u00b2 or more.',
      'a BMI of 30 kg/m2 or more',
      'a BMI of 30 kg/m\u00b2 or more',
    ],
    ['It was written in C# and tested for years.', 'written in C# and tested', 'written in C# and tested'],
    // A look-alike sign is the sign, in the passage and in the quotation.
    ['Temperatures fell to \u207b40 degrees at night.', '-40 degrees at night', '\u207b40 degrees at night'],
    ['Temperatures fell to -40 degrees at night.', '\u02d740 degrees at night', '-40 degrees at night'],
    ['Prices rose by 20\u066a in May.', 'prices rose by 20%', 'Prices rose by 20\u066a'],
    ['Prices rose by 20% in May.', 'prices rose by 20\uff05', 'Prices rose by 20%'],
    ['The water reached 40\u02da at noon.', 'water reached 40\u00b0', 'water reached 40\u02da'],
    ['Add 3\u20444 cup of sugar to the mix.', '3/4 cup of sugar', '3\u20444 cup of sugar'],
    ['The table | 40 degrees | 50 | shows it.', '40 degrees | 50', '40 degrees | 50'],
    // A soft hyphen at a line break joins the halves of one word; a figure space groups digits.
    [
      'The study found the drug in\u00ad\neffective against the virus.',
      'ineffective against the virus',
      'in\u00ad\neffective against the virus',
    ],
    [
      'The report counted 1\u2007500 people at the rally.',
      '1\u2007500 people at the rally',
      '1\u2007500 people at the rally',
    ],
    [
      'The report counted 1\u2007500 people at the rally.',
      'counted 1\u2009500 people',
      'counted 1\u2007500 people',
    ],
  ])('accepts a quotation whose edges the passage has: %j quoted as %j', (passage, quote, text) => {
    expect(codes(passage, quote)).toEqual([]);
    expect(cited(passage, quote)).toBe(text);
  });

  it('checks a short quotation in Chinese, Japanese or Korean: each such character counts twice towards the minimum', () => {
    const report = '据国家统计局统计，全年国内生产总值增长了15%。1,500人在火灾中遇难。';
    expect(codes(report, '国内生产总值增长了5%')).toEqual(['quote_not_found']);
    expect(codes(report, '500人在火灾中遇难')).toEqual(['quote_not_found']);
    expect(codes(report, '国内生产总值增长了15%')).toEqual([]);
    expect(codes('東京都の人口は約1,400万人になりました。', '400万人になりました')).toEqual([
      'quote_not_found',
    ]);
    expect(codes('서울의 인구는 1,000만 명이다.', '000만 명이다')).toEqual(['quote_not_found']);
    // Eight characters of Latin script stay too short to be checked, as before, unless they hold a digit.
    expect(codes(report, 'GDP fell')).toEqual([]);
    expect(codes(report, 'GDP 5%')).toEqual(['quote_not_found']);
  });

  it('finds a later occurrence whose edges match when the first one is glued or signed', () => {
    const passage =
      'Readings of -40 degrees at night and 1,500 people left, then 40 degrees at night and 500 people left.';
    expect(cited(passage, '40 degrees at night')).toBe('40 degrees at night');
    expect(cited(passage, '500 people left')).toBe('500 people left');
    const answer = 'It says "40 degrees at night" [1].';
    const [claim] = verifyAnswer(answer, [source(passage)]).claims;
    expect(claim?.citations[0]).toMatchObject({
      start: passage.indexOf('40 degrees at night and 500'),
      text: '40 degrees at night',
    });
  });

  // A symbol or a dash a quotation writes before its first word or after its last is compared too, across spaces and
  // punctuation: it is not dropped to find the words (`"Compliance status ✓"` in `Compliance status ✗` once cited
  // `Compliance status`).
  it.each([
    ['Compliance status \u2717', 'Compliance status \u2713'],
    ['Compliance status: \u2717.', 'Compliance status: \u2713'],
    ['\u2717 Compliance status reviewed', '\u2713 Compliance status reviewed'],
    ['The hotel was rated \u2605 by guests.', 'The hotel was rated \u2605\u2605\u2605\u2605\u2605'],
    ['The hotel was rated \u2605\u2605\u2605\u2605\u2605 by guests.', 'The hotel was rated \u2605'],
    ['Customer satisfaction \u{1f44e}', 'Customer satisfaction \u{1f44d}'],
    ['Trend for revenue \u2193 in 2023', 'Trend for revenue \u2191'],
    ['Test result for sample A: \u2212', 'Test result for sample A: +'],
    ['Test result for sample A (\u2212)', 'Test result for sample A (+)'],
    ['The safety inspection: passed \u274c (see notes).', 'The safety inspection: passed \u2705'],
    ['Compliance status reviewed', 'Compliance status reviewed \u2713'],
    ['The results were clear, the drug worked.', 'the results were clear \u2014'],
    // An emoji's variation selector is nothing, a mark after a sign is part of it, and a run may not go on glued.
    ['\u2716\ufe0f Fire exits checked', '\u2714\ufe0f Fire exits checked'],
    [
      'The hotel was rated \u2b50\ufe0f by guests.',
      'The hotel was rated \u2b50\ufe0f\u2b50\ufe0f\u2b50\ufe0f',
    ],
    [
      'The hotel was rated \u2b50\ufe0f\u2b50\ufe0f\u2b50\ufe0f by guests.',
      'The hotel was rated \u2b50\ufe0f',
    ],
    ['Fire exits checked \u2714\ufe0f \u2716\ufe0f', 'Fire exits checked \u2714\ufe0f \u2714\ufe0f'],
    ['Compliance status passed \u2713\u0338', 'Compliance status passed \u2713'],
    ['Smoking area allowed \u{1f6ac}\u20e0', 'Smoking area allowed \u{1f6ac}'],
  ])('refuses a quotation whose signs beside its words differ: %s / "%s"', (passage, quote) => {
    expect(codes(passage, quote)).toEqual(['quote_not_found']);
  });

  // [passage, quotation, the text it cites]
  it.each([
    ['Compliance status \u2713.', 'Compliance status \u2713', 'Compliance status \u2713'],
    [
      'Note: \u2713 Compliance status reviewed',
      '\u2713 Compliance status reviewed',
      '\u2713 Compliance status reviewed',
    ],
    ['| Fire exits | \u2713 |', 'Fire exits \u2713', 'Fire exits | \u2713'],
    ['**Fire exits**: \u2713', 'Fire exits \u2713', 'Fire exits**: \u2713'],
    [
      'Test result for sample A: \u2212 (negative)',
      'Test result for sample A: -',
      'Test result for sample A: \u2212',
    ],
    [
      'the results were clear \u2014 the drug worked',
      'the results were clear \u2014',
      'the results were clear \u2014',
    ],
    // Only the signs beside the words on their own line count: not a next item's bullet, a next cell, a later dash.
    [
      'Audit:\n- Fire exits checked \u2713\n- Sprinklers \u2717',
      'Fire exits checked \u2713',
      'Fire exits checked \u2713',
    ],
    [
      'Audit:\n- \u2713 Fire exits checked\n- \u2717 Sprinklers',
      '\u2713 Fire exits checked',
      '\u2713 Fire exits checked',
    ],
    ['| Fire exits checked | \u2713 | \u2717 |', 'Fire exits checked \u2713', 'Fire exits checked | \u2713'],
    [
      'The hotel was rated 4\u2605 \u2014 the best in town.',
      'The hotel was rated 4\u2605',
      'The hotel was rated 4\u2605',
    ],
    [
      'Compliance status ........................ \u2713',
      'Compliance status \u2713',
      'Compliance status ........................ \u2713',
    ],
    [
      'The hotel was rated \u2b50\ufe0f\u2b50\ufe0f by guests.',
      'The hotel was rated \u2b50\u2b50',
      'The hotel was rated \u2b50\ufe0f\u2b50\ufe0f',
    ],
    // Punctuation is no sign, and a quotation without signs asks nothing of what stands beside its words.
    ['the results were clear; the drug worked', 'the results were clear!', 'the results were clear'],
    ['Compliance status \u2717', 'Compliance status', 'Compliance status'],
  ])(
    'finds a quotation with the signs the passage writes beside its words: %j / "%s"',
    (passage, quote, text) => {
      expect(cited(passage, quote)).toBe(text);
    },
  );

  it('passes over a first occurrence with other signs for a later one with the same', () => {
    const passage =
      'Fire exits \u2717 in May. Compliance status \u2717, then Compliance status \u2713 in June.';
    const answer = 'It says "Compliance status \u2713" [1].';
    expect(verifyAnswer(answer, [source(passage)]).claims[0]?.citations[0]).toMatchObject({
      start: passage.indexOf('Compliance status \u2713'),
      text: 'Compliance status \u2713',
    });
  });

  it('refuses every quotation whose signs differ at each of many occurrences, reading each at most a few times', () => {
    const passage = 'Compliance status \u2717 in region. '.repeat(3000);
    const answer = Array.from(
      { length: 300 },
      (_, i) => `It says "Compliance status \u2713" about site ${i} [1].`,
    );
    const verification = verifyAnswer(answer.join(' '), [source(passage)]);
    expect(verification.claims).toHaveLength(0);
    expect(new Set(verification.rejected.map((r) => r.code))).toEqual(new Set(['quote_not_found']));
  });

  it('checks the edges of many quotations over one long passage in time that stays linear', () => {
    // Every occurrence of the words is glued (`non-toxic`), so no quotation is found; the look-ups share one index.
    const passage = 'The syrup is non-toxic to children. '.repeat(4000);
    const answer = Array.from({ length: 400 }, () => 'It says "toxic to children" [1].').join(' ');
    const verification = verifyAnswer(answer, [source(passage)]);
    expect(verification.rejected).toHaveLength(1);
    expect(verification.rejected[0]?.code).toBe('quote_not_found');
    expect(verification.duplicatesMerged).toBe(399);
  });
});
