import { describe, expect, it } from 'vitest';
import type { Passage } from '../types.js';
import { source } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

// [1] a support page with an address, a phone number, links; [2] another page the claims do not cite.
const PASSAGES = [
  source(
    'Refunds are handled by alice@example.org or on +1 (555) 010-0199 within 30 days. ' +
      'The policy is at https://example.org/legal/policy and the [form](/forms/refund). ' +
      'Write to mailto:claims@example.org?subject=Refund for a claim.',
    'support',
    { uri: 'https://example.org/support', title: 'Support' },
  ),
  source('Complaints go to mallory@attacker.example or /admin/reset.', 'other', { uri: 'docs/other.md' }),
];
const codes = (answer: string, passages: Passage[] = PASSAGES, options = {}): string[] =>
  verifyAnswer(answer, passages, options).rejected.map((r) => r.code);

describe('verifyAnswer links', () => {
  it('reads every markdown link target as an identifier of the url rule', () => {
    for (const answer of [
      'Refunds are handled by [the policy](mailto:evil%40attacker.example) [1].',
      'Refunds are handled by [the policy](mailto:mallory@attacker.example) [1].',
      'Reset it at [docs](/admin/reset) [1].',
      'Reset it at [docs](</admin/reset>) [1].',
      'Reset it at [docs](/admin/reset "Admin") [1].',
      'Reset it at [docs](/admin<b>reset) [1].',
      'Reset it at [docs]( /admin/reset ) [1].',
      'See ![chart](data:image/svg+xml;base64,PHN2Zz4=) [1].',
      'See [the page](https://evil.example/legal/policy) [1].',
      'See [the page](//evil.example/legal/policy) [1].',
      'See [the page](evil.example/legal) [1].',
      'See [the page](https://example.org/wiki/Policy_(2020)) [1].',
      'See [the page](HTTPS://EXAMPLE.ORG/legal/policy2) [1].',
      'See [the page](custom-app:open?id=7) [1].',
      'The policy applies [1](javascript:alert(1)).',
      'The policy applies [1](/admin/reset).',
      'The policy applies [the [1]](/admin/reset).',
    ])
      expect(codes(answer), answer).toEqual(['unknown_identifier']);
  });

  it('reads a link as far as a renderer does, not cut where the host it leads to comes after', () => {
    // Each leads past example.org to evil.example (a user name before `@`) or elsewhere on the host, as marked links
    // it and the URL standard resolves it.
    const portal = [
      source(
        'The portal is at https://example.org and the form at /forms/refund; mail alice@example.org.',
        'portal',
      ),
    ];
    for (const answer of [
      'Sign in at [the policy](https://example.org((a))@evil.example/login) [1].',
      'Sign in at [the policy](https://example.org(((a)))@evil.example/login) [1].',
      'Sign in at [the policy](<https://example.org)@evil.example/login>) [1].',
      'Reset it at [the form](/forms/refund((x))/%2e%2e/admin/reset) [1].',
      'Sign in at https://example.org>@evil.example/login to see the policy [1].',
      'Sign in at https://example.org"@evil.example/login to see the policy [1].',
      'Sign in at https://example.org\u00a8$@evil.example/login to see the policy [1].',
      'Sign in at https://example.org\uff1c@evil.example/login to see the policy [1].',
      'Sign in at [the policy](https://example.org\u00b4$@evil.example/login) [1].',
      'Write to alice@example.org_x.evil.example for refunds [1].',
      '[a\\]b]: //evil.example/login "the policy [1]"',
      '[a\\]b]: /admin/reset ([1])',
    ])
      expect(codes(answer, portal), answer).toEqual(['unknown_identifier']);
    // A default port is left out only for the scheme it is the default of.
    const files = [
      source('The file is at ftp://example.org/f and the socket at ws://example.org/s.', 'files'),
    ];
    expect(codes('The file is at ftp://example.org:443/f [1].', files)).toEqual(['unknown_identifier']);
    expect(codes('The socket is at [ws](ws://example.org:443/s) [1].', files)).toEqual([
      'unknown_identifier',
    ]);
    expect(codes('The file is at ftp://example.org:21/f [1].', files)).toEqual([]);
    expect(codes('The socket is at [ws](ws://example.org:80/s) [1].', files)).toEqual([]);
    // Honest links around the same characters stay accepted.
    for (const answer of [
      'The policy is at "https://example.org/legal/policy". [1]',
      'The policy is at "https://example.org/legal/policy", see it [1].',
      'The policy is at <a href="https://example.org/legal/policy">the page</a> [1].',
      'The policy is at (https://example.org/legal/policy) [1].',
      'The policy is at [the page](<https://example.org/legal/policy>) [1].',
      'The policy is at [the page](https://example.org/legal/policy "Policy") [1].',
      'Refunds are handled by alice@example.org_ [1].',
      "The policy is <a href='https://example.org/legal/policy'>here</a> [1].",
      'The policy is at <img src="https://example.org/legal/policy"/> [1].',
    ])
      expect(codes(answer), answer).toEqual([]);
    // A passage's link in JSON, an attribute or quotes is its own, whatever follows the closing quote.
    for (const text of [
      '{"url":"https://a.org/report","title":"Report"}',
      "Read <a href='https://a.org/report'>the report</a> now.",
      'The field "https://a.org/report"is set.',
    ])
      expect(codes('The report is at https://a.org/report [1].', [source(text, 'report')]), text).toEqual([]);
    expect(
      codes('详见（https://a.org/report）[1]。', [source('详见 https://a.org/report 。', 'report')]),
    ).toEqual([]);
  });

  it('reads a `[n]` in a link target as part of the target, not a marker, and the target whole', () => {
    // A renderer shows neither: the answer cites nothing, and with a marker of its own the target is checked whole.
    expect(verifyAnswer('Refunds are handled at [docs](/admin[1]/reset).', PASSAGES).status).toBe(
      'abstained',
    );
    expect(codes('Refunds are handled at [docs](/admin[1]/reset) [1].')).toEqual(['unknown_identifier']);
    expect(codes('Refunds are handled at [the form](/forms/refund[1]) [1].')).toEqual(['unknown_identifier']);
    expect(codes('Refunds are handled at [the form](/forms/refund) [1].')).toEqual([]);
    // A reference definition shows nothing either, but its label is read as a marker: the piece before one is checked.
    expect(codes('[1]: /admin[1]/reset')).toEqual(['unknown_identifier']);
  });

  it('reads reference-style definitions and autolinks of any scheme', () => {
    expect(codes('Refunds take 30 days [1].\n[1]: /admin/reset')).toEqual(['unknown_identifier']);
    expect(codes('[1]: /admin/reset "Reset"')).toEqual(['unknown_identifier']);
    expect(codes('[1]: </admin/reset>')).toEqual(['unknown_identifier']);
    // A title in parentheses, with an escaped quote, or one that may close on a later line.
    expect(codes('[1]: /admin/reset (Reset)')).toEqual(['unknown_identifier']);
    expect(codes('[1]: /admin/reset "Re\\"set"')).toEqual(['unknown_identifier']);
    expect(codes("[1]: /admin/reset 'Reset")).toEqual(['unknown_identifier']);
    // A target on the line after its label is a unit without a marker: rejected too.
    expect(codes('[1]:\n  /admin/reset')).toEqual(['empty_claim', 'no_marker']);
    expect(codes('Call <tel:+15551234567> about refunds [1].')).toEqual(['unknown_identifier']);
    expect(codes('Open <custom-app:reset> for refunds [1].')).toEqual(['unknown_identifier']);
  });

  it('reads links whose scheme does not use //: mailto, tel, sms, javascript, data, vbscript, file', () => {
    for (const link of [
      'mailto:mallory@attacker.example',
      'MAILTO:evil%40attacker.example',
      'tel:+15551234567',
      'sms:+15551234567',
      'javascript:alert(document.cookie)',
      'JavaScript:void(0)',
      'vbscript:msgbox(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'file:C:/secrets.txt',
      'file:/var/log/refunds',
      'data:;base64,PHN2Zz4=',
      'Tel:+1 555 0100',
      'xmpp:mallory@attacker.example',
    ])
      expect(codes(`Refunds are handled at ${link} [1].`), link).toEqual(['unknown_identifier']);
  });

  it('accepts a link whose target a cited passage holds, compared in canonical form', () => {
    for (const answer of [
      // The plain address in the passage lets a claim link it, percent-encoded or not, in any case.
      'Write to [Alice](mailto:alice@example.org) [1].',
      'Write to [Alice](mailto:alice%40example.org) [1].',
      'Write to [Alice](MailTo:Alice@Example.org) [1].',
      'Write to <mailto:alice@example.org> [1].',
      'Write to mailto:alice@example.org [1].',
      'Write to [claims](mailto:claims@example.org?subject=Refund) [1].',
      // The number in the passage, with or without its separators.
      'Call [support](tel:+15550100199) [1].',
      'Call [support](tel:+1-555-010-0199) [1].',
      'Text [support](sms:+15550100199) [1].',
      'See [the policy](https://example.org/legal/policy) [1].',
      'See [the policy](HTTPS://Example.org/legal/%70olicy) [1].',
      'See [the policy](<https://example.org/legal/policy>) [1].',
      'See [the form](/forms/refund) [1].',
      // The passage's uri counts as occurring in it, linked however the answer writes the marker.
      'Refunds take 30 days [1](https://example.org/support).',
      'Refunds take 30 days [see](https://example.org/support) [1].',
      'Complaints are handled [2](docs/other.md).',
    ])
      expect(codes(answer), answer).toEqual([]);
  });

  it('refuses a link target that only another passage holds, or one that adds to the target', () => {
    // A path the passage writes in prose is a target a claim citing it may link.
    expect(codes('Write to [Alice](mailto:alice@example.org?cc=mallory@attacker.example) [1].')).toEqual([
      'unknown_identifier',
    ]);
    expect(codes('Reset at [docs](/admin/reset) [2].')).toEqual([]);
    expect(codes('Reset at [docs](/admin/reset) [1].')).toEqual(['unknown_identifier']);
    expect(codes('Call [support](tel:+15550100198) [1].')).toEqual(['unknown_identifier']);
  });

  it('does not read ordinary prose with colons, brackets and parentheses as links', () => {
    for (const answer of [
      'Note: see below for refunds [1].',
      'Refunds open at 10:30 on weekdays [1].',
      'The ratio is 3:1 for refunds [1].',
      'Section 2: Scope covers refunds [1].',
      'Some cases, e.g.: refunds [1].',
      'Refunds are handled [1] (within 30 days).',
      'Refunds are handled [1](within 30 days).',
      'Refunds take 30 days [1](#source-1).',
      'Refunds take 30 days [1][2](#source-2).',
      'Tel: +1 555 0100 handles refunds [1].',
      'Data: the refunds take 30 days [1].',
      'As the page says [1]: refunds take 30 days.',
      'Refunds [sic]: take 30 days [1].',
      'Refunds (at a ratio of 2:1) apply to orders [1].',
      // A line that starts with a marker and a colon, and a phrase in parentheses or quotes that text follows.
      '[1]: Yes (refunds are handled within 30 days).',
      '[1]: Refunds "are handled by" alice@example.org.',
      // Names written like a scheme, and a number the passage writes, linked with its spaces.
      'Refund Data:2020 shows that refunds take 30 days [1].',
      'The logo is File:Support.png on the refunds page [1].',
      'Refunds by phone, Tel:+1 (555) 010-0199 [1].',
      'Refunds by phone at tel:+1 555 010 0199 within 30 days [1].',
      'Ask about refunds, see https://example.org/legal/policy [1].',
    ])
      expect(codes(answer), answer).toEqual([]);
  });

  it('names the link it refused in the message', () => {
    const [rejected] = verifyAnswer('See [docs](/admin/reset) [1].', PASSAGES).rejected;
    expect(rejected?.message).toContain('names url "/admin/reset"');
  });

  it('checks links in a source list against the names of the passage its number stands for', () => {
    const answer = 'Refunds take 30 days [1].\n\nSources:\n[1] [Support](https://evil.example/support)';
    expect(verifyAnswer(answer, PASSAGES).rejected.map((r) => r.code)).toEqual(['source_list_mismatch']);
    const named = 'Refunds take 30 days [1].\n\nSources:\n[1] [Support](https://example.org/support)';
    expect(verifyAnswer(named, PASSAGES).rejected).toEqual([]);
    // `[1]: Support` defines a link to `Support`: the passage's own title, document id or uri may be its target.
    for (const entry of ['[1]: Support', '[1]: support', '[1]: https://example.org/support'])
      expect(codes(`Refunds take 30 days [1].\n\nSources:\n${entry}`), entry).toEqual([]);
    expect(codes('Refunds take 30 days [1].\n\nSources:\n[1]: /admin/reset')).toEqual([
      'source_list_mismatch',
    ]);
  });

  it('reads links with url-loose too, and not at all without a url rule', () => {
    expect(codes('Reset at [docs](/admin/reset) [1].', PASSAGES, { identifiers: ['url-loose'] })).toEqual([
      'unknown_identifier',
    ]);
    expect(
      codes('See [it](http://www.example.org/legal/policy/) [1].', PASSAGES, { identifiers: ['url-loose'] }),
    ).toEqual([]);
    expect(codes('Reset at [docs](/admin/reset) [1].', PASSAGES, { identifiers: ['doi'] })).toEqual([]);
  });
});

// The answer as markdown renders it: a definition in any container, a target on the line after its `](` or `[1]:`,
// escapes, character references and emphasis that render as the identifier, and identifiers that go on past their
// class. [1] holds one identifier of each rule.
const IDS = [
  source(
    'The ruling ECLI:NL:HR:2020:1234 (doi 10.1000/abc) was approved on Monday. Write to clerk@city.example or ' +
      'first_last@city.example, or see https://city.example/budget, https://en.wikipedia.org/wiki/Budget_(city) ' +
      'and https://city.example/q?a=1&b=2.',
    'ids',
  ),
];
const idCodes = (answer: string): string[] => codes(answer, IDS);

describe('verifyAnswer links as markdown renders them', () => {
  it('reads a reference definition inside any run of block quotes and list items', () => {
    for (const definition of [
      '>[1]: //evil.example/pay',
      '> - [1]: //evil.example/pay',
      '- - [1]: //evil.example/pay',
      '> > [1]: //evil.example/pay',
      '1. > [1]: //evil.example/pay',
      '  >  >[1]: //evil.example/pay',
      '+ > 2) [1]: //evil.example/pay',
      '>[1]: //evil.example/pay "The ruling was approved on Monday"',
    ]) {
      const answer = `The ruling was approved on Monday [1].\n\n${definition}\n`;
      expect(idCodes(answer), definition).toEqual(['unknown_identifier']);
    }
  });

  it('reads a target on the line after the `](` or `[1]:` that opens it', () => {
    // The `](` that ends a line, and the target that starts the next one, are both refused.
    expect(idCodes('The ruling was approved on Monday [1] ([minutes](\n//evil.example/pay)) [1].')).toEqual([
      'unknown_identifier',
      'unknown_identifier',
    ]);
    expect(idCodes('The ruling was approved [1] [minutes](//evil.example/pay\n) on Monday [1].')).toContain(
      'unknown_identifier',
    );
    for (const target of ['//evil.example/pay', '/admin/reset', '<//evil.example/pay>', '</admin/reset>']) {
      const answer = `The ruling was approved on Monday [1].\n\n## Sources\n[1]:\n${target} "The ruling was approved on Monday [1]"\n`;
      expect(idCodes(answer), target).toEqual(['unknown_identifier']);
    }
  });

  it('reads a www. link inside emphasis', () => {
    for (const link of ['_www.evil.example/pay_', '*www.evil.example/pay*', '~~www.evil.example/pay~~'])
      expect(idCodes(`The plan is at ${link} [1].`), link).toEqual(['unknown_identifier']);
  });

  it('reads identifiers through markdown escapes, character references and emphasis', () => {
    for (const answer of [
      'Write to mayor\\@evil.example [1].',
      'Write to mayor&#64;evil.example [1].',
      'Write to mayor&#x40;evil.example [1].',
      'Write to mayor&commat;evil.example [1].',
      'Write to *mayor*@evil.example [1].',
      'Write to _mayor_@evil.example [1].',
      'Write to may*or*@evil.example [1].',
      'The ruling is ECLI\\:NL:HR:2020:9999 [1].',
      'The ruling is ECLI&#58;NL:HR:2020:9999 [1].',
      'The ruling is ECLI&colon;NL:HR:2020:9999 [1].',
      'The ruling is **ECLI**:NL:HR:2020:9999 [1].',
      'The ruling is ECLI:NL:**HR**:2020:9999 [1].',
      'The paper is doi 10.1000\\/xyz [1].',
      'The paper is doi 10\\.1000/xyz [1].',
      'The paper is doi 10.1000&#47;xyz [1].',
      'The paper is doi 10.1000&sol;xyz [1].',
      'See https\\://evil.example/pay [1].',
      'See https&#58;//evil.example/pay [1].',
      'See **https**://evil.example/pay [1].',
      'See www\\.evil.example/pay [1].',
    ])
      expect(idCodes(answer), answer).toEqual(['unknown_identifier']);
  });

  // A raw tag's link is followed as a browser reads its attribute: references decoded, tabs dropped, backslashes as
  // slashes, two slashes as the page's own scheme. Only what the text showed as a URL was read, and each of these
  // was accepted.
  it('reads the links of raw HTML tags as a browser follows them', () => {
    for (const tag of [
      '<a href="//evil.example/pay">minutes</a>',
      '<img src=//evil.example/pixel.png>',
      '<a href="\\/evil.example/pay">minutes</a>',
      '<a href="/\\evil.example/pay">minutes</a>',
      '<a href="&#92;&#92;evil.example/pay">minutes</a>',
      '<a href="/&#9;/evil.example/pay">minutes</a>',
      '<a href="https:evil.example/pay">minutes</a>',
      '<a href="java&#9;script:alert(1)">minutes</a>',
      '<a href="java&Tab;script:alert(1)">minutes</a>',
      '<img src=" //evil.example/pixel.png">',
      '<a href="/admin/reset">minutes</a>',
    ])
      expect(idCodes(`The ruling was approved on Monday ${tag} [1].`), tag).toEqual(['unknown_identifier']);
    // A passage's own link, written either way, and attributes that are no link.
    for (const tag of [
      '<a href="https://city.example/budget">budget</a>',
      '<a href="//city.example/budget">budget</a>',
      '<a href="#budget" title="//evil.example">budget</a>',
    ])
      expect(idCodes(`The ruling was approved on Monday ${tag} [1].`), tag).toEqual([]);
  });

  // Markdown reads no marker inside an autolink: `<javascript:[1]+alert(1)>` links `javascript:[1]+alert(1)`. Cut at the
  // marker, it read as `javascript:` with nothing after its colon, no link at all, and the claim was accepted.
  it('reads a marker inside an autolink as part of its target', () => {
    for (const link of [
      '<javascript:[1]+alert(1)>',
      '<javascript:[1]alert(1)>',
      '<https://city.example/budget[1]@evil.example>',
      '<https://city.example/budget[1]>',
      '<https://[1]evil.example/pay>',
    ])
      expect(idCodes(`The budget is at ${link} [1].`), link).toEqual(['unknown_identifier']);
    // Outside an autolink a marker still cuts the link where the answer did, and one after it is a marker.
    expect(idCodes('The budget is at <https://city.example/budget> [1].')).toEqual([]);
    expect(idCodes('The budget is at <https://city.example/budget>[1].')).toEqual([]);
    expect(idCodes('The budget is at https://city.example/budget[1].')).toEqual([]);
    expect(idCodes('The budget grew by < 5% [1] and > 2% [1].')).toEqual([]);
  });

  // A `_` an address holds is no emphasis unless it pairs with another in the word: GFM links `_clerk@city.example`
  // and `clerk_@city.example` whole, to mailboxes the passage does not name. Read as emphasis, both were
  // `clerk@city.example`, the passage's own, and accepted.
  it('reads a `_` that pairs with none in an address as part of it', () => {
    for (const address of [
      '_clerk@city.example',
      '__clerk@city.example',
      'clerk_@city.example',
      '_first_last@city.example',
      '_@city.example',
      '__@city.example',
      '(_clerk@city.example)',
    ])
      expect(idCodes(`Write to ${address} [1].`), address).toEqual(['unknown_identifier']);
    // Inside an autolink nothing is emphasis: `<*clerk*@city.example>` links `mailto:*clerk*@city.example`.
    for (const address of ['<_clerk_@city.example>', '<*clerk*@city.example>', '<*@city.example>'])
      expect(idCodes(`Write to ${address} [1].`), address).toEqual(['unknown_identifier']);
    expect(idCodes('Write to <clerk@city.example> [1].')).toEqual([]);
    // Paired, it is emphasis, around the address or inside it: the passage's address, as it renders.
    for (const address of [
      '_clerk@city.example_',
      '__clerk@city.example__',
      '(_clerk@city.example_)',
      '*_clerk@city.example_*',
      '_clerk_@city.example',
      '_first_last@city.example_',
    ])
      expect(idCodes(`Write to ${address} [1].`), address).toEqual([]);
  });

  it('keeps link syntax, spaces and controls written as escapes or references as they are written', () => {
    // `&#32;` inside a target is still one target; `\(` is no link's parenthesis, and `&quot;` no title's quote.
    expect(idCodes('See [the page](//evil.example/pay&#32;x) [1].')).toEqual(['unknown_identifier']);
    expect(idCodes('The ruling was approved on Monday, [x]\\(//evil.example/pay) [1].')).toEqual([]);
    expect(idCodes('[1]: //evil.example/pay "a&quot;b"')).toEqual(['unknown_identifier']);
  });

  it('compares an ECLI or DOI that goes on past its class whole', () => {
    for (const answer of [
      'The ruling is ECLI:NL:HR:2020:1234-A [1].',
      'The ruling is ECLI:NL:HR:2020:1234_A [1].',
      'The ruling is ECLI:NL:HR:2020:1234é [1].',
      'The paper is doi 10.1000/abc\u20132 [1].',
      'The paper is doi 10.1000/abc\u20112 [1].',
      'The paper is doi 10.1000/abcé [1].',
    ])
      expect(idCodes(answer), answer).toEqual(['unknown_identifier']);
  });

  it('accepts identifiers in bold, italics, strikethrough and code spans, as they render', () => {
    for (const answer of [
      'Details: **https://city.example/budget** [1].',
      'Details: __https://city.example/budget__ [1].',
      'Details: *https://city.example/budget* [1].',
      'Details: _https://city.example/budget_ [1].',
      'Details: ~~https://city.example/budget~~ [1].',
      'Details: `https://city.example/budget` [1].',
      'Details: `https://city.example/budget`. [1]',
      'See **[the budget](https://city.example/budget)** [1].',
      'See https://en.wikipedia.org/wiki/Budget_(city) [1].',
      'See https://city.example/q?a=1&amp;b=2 [1].',
      'Write to **clerk@city.example** [1].',
      'Write to _clerk@city.example_ [1].',
      'Write to `clerk@city.example` [1].',
      'Write to first_last@city.example [1].',
      'The ruling **ECLI:NL:HR:2020:1234** was approved [1].',
      'The ruling *ECLI:NL:HR:2020:1234*, approved on Monday [1].',
      'The ruling ECLI:NL:HR:2020:1234\u2019s date is Monday [1].',
      'The ruling ECLI:NL:HR:2020:1234\u2014approved on Monday\u2014stands [1].',
      'The paper is doi **10.1000/abc** [1].',
      'The paper is doi `10.1000/abc` [1].',
      '- **Budget**: https://city.example/budget [1]',
      '> See https://city.example/budget [1].',
    ])
      expect(idCodes(answer), answer).toEqual([]);
  });

  it('reads no emphasis inside a path: a link with a delimiter added there is another link', () => {
    for (const answer of [
      'Details: [the budget](https://city.example/~budget) [1].',
      'Details: [the budget](https://city.example/_budget) [1].',
      'Details: [the budget](https://city.example/budget_) [1].',
      'Details: [the budget](https://city.example/bud*get) [1].',
      'Details: <https://city.example/bud*get> [1].',
      'Details: https://city.example/bud~get [1].',
      'Details: **https://city.example/bud*get** [1].',
    ])
      expect(idCodes(answer), answer).toEqual(['unknown_identifier']);
  });
});
