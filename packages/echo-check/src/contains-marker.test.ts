import { describe, expect, it } from 'vitest';
import { containsMarker } from './contains-marker.js';
import { generateMarker } from './generate-marker.js';

const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];
const fullwidth = (text: string): string =>
  [...text]
    .map((char) => (char >= '!' && char <= '~' ? String.fromCharCode(char.charCodeAt(0) + 0xfee0) : char))
    .join('');

describe('containsMarker', () => {
  it('refuses a marker with no letter or digit after its prefix, which could match nothing, with invalid_argument', () => {
    for (const bad of ['', '   ', 'GK-ECHO-', 'GK-ECHO- -_', '\u200b']) {
      expect(() => containsMarker('anything GK-ECHO-', bad)).toThrow(
        expect.objectContaining({
          name: 'InvalidArgumentError',
          code: 'invalid_argument',
          parameter: 'marker',
        }),
      );
    }
    expect(containsMarker('GK-ECHO-a', 'GK-ECHO-a')).toBe(true);
  });

  const marker = generateMarker();
  const hex = marker.slice('GK-ECHO-'.length);

  describe('finds', () => {
    it('the marker verbatim and inside prose', () => {
      expect(containsMarker(marker, marker)).toBe(true);
      expect(containsMarker(`Reference: ${marker}, page 2.`, marker)).toBe(true);
    });

    it('the marker under case change, zero-width characters, spaces, hyphens, RTL marks and fullwidth forms', () => {
      expect(containsMarker(marker.toUpperCase(), marker)).toBe(true);
      expect(containsMarker(marker.toLowerCase(), marker)).toBe(true);
      for (const mark of ZERO_WIDTH) expect(containsMarker([...marker].join(mark), marker)).toBe(true);
      expect(containsMarker([...marker].join(' '), marker)).toBe(true);
      expect(containsMarker(hex.replace(/(.{4})/g, '$1-'), marker)).toBe(true);
      expect(containsMarker(`${hex.slice(0, 7)} - ${hex.slice(7).toUpperCase()}`, marker)).toBe(true);
      expect(containsMarker(`\u202e${[...marker].join('\u200f')}\u202c`, marker)).toBe(true);
      expect(containsMarker(fullwidth(marker), marker)).toBe(true);
    });

    it('the marker with a diacritic on each character, whether or not Unicode has the accented letter', () => {
      // `a` + U+0301 composes to `á` under NFKC, where `0` + U+0301 stays two characters: both read as the marker.
      for (const mark of ['\u0301', '\u0300', '\u0308', '\u0327', '\u030a', '\u0303', '\u0336']) {
        const accented = [...hex].map((char) => char + mark).join('');
        expect([mark, containsMarker(accented, marker)]).toEqual([mark, true]);
        expect([mark, containsMarker(accented.normalize('NFC'), marker)]).toEqual([mark, true]);
      }
    });

    it('the marker in the letter styles of fancy-text generators, which NFKC leaves as symbols', () => {
      const styled = (letters: number, digits: (digit: number) => string): string =>
        [...hex]
          .map((char) =>
            /[0-9]/.test(char)
              ? digits(Number(char))
              : String.fromCodePoint(letters + char.charCodeAt(0) - 0x61),
          )
          .join('');
      const negativeCircled = (digit: number): string =>
        digit === 0 ? '\u24ff' : String.fromCodePoint(0x2775 + digit);
      const dingbat = (digit: number): string =>
        digit === 0 ? '\u{1f10b}' : String.fromCodePoint(0x277f + digit);
      for (const [name, text] of [
        ['negative squared', styled(0x1f170, negativeCircled)],
        ['negative circled', styled(0x1f150, dingbat)],
        ['regional indicators', styled(0x1f1e6, (digit) => `${digit}`)],
        [
          'double circled',
          styled(0x1f130, (digit) => (digit === 0 ? '\u{1f10c}' : String.fromCodePoint(0x24f4 + digit))),
        ],
        [
          'sans-serif negative',
          styled(0x1f170, (digit) => (digit === 0 ? '\u24ff' : String.fromCodePoint(0x2789 + digit))),
        ],
        [
          'small capitals',
          [...hex].map((char) => ({ a: 'ᴀ', b: 'ʙ', c: 'ᴄ', d: 'ᴅ', e: 'ᴇ', f: 'ꜰ' })[char] ?? char).join(''),
        ],
      ] as const) {
        expect([name, containsMarker(text, marker)]).toEqual([name, true]);
      }
    });

    it('the marker written backwards after a right-to-left override, which a page shows forwards', () => {
      const backwards = [...marker].reverse().join('');
      expect(containsMarker(`Ref: \u202e${backwards}\u202c.`, marker)).toBe(true);
      expect(containsMarker(`\u202e${backwards}`, marker)).toBe(true);
      expect(containsMarker(`\u202e${[...backwards].join('&#8203;')}\u202c`, marker)).toBe(true);
      // Without an override, or past its end, backwards text shows backwards.
      expect(containsMarker(backwards, marker)).toBe(false);
      expect(containsMarker(`\u202e\u202c${backwards}`, marker)).toBe(false);
      expect(containsMarker(`\u202eabc\n${backwards}`, marker)).toBe(false);
      expect(containsMarker(`\u2067${backwards}\u2069`, marker)).toBe(false);
    });

    it('the marker backwards in an override that a PDI closing no isolate does not end (UAX #9, X6a)', () => {
      const fixed = 'GK-ECHO-0a1b2c3d4e5f60718293a4b5c6d7e8f9';
      expect(containsMarker('\u202e9f8e7d6c5b\u20694a39281706f\u20695e4d3c2b1a0\u202c', fixed)).toBe(true);
      // A PDI that closes an isolate holding the override ends it: what follows shows backwards.
      expect(containsMarker('\u2067\u202e9f8e7d6c5b\u20694a39281706f5e4d3c2b1a0\u202c', fixed)).toBe(false);
    });

    it('the marker backwards in an override with hidden filler between its pieces, as a page renders it', () => {
      const fixed = 'GK-ECHO-0a1b2c3d4e5f60718293a4b5c6d7e8f9';
      const [c, b, a] = ['9f8e7d6c5b', '4a39281706f', '5e4d3c2b1a0-OHCE-KG'];
      for (const [open, close] of [
        ['\u202e', '\u202c'],
        ['<bdo dir="rtl">', '</bdo>'],
      ]) {
        for (const filler of ['<span hidden>zz</span>', '<script>zz</script>', '[](#zz)']) {
          const text = `${open}${c}${filler}${b}${filler}${a}${close}`;
          expect([text, containsMarker(text, fixed)]).toEqual([text, true]);
        }
      }
      // Shown filler stays between the pieces.
      expect(containsMarker(`\u202e${c}<span>zz</span>${b}<span>zz</span>${a}\u202c`, fixed)).toBe(false);
    });

    it('a <bdo> override across HTML line breaks: a newline is a space, a <br> ends and reopens it', () => {
      const fixed = 'GK-ECHO-0a1b2c3d4e5f60718293a4b5c6d7e8f9';
      expect(containsMarker('<bdo dir="rtl">9f8e7d6c5b\n4a39281706f\n5e4d3c2b1a0-OHCE-KG</bdo>', fixed)).toBe(
        true,
      );
      expect(
        containsMarker('<bdo dir="rtl">5e4d3c2b1a0-OHCE-KG<br>4a39281706f<br>9f8e7d6c5b</bdo>', fixed),
      ).toBe(true);
      // Past its end tag a newline is a paragraph end again, and a <br> reverses each line on its own.
      expect(
        containsMarker('<bdo dir="rtl">abc</bdo>\n\u202e9f8e7d6c5b\n4a39281706f5e4d3c2b1a0\u202c', fixed),
      ).toBe(false);
      expect(
        containsMarker('<bdo dir="rtl">9f8e7d6c5b<br>4a39281706f<br>5e4d3c2b1a0-OHCE-KG</bdo>', fixed),
      ).toBe(false);
    });

    it('the hex part without its prefix', () => {
      expect(containsMarker(`token ${hex} end`, marker)).toBe(true);
    });

    it('any run of 16 of its hex digits: a truncated marker, either half, any window', () => {
      expect(containsMarker(marker.slice(0, -1), marker)).toBe(true);
      for (let start = 0; start + 16 <= hex.length; start++) {
        expect(containsMarker(`zz ${hex.slice(start, start + 16).toUpperCase()} zz`, marker)).toBe(true);
      }
      expect(containsMarker(`${hex.slice(0, 8)}\n${hex.slice(8, 16)}`, marker)).toBe(true);
    });

    it('a short custom marker only whole', () => {
      expect(containsMarker('case SECRET-42 noted', 'SECRET-42')).toBe(true);
      expect(containsMarker('case SECRET-4 noted', 'SECRET-42')).toBe(false);
    });

    it('the marker as a page shows it: digits of other scripts, character references, percent-escapes, tags', () => {
      const digits = (zero: number) => (text: string) =>
        text.replace(/[0-9]/g, (digit) => String.fromCodePoint(zero + Number(digit)));
      for (const zero of [0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0x1040, 0x1d7ce]) {
        expect(containsMarker(`GK-ECHO-${digits(zero)(hex)}`, marker)).toBe(true);
      }
      const each = (text: string, write: (code: number) => string) =>
        [...text].map((char) => write(char.charCodeAt(0))).join('');
      expect(
        containsMarker(
          each(marker, (code) => `&#${code};`),
          marker,
        ),
      ).toBe(true);
      expect(
        containsMarker(
          each(marker, (code) => `&#X${code.toString(16)}`),
          marker,
        ),
      ).toBe(true);
      expect(
        containsMarker(
          hex.replace(/[0-9]/g, (digit) => `&#${48 + Number(digit)};`),
          marker,
        ),
      ).toBe(true);
      expect(
        containsMarker(
          each(marker, (code) => `%${code.toString(16).toUpperCase()}`),
          marker,
        ),
      ).toBe(true);
      expect(
        containsMarker(
          hex.replace(/[0-9]/g, (digit) => `%3${digit}`),
          marker,
        ),
      ).toBe(true);
      expect(
        containsMarker(`Done.${each(marker, (code) => String.fromCodePoint(0xe0000 + code))}`, marker),
      ).toBe(true);
      // Decoding must not hide what the text shows as written: a `%` or `&#` put between the marker's characters.
      expect(containsMarker(`${hex.slice(0, 8)}%${hex.slice(8, 10)}${hex.slice(10)}`, marker)).toBe(true);
      expect(containsMarker(`${hex.slice(0, 8)}&#${hex.slice(8).replace(/[a-f]/g, '')}`, marker)).toBe(
        containsMarker(`${hex.slice(0, 8)}${hex.slice(8).replace(/[a-f]/g, '')}`, marker),
      );
      expect(containsMarker(`${hex.slice(0, 8)}٣${hex.slice(8)}`, marker)).toBe(true);
    });

    it('the marker in percent-escapes of UTF-8 (accented letters, digits of other scripts), as a browser shows a link', () => {
      const fixed = 'GK-ECHO-0123456789abcdef0123456789abcdef';
      expect(
        containsMarker('https://x.test/?q=0123456789ab%C3%A7d%C3%A9f0123456789ab%C3%A7d%C3%A9f', fixed),
      ).toBe(true);
      const accented = (char: string) => `${char}\u0301`.normalize('NFC');
      expect(
        containsMarker(
          hex.replace(/[a-f]/g, (char) => encodeURIComponent(accented(char))),
          marker,
        ),
      ).toBe(true);
      expect(
        containsMarker(
          hex.replace(/[a-f]/g, (char) => encodeURIComponent(`${char}\u0301`)),
          marker,
        ),
      ).toBe(true);
      const arabic = (digit: string) => String.fromCodePoint(0x660 + Number(digit));
      expect(
        containsMarker(
          hex.replace(/[0-9]/g, (digit) => encodeURIComponent(arabic(digit))),
          marker,
        ),
      ).toBe(true);
      expect(containsMarker(encodeURIComponent(fullwidth(hex)), marker)).toBe(true);
    });

    it('the marker with letters named by references for a letter with a diacritic (&aacute;, &ccedil;)', () => {
      const fixed = 'GK-ECHO-0123456789abcdef0123456789abcdef';
      const named = (char: string) =>
        `&${char}${{ a: 'acute', c: 'cedil', e: 'acute', d: 'caron' }[char] ?? ''};`;
      expect(containsMarker(`GK-ECHO-${fixed.slice(8).replace(/[acde]/g, named)}`, fixed)).toBe(true);
      expect(
        containsMarker(
          fixed.slice(8).replace(/[ace]/g, (char) => named(char).slice(0, -1)),
          fixed,
        ),
      ).toBe(true);
      const upper = { a: '&Agrave;', c: '&Ccaron;', d: '&Dcaron;', e: '&Egrave;' };
      expect(
        containsMarker(
          fixed.replace(/[acde]/g, (char) => upper[char as 'a']),
          fixed,
        ),
      ).toBe(true);
    });

    it('the marker in pieces joined by the alt text of an HTML image, as a page shows it where no image loads', () => {
      const fixed = 'GK-ECHO-0123456789abcdef0123456789abcdef';
      expect(
        containsMarker(
          'GK-ECHO-0123456<img src="x.png" alt="789abcd">ef01234<img src="x.png" alt="56789ab">cdef',
          fixed,
        ),
      ).toBe(true);
      const [p0, p1, p2, p3] = [0, 8, 16, 24].map((at) => hex.slice(at, at + 8));
      expect(
        containsMarker(`${p0}<IMG ALT='${p1}' src=x.png/>${p2}<img alt=${p3} src="y.png">`, marker),
      ).toBe(true);
    });

    it('the marker written as numeric references with leading zeros, which browsers read as the character', () => {
      const padded = (text: string) =>
        [...text].map((char) => `&#${String(char.charCodeAt(0)).padStart(8, '0')};`).join('');
      expect(containsMarker(padded(marker), marker)).toBe(true);
      expect(containsMarker(padded(hex.slice(3, 19)), marker)).toBe(true);
      expect(
        containsMarker(
          hex.replace(/./g, (char) => `&#x00000${char.charCodeAt(0).toString(16)}`),
          marker,
        ),
      ).toBe(true);
    });

    it('the marker broken up by markup or named references, which a page shows joined', () => {
      const separators = [
        '<wbr>',
        '<b></b>',
        '<i></i>',
        '<span style="color: red">',
        '</span>',
        '<a title="x>y">',
        '<!---->',
        '<!-- note -->',
        '<?x?>',
        '&shy;',
        '&shy',
        '&ZeroWidthSpace;',
        '&NoBreak;',
        '&zwj;',
        '&InvisibleTimes;',
        '&nbsp;',
        '&#8203;',
        '&#x200B;',
        '&eacute;',
      ];
      for (const size of [1, 5, 10, 15]) {
        const pieces = hex.match(new RegExp(`.{1,${size}}`, 'g'))!;
        for (const separator of separators) {
          const text = `Earlier note: ${pieces.join(separator)}`;
          expect([text, containsMarker(text, marker)]).toEqual([text, true]);
        }
      }
      // Its letters and digits written as named references that render as them.
      const named = hex.replace(/[a-f]/g, (letter) => `&${letter}opf;`).replace(/2/g, '&sup2;');
      expect(containsMarker(named, marker)).toBe(true);
      expect(
        containsMarker(
          hex.replace(/ff|e/g, (run) => (run === 'ff' ? '&fflig;' : '&ee;')),
          marker,
        ),
      ).toBe(true);
    });

    // A fixed marker cut into pieces short enough that none is a 16-digit partial leak.
    const M = 'GK-ECHO-0123456789abcdef0123456789abcdef';
    const [m1, m2, m3] = ['0123456789a', 'bcdef012345', '6789abcdef'];
    const rev = (text: string): string => [...text].reverse().join('');

    it('the marker in accented or styled letters with hidden filler between its pieces, in every reading', () => {
      const filler = '<span hidden>z</span>';
      for (const c of ['\u1d04', '\u0107', 'c\u0301', '\u{1f152}']) {
        const piece = `89ab${c}def`;
        const text = `01234567${filler}${piece}${filler}01234567${filler}${piece}`;
        expect([c, containsMarker(text, M)]).toEqual([c, true]);
        // Reversed by an override, or laid out by a right-to-left run, as rendered.
        const turned = `\u202e${rev(piece)}${filler}76543210${filler}${rev(piece)}${filler}76543210\u202c`;
        expect([c, containsMarker(turned, M)]).toEqual([c, true]);
        // Laid out by a right-to-left isolate: its pieces between right-to-left marks show in reverse order.
        const [p1, p2, p3] = [`01234567${filler}89ab`, `${c}def0123`, `4567${filler}89ab${c}def`];
        const laidOut = `\u2067${p3}\u200f${p2}\u200f${p1}\u2069`;
        expect([c, containsMarker(laidOut, M)]).toEqual([c, true]);
      }
    });

    it('the marker split by numeric references a page shows as U+FFFD: no character, a surrogate, NUL', () => {
      for (const ref of [
        '\ufffd',
        '&#xD800;',
        '&#55296;',
        '&#x110000;',
        '&#1114112;',
        '&#99999999;',
        '&#0;',
        '&#x0;',
        '&#0000;',
        '&#1114112',
        '&#x00000000000000D800;',
      ]) {
        expect([ref, containsMarker(`${m1}${ref}${m2}${ref}${m3}`, M)]).toEqual([ref, true]);
      }
    });

    it('the marker in pieces a right-to-left run lays out in reverse order, with no override', () => {
      const pieces = `${m3}\u200f${m2}\u200f${m1}`;
      // An isolate, an embedding, an isolate whose first strong character is right-to-left, a right-to-left line.
      for (const text of [
        `\u2067${pieces}\u2069`,
        `\u202b${pieces}\u202c`,
        `\u2068\u200f${pieces}\u2069`,
        `\u200f${pieces}`,
        `\u061c${pieces}`,
        `Note: \u2067${pieces}\u2069 end`,
        `Note: &#x2067;${m3}&rlm;${m2}&rlm;${m1}&#x2069; end`,
        `Note: \u2067${m3}<b>\u200f</b>${m2}\u200f<span hidden>z</span>${m1}\u2069 end`,
        // Hebrew letters between the pieces, in a right-to-left line.
        `\u05d0 ${m3}\u05d1${m2}\u05d2${m1}`,
      ]) {
        expect([text, containsMarker(text, M)]).toEqual([text, true]);
      }
      // Numbers after a right-to-left mark in a left-to-right line show in reverse order, each keeping its own.
      const digits = 'GK-ECHO-0123456789012345';
      expect(containsMarker('calls \u200f89012345\u200f01234567 x', digits)).toBe(true);
      expect(containsMarker('calls 89012345 01234567 x', digits)).toBe(false);
    });

    it('the marker across custom elements whose names start like <bdo>, <br> or a block element', () => {
      for (const cut of ['</bdo-x>', '</bdo.x>', '<p-x></p-x>', '<br-x>', '<div-x></div-x>', '<li-x>']) {
        const text = `<bdo dir=rtl>${rev(m3)}${cut}${rev(m2)}${cut}${rev(m1)}</bdo>`;
        expect([cut, containsMarker(text, M)]).toEqual([cut, true]);
      }
      // An end tag of another name (`</span.x>`) does not close a hidden `<span>`: what follows stays hidden.
      const hidden = '<span hidden>z</span.x>y</span>';
      expect(containsMarker(`${m1}${hidden}${m2}${hidden}${m3}`, M)).toBe(true);
    });

    it('the marker backwards in an override that holds a nested override closed by its own pop', () => {
      expect(containsMarker(`\u202e${rev(m3)}\u202e\u202c${rev(m2)}\u202e\u202c${rev(m1)}`, M)).toBe(true);
      expect(containsMarker(`\u202e${rev(m3)}\u202a\u202c${rev(m2)}\u202b\u202c${rev(m1)}\u202c`, M)).toBe(
        true,
      );
    });

    it('the marker between lone surrogates and NUL', () => {
      expect(containsMarker(`\ud800${marker}\udfff\u0000`, marker)).toBe(true);
    });
  });

  describe('does not find', () => {
    it('another marker, a run of 15 of its digits, or a marker in an empty text', () => {
      expect(containsMarker(generateMarker(), marker)).toBe(false);
      for (let start = 0; start + 15 <= hex.length; start++) {
        expect(containsMarker(`zz ${hex.slice(start, start + 15)} zz`, marker)).toBe(false);
      }
      expect(containsMarker('', marker)).toBe(false);
      expect(containsMarker('GK-ECHO-', marker)).toBe(false);
    });

    it('a marker broken up by what a page shows as a letter or a tag name', () => {
      const pieces = hex.match(/.{1,10}/g)!;
      for (const separator of ['&lt;x&gt;', '&ordm;x', '<x', 'x<!-- a']) {
        // An open tag or comment hides the rest, so only the first piece is left in the shown reading.
        expect([separator, containsMarker(pieces.join(separator), marker)]).toEqual([separator, false]);
      }
    });

    it('a text that has the digits of the marker but other letters', () => {
      // Folding to upper case before keeping [0-9a-z] would drop every letter and match any text with the same digits.
      const fixed = 'GK-ECHO-0a1b2c3d4e5f60718293a4b5c6d7e8f9';
      const digits = fixed.slice('GK-ECHO-'.length);
      expect(containsMarker(`noted ${digits.replace(/[a-f]/g, 'z')} here`, fixed)).toBe(false);
      expect(containsMarker(`noted ${digits.replace(/[a-f]/g, '')}`, fixed)).toBe(false);
      // A reference to no character shows as U+FFFD, which holds no letter or digit.
      expect(containsMarker('&#1114112;&#xD800;%zz', fixed)).toBe(false);
      expect(containsMarker(`${digits.slice(0, 15)}z&#1114112;`, fixed)).toBe(false);
    });
  });
});
