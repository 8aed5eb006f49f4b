import { describe, expect, it } from 'vitest';
import { foldGlued } from './create-claim-word-finder.js';
import { createShownReader } from './create-shown-reader.js';

const whole = (text: string): string => createShownReader(text)(0, text.length);

describe('createShownReader', () => {
  it.each([
    ['about 7&nbsp;300', 'about 7\u00a0300'],
    ['7&#8203;300 and 7&#x200b;300', '7\u200b300 and 7\u200b300'],
    ['7&ZeroWidthSpace;300, in&shy;effective', '7300, ineffective'],
    ['&#55;300 and 7&#51;00', '7300 and 7300'],
    ['7&Tab;300, 7&NewLine;300', '7 300, 7 300'],
    ['7&amp;#51;00', '7&#51;00'], // decoded once: the page shows `&#51;`
    ['7&times;300', '7&times;300'], // a name not decoded stays as typed
    ['7<!-- -->300 and 7<?x?>300', '7300 and 7300'],
    ['7<span class="n">300</span>, in<b></b>effective', '7300, ineffective'],
    ['[7](https://example.org/w "t")300', '[7]300'],
    ['7<br>300, 7</p><p>300, 7<sup>300</sup>', '7 300, 7  300, 7 300 '],
    ['7![chart](c.png)300', '7 300'],
    ['\\&#55;300 and `&#55;<b>`300', '\\&#55;300 and `&#55;<b>`300'],
    ['no markup here: 7300', 'no markup here: 7300'],
  ])('reads %j as %j', (text, shown) => {
    expect(whole(text)).toBe(shown);
  });

  it('reads a slice as what it became, its ends mapped through what was read away', () => {
    const text = 'The ship weighs 7<!-- x -->300 t. In&shy;effective &#55;';
    const read = createShownReader(text);
    expect(read(0, text.indexOf(' t.'))).toBe('The ship weighs 7300');
    expect(read(text.indexOf('<!--'), text.indexOf('300'))).toBe('');
    expect(read(text.indexOf('In'), text.length)).toBe('Ineffective 7');
    expect(read(text.indexOf('&#55;') + 2, text.length)).toBe('7'); // starting inside it
  });
});

describe('foldGlued', () => {
  it('reads decimal digits of any script as ASCII digits', () => {
    expect(foldGlued('٧٣٠٠ ۷۳۰۰ ७३०० 7٣00 ๗๓๐๐')).toEqual(foldGlued('7300 7300 7300 7300 7300'));
    expect(foldGlued('٧٣٠٠')).not.toEqual(foldGlued('7301'));
  });
});
