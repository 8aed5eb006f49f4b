import { describe, expect, it } from 'vitest';
import { cpuNow } from '../../../citations/src/__fixtures__/cpu-time.js';
import { scriptedModel } from '../__fixtures__/mock-models.js';
import { QueryRewriteError, type QueryRewriteErrorCode } from './query-rewrite-error.js';
import { rewriteQuery } from './rewrite-query.js';

const QUERY = 'Can my landlord keep the deposit after 30 days under the 2019 Tenant Fees Act?';

async function codeOf(query: string, output: string): Promise<QueryRewriteErrorCode | string> {
  try {
    return await rewriteQuery({ model: scriptedModel(output), query });
  } catch (error) {
    expect(error).toEqual(expect.any(QueryRewriteError));
    // The message names neither the query nor the rewrite.
    expect((error as Error).message).not.toMatch(/landlord|deposit|Tenant|evil|refund/i);
    return (error as QueryRewriteError).code;
  }
}

describe('rewriteQuery checks the rewrite against the query', () => {
  it('refuses a rewrite that drops a number, a name or a quoted phrase of the query with dropped_term', async () => {
    const cases: Array<[string, string]> = [
      // Review repro: the days and the year are gone and another act is swapped in.
      [QUERY, 'landlord deposit return Housing Act 1988'],
      [QUERY, 'landlord deposit 30 days Tenant Fees Act'],
      [QUERY, 'landlord deposit 2019 Tenant Fees Act'],
      [QUERY, 'landlord deposit 300 days 2019 Tenant Fees Act'],
      [QUERY, 'landlord deposit 30 days 2019 Tenant Act'],
      ['Is section 21 of the Housing Act still valid?', 'section 12 Housing Act validity'],
      ['What does the GDPR say about fines?', 'data protection regulation fines'],
      ['Does the iPhone 15 support eSIM?', 'iPhone 15 dual sim support'],
      ['the clause says "no pets allowed" is that fair', 'pets allowed clause fairness'],
      ['the clause \u201cno pets allowed\u201d is it fair', 'no pets clause allowed fairness'],
      ['Rent in \uff12\uff10\uff12\uff14 for Berlin flats', 'rent 2023 Berlin flats'],
    ];
    for (const [query, output] of cases) {
      expect([output, await codeOf(query, output)]).toEqual([output, 'dropped_term']);
    }
  });

  it('refuses a search operator, an address or an excluded term the query does not hold with added_operator', async () => {
    for (const output of [
      'landlord deposit 30 days 2019 Tenant Fees Act site:evil.example',
      'landlord deposit 30 days 2019 Tenant Fees Act SITE:gov.uk',
      'filetype:pdf landlord deposit 30 days 2019 Tenant Fees Act',
      'intitle:deposit landlord 30 days 2019 Tenant Fees Act',
      'inurl:tenancy landlord deposit 30 days 2019 Tenant Fees Act',
      'landlord deposit 30 days 2019 Tenant Fees Act https://evil.example/x',
      'landlord deposit 30 days 2019 Tenant Fees Act www.evil.example',
      'landlord deposit 30 days 2019 Tenant Fees Act -refund',
      'landlord deposit 30 days 2019 Tenant Fees Act -"deposit protection"',
      // An exclusion whatever opens it (a review found these accepted): a number the query keeps elsewhere turned
      // into one, other quotation marks, a parenthesis, a full-width hyphen (NFKC reads it as `-`).
      'landlord deposit 30 days 2019 Tenant Fees Act -2019',
      'landlord deposit 30 days 2019 Tenant Fees Act -\u00abdeposit protection\u00bb',
      'landlord deposit 30 days 2019 Tenant Fees Act -\u201edeposit protection\u201c',
      'landlord deposit 30 days 2019 Tenant Fees Act -(refund)',
      'landlord deposit 30 days 2019 Tenant Fees Act -\u2018refund\u2019',
      'landlord deposit 30 days 2019 Tenant Fees Act \uff0drefund',
      // Bing's operators.
      'landlord deposit 30 days 2019 Tenant Fees Act domain:evil.example',
      'landlord deposit 30 days 2019 Tenant Fees Act url:evil.example',
      'landlord deposit 30 days 2019 Tenant Fees Act contains:pdf',
      'landlord deposit 30 days 2019 Tenant Fees Act inbody:refund',
    ]) {
      expect([output, await codeOf(QUERY, output)]).toEqual([output, 'added_operator']);
    }
    // An operator the user wrote stays; OR and AND join synonyms (the query's own terms must still be there).
    const withSite = 'deposit rules site:gov.uk';
    await expect(codeOf(withSite, 'deposit rules site:gov.uk')).resolves.toBe('deposit rules site:gov.uk');
    expect(await codeOf(withSite, 'deposit rules site:evil.example')).toBe('added_operator');
    await expect(codeOf('deposit -pets', 'deposit rules -pets')).resolves.toBe('deposit rules -pets');
    // A dash between words, and a hyphen inside one, exclude nothing.
    await expect(codeOf('deposit rules', 'deposit - rules')).resolves.toBe('deposit - rules');
    await expect(codeOf('deposit rules', 'deposit rules e-mail')).resolves.toBe('deposit rules e-mail');
    await expect(codeOf('temperature -5 degrees', 'temperature -5 degrees')).resolves.toBe(
      'temperature -5 degrees',
    );
    await expect(codeOf(QUERY, 'landlord deposit OR bond 30 days 2019 Tenant Fees Act')).resolves.toContain(
      ' OR ',
    );
  });

  it('refuses Google and Bing operators the query does not hold with added_operator', async () => {
    const base = 'landlord deposit 30 days 2019 Tenant Fees Act';
    for (const added of [
      // Operators named with a colon (a review found the Bing ones, `imagesize:` and `inposttitle:` accepted).
      'hasfeed:deposit',
      'feed:deposit',
      'instreamset:(url):deposit',
      'instreamset:title:deposit',
      'imagesize:1920x1080',
      'inposttitle:deposit',
      'allinposttitle:deposit',
      'allintext:deposit',
      'allintitle:deposit',
      'allinurl:tenancy',
      'allinanchor:deposit',
      'inanchor:deposit',
      'intext:deposit',
      'related:gov.uk',
      'cache:gov.uk',
      'info:gov.uk',
      'define:deposit',
      'stocks:rent',
      'weather:london',
      'map:london',
      'movie:deposit',
      'source:bbc',
      'loc:uk',
      'location:uk',
      'ip:192.0.2.1',
      'language:en',
      'linkfromdomain:gov.uk',
      'filetype:pdf',
      'prefer:deposit',
      'NEAR:3',
      'blogurl:example.com',
      'insubject:deposit',
      'safesearch:off',
      // Google's number range, its social and hashtag operators and its proximity operator.
      '2018..2021',
      '$300..$500',
      '1.5..2.5',
      '@reddit',
      '(@reddit)',
      '#renting',
      '#2024renting',
      'AROUND(3)',
      // An exclusion glued after an opening sign, or written with two hyphens.
      '(-refund)',
      '"-refund"',
      'deposit,-refund',
      '--refund',
      '[-refund]',
    ]) {
      for (const output of [`${base} ${added}`, `${added} ${base}`]) {
        expect([output, await codeOf(QUERY, output)]).toEqual([output, 'added_operator']);
      }
    }
  });

  it('accepts those operators when the query holds them, and the hyphens, signs and addresses that are none', async () => {
    const cases: Array<[string, string]> = [
      ['deposit rules 2018..2021', 'deposit rules 2018..2021'],
      ['rent $300..$500 Berlin', 'Berlin rent $300..$500'],
      ['deposit rules @reddit', 'deposit rules @reddit'],
      ['#renting deposit rules', 'deposit rules #renting'],
      ['deposit AROUND(3) refund', 'deposit AROUND(3) refund'],
      ['deposit hasfeed:gov.uk', 'deposit rules hasfeed:gov.uk'],
      ['deposit (-refund)', 'deposit rules -refund'],
      ['deposit --refund', 'deposit rules --refund'],
      // Hyphenated words, a negative number the query holds, a dash between words.
      ['e-mail a non-compete clause', 'e-mail non-compete clause'],
      ['deposit rules', 'deposit rules e-mail non-compete'],
      ['deposit rules', 'deposit rules re-sign up-to-date'],
      ['deposit rules', 'U.S.-based (GDPR)-compliant 50%-off deposit rules'],
      ['deposit rules', 'deposit -- rules'],
      ['temperature -5 degrees', 'temperature (-5 degrees)'],
      ['temperature -5 degrees', '-5 degrees temperature'],
      ['temperature between -5 and 3', 'temperature -5 3'],
      // An e-mail address, an @ or # that starts no word, a number sign before a number, a range of one dot.
      ['deposit rules', 'deposit rules ada@example.org'],
      ['deposit rules', 'deposit rules C# F# tutorial'],
      ['deposit rules', 'deposit rules @ 5%'],
      ['deposit rules #1', 'deposit rules #1'],
      ['deposit rules', 'deposit rules #1'],
      ['deposit rules', 'deposit rules page#section'],
      ['deposit rules 2019.2021', 'deposit rules 2019.2021'],
      ['deposit rules 1...3', 'deposit rules 1...3'],
      // A word that only ends like an operator, or holds one inside.
      ['deposit rules', 'deposit rules roadmap:tenancy sitemap:x'],
      ['deposit rules', 'deposit rules around the 3 weeks'],
      // A handle or tag the query holds glued to more (a second look found these refused), a term in curly quotes,
      // and a scope that names no operator.
      ["How does @app.route('/') work in Flask?", 'Flask @app.route decorator URL routing'],
      ['@app.route decorator in Flask', 'Flask @app.route() decorator'],
      ['Upgrade @angular/core@17 to 18', 'upgrade @angular/core from version 17 to 18'],
      ["What was #MeToo's impact on Hollywood?", '#MeToo movement impact on Hollywood'],
      ['What was #MeToo\u2019s impact on Hollywood?', '#MeToo movement impact on Hollywood'],
      ['the #MeToo/#TimesUp movements', '#MeToo #TimesUp movements'],
      ['the #MeToo-era films', '#MeToo era films'],
      ['@elonmusk\u2019s tweets about Tesla', '@elonmusk tweets Tesla'],
      ['what does \u2018-ish\u2019 mean', '-ish suffix meaning'],
      ['C++ map find complexity', 'C++ std::map::find time complexity'],
      ['std::map::find complexity', 'C++ std::map::find() time complexity'],
      // A range in another currency the query holds.
      ['laptop prices ₹30000..₹50000 India', 'laptop prices India ₹30000..₹50000'],
      ['laptop prices CHF300..CHF500', 'CHF300..CHF500 laptop prices'],
    ];
    for (const [query, output] of cases) {
      expect([output, await codeOf(query, output)]).toEqual([output, output]);
    }
  });

  // A review found a range accepted when another currency than `$`, `€`, `£` or `¥` stood next to its numbers.
  it('refuses a number range in any currency the query does not hold with added_operator', async () => {
    for (const range of [
      '₹30000..₹50000',
      'US$300..US$500',
      'R$300..R$500',
      '₩300000..₩500000',
      'CHF300..CHF500',
      '300€..500€',
      '300USD..500USD',
      'USD300..500',
      '¢300..400',
    ]) {
      for (const output of [`laptop prices India ${range}`, `${range} laptop prices India`]) {
        expect([output, await codeOf('laptop prices in India', output)]).toEqual([output, 'added_operator']);
      }
    }
  });

  // A review found these refused: the query's term read on through the backtick, `>` or text after it.
  it('reads a term of the query as ending at a backtick, an angle bracket or a change into a script without spaces', async () => {
    const accepted: Array<[string, string]> = [
      ['What does `--force` do in git push?', 'git push --force option'],
      ['summarise <https://example.com/docs>', 'https://example.com/docs summary'],
      ['https://example.com/policyの返金ルールは？', 'https://example.com/policy 返金ルール'],
      ['Difference between `site:` and `inurl:` in Google', 'Google site: inurl: difference'],
      ['git push `--force`/`--no-verify` risks', 'git push --force --no-verify risks'],
      // A path or a term of that script keeps its characters.
      ['https://ja.wikipedia.org/wiki/東京', 'https://ja.wikipedia.org/wiki/東京'],
      // A domain, then words of a script without spaces, a sentence's full stop after them.
      ['site:example.comの情報を調べて', 'site:example.com 情報'],
      ['site:example.comの情報です.', 'site:example.com 情報'],
    ];
    for (const [query, output] of accepted) {
      expect([output, await codeOf(query, output)]).toEqual([output, output]);
    }
    const refused: Array<[string, string]> = [
      ['What does `--force` do in git push?', 'git push --force --no-verify option'],
      ['summarise <https://example.com/docs>', 'https://example.com/docs/other summary'],
      ['https://example.com/policyの返金', 'https://evil.example/policy 返金'],
      ['Difference between `site:` and `inurl:` in Google', 'Google site:evil.example difference'],
      ['東京 -大阪府', '東京 -大阪'],
      ['https://ja.wikipedia.org/wiki/東京', 'https://ja.wikipedia.org/wiki/ 東京'],
      ['返金-refund', '返金 -refund'],
      // A second look: a term the query goes on writing after the cut is not the cut term.
      ['url:abc東京.com ranking', 'url:abc ranking'],
      ['site:ex`ample.com docs', 'site:ex docs'],
      ['https://example.com/a`b docs', 'https://example.com/a docs'],
      // A third look: a domain that goes on in another script (a dot after the cut, or letters other than ASCII).
      ['news site:abc公司.公司', 'news site:abc'],
      ['news site:abcไทย.ไทย', 'news site:abc'],
      ['news site:пример東京.рф', 'news site:пример'],
      ['news url:abc東京é', 'news url:abc'],
      ['site:ex`ämple.com docs', 'site:ex docs'],
    ];
    for (const [query, output] of refused) {
      expect([output, await codeOf(query, output)]).toEqual([output, 'added_operator']);
    }
  });

  it('refuses a refusal or an apology with not_a_query', async () => {
    for (const output of [
      'I cannot help with that request.',
      "I can't assist with that.",
      'I\u2019m sorry, but I cannot do that',
      'Sorry, no query',
      'Unfortunately that is not possible',
      'As an AI, I do not search',
      'I am unable to rewrite this',
      'Sure! landlord deposit',
      'Certainly, landlord deposit',
    ]) {
      expect([output, await codeOf('how do I get my deposit back', output)]).toEqual([output, 'not_a_query']);
    }
    // The query's own words, even when they read like a refusal.
    await expect(codeOf('sorry messages in slack', 'sorry messages slack')).resolves.toBe(
      'sorry messages slack',
    );
  });

  // A review found a rewrite of signs or marks alone accepted, which searches for nothing the user asked.
  it('refuses a rewrite with no letter or digit with not_a_query, and keeps one that has any', async () => {
    for (const output of ['.', '???', '\u0301\u0301', '- -', '\u2026', '!?', '\u{1f600}']) {
      expect([output, await codeOf('how do I get my deposit back', output)]).toEqual([output, 'not_a_query']);
    }
    for (const [query, output] of [
      ['what is 42', '42'],
      ['\u00bfqu\u00e9 es \u00e9?', '\u00e9'],
      ['\u6771\u4eac\u306e\u5929\u6c17', '\u6771\u4eac \u5929\u6c17'],
      ['how do I get my deposit back', 'deposit refund ?'],
    ]) {
      await expect(codeOf(query as string, output as string)).resolves.toBe(output);
    }
  });

  it('accepts honest rewrites: the query\u2019s own words reordered, case changed, synonyms added', async () => {
    const cases: Array<[string, string]> = [
      [QUERY, 'landlord deposit 30 days 2019 Tenant Fees Act'],
      [QUERY, 'tenant fees act 2019 landlord keep deposit after 30 days'],
      [QUERY, 'Tenant Fees Act 2019 deposit retention refund landlord 30 days'],
      [QUERY, '"Tenant Fees Act" 2019 deposit 30 days'],
      ['the clause says "no pets allowed" is that fair', '"no pets allowed" clause fairness tenancy'],
      ['What does the GDPR say about fines?', 'GDPR fines penalties data breach'],
      ['What does the GDPR say about fines?', 'gdpr fines'],
      ['Rent in \uff12\uff10\uff12\uff14 for Berlin flats', 'Berlin flat rent 2024 prices'],
      ['Can I keep my cat? The lease says no.', 'lease pets cat clause'],
      ['How Long Can My Landlord Keep The Deposit', 'landlord deposit retention time limit'],
      ['and what about fines for breaches last year?', 'GDPR fines for data breaches 2023'],
      ['Was ist die Frist in \u00a7 548 BGB?', 'Verj\u00e4hrung Frist 548 BGB'],
      ['Does the iPhone 15 support eSIM?', 'iPhone 15 eSIM support'],
      ["What is Smith's liability under The Hague Convention?", 'Smith liability Hague Convention'],
    ];
    for (const [query, output] of cases) {
      await expect(codeOf(query, output)).resolves.toBe(output);
    }
  });

  it('stays linear on a megabyte query full of numbers, names, phrases and operators', async () => {
    const query = 'x 12 Name "a b" site:a.example -c '.repeat(30_000);
    const started = cpuNow();
    expect(await codeOf(query, 'x 12 Name "a b" site:a.example -c')).toBe(
      'x 12 Name "a b" site:a.example -c',
    );
    expect(await codeOf('\u201c'.repeat(1_000_000), 'deposit')).toBe('deposit');
    expect(cpuNow() - started).toBeLessThan(5_000);
  });
});

describe('rewriteQuery refuses what renders as nothing and labels as a class', () => {
  it('refuses fillers, joiners and blanks inside a rewrite with invalid_characters', async () => {
    for (const output of [
      'deposit\u3164policy',
      'deposit\uffa0policy',
      'deposit\u115fpolicy',
      'deposit\u1160policy',
      'deposit\u2800policy',
      'deposit\u034fpolicy',
      'deposit\ufe0fpolicy x',
      'deposit \ufe0f policy',
      'deposit\u200d policy',
      'deposit \u200cpolicy',
      '\u200ddeposit',
    ]) {
      expect([output, await codeOf('q', output)]).toEqual([output, 'invalid_characters']);
    }
    for (const output of [
      'می\u200cخواهم',
      '👩🏽\u200d💻 jobs',
      '❤\ufe0f\u200d🔥 deposit',
      'क्\u200dष rules',
    ]) {
      await expect(codeOf('q', output)).resolves.toBe(output);
    }
  });

  it('refuses common labels with labelled, and keeps a query that merely holds those words', async () => {
    for (const output of [
      'Rewritten search query: refund policy',
      'Search terms: refund policy',
      'Here is the query: refund policy',
      'Here\u2019s your rewritten search query: refund policy',
      'Query = refund policy',
      'Query - refund policy',
      'Search query \u2014 refund policy',
      'Optimised keywords: refund, policy',
      'Search phrase: refund policy',
      'Queries: refund policy',
    ]) {
      expect([output, await codeOf('refund policy', output)]).toEqual([output, 'labelled']);
    }
    for (const output of [
      'search engine optimisation',
      'querying databases: best practices',
      'query-string parsing',
    ]) {
      await expect(codeOf('q', output)).resolves.toBe(output);
    }
  });
});
