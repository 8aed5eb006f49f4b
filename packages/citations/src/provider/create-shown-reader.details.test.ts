// What a page hides beyond the `hidden` attribute and the plainest styles: a closed `<details>` (all but its summary),
// a hidden block between two texts of a paragraph (the paragraph ends there, so they show apart), and styles whose
// declarations are escaped, commented, clipped, placed off the page, sized to nothing or scaled to nothing.
import { describe, expect, it } from 'vitest';
import { createShownReader } from './create-shown-reader.js';

const whole = (text: string): string => createShownReader(text)(0, text.length);

describe('createShownReader: a closed details shows only its summary', () => {
  it.each([
    ['7<details>x</details>300', '7 300'],
    ['7<details><summary>Note</summary>x</details>300', '7  Note 300'],
    ['7<details><summary>Note</summary>x<summary>y</summary>z</details>300', '7  Note 300'],
    ['7<details><div><summary>y</summary></div>x</details>300', '7 300'],
    ['7<details hidden><summary>y</summary>x</details>300', '7 300'],
    ['7<details><summary>a<span hidden>b</span>c</summary>x</details>300', '7  ac 300'],
    ['7<details><summary>a</details>300', '7  a 300'],
    ['7<details>x\n\n300', '7 \n\n300'],
    ['7<details><summary>a\n\n300</summary>', '7  a\n\n300 '],
    ['- 7<details>x</details>300', '- 7 300'],
    [
      '7<details><summary>a<details><summary>b</summary>c</details>d</summary>x</details>300',
      '7  a  b d 300',
    ],
    ['7<DETAILS><Summary>a</SUMMARY>x</Details>300', '7  a 300'],
  ])('reads %j as %j', (text, shown) => {
    expect(whole(text)).toBe(shown);
  });

  it.each([
    ['7<details open>x</details>300', '7 x 300'],
    ['7<details open=""><summary>a</summary>x</details>300', '7  a x 300'],
  ])('reads the open %j as %j', (text, shown) => {
    expect(whole(text)).toBe(shown);
  });
});

describe('createShownReader: a hidden block between the texts of a paragraph', () => {
  it.each([
    ['7<div hidden>x</div>300', '7 300'],
    ['7<div style="display:none">x</div>300', '7 300'],
    ['7<hr hidden>300', '7 300'],
    ['7<dialog>x</dialog>300', '7 300'],
    ['> 7<div hidden>x</div>300', '> 7 300'],
    // After the paragraph ends the texts run on in the page's body: the next hidden block does not part them.
    ['7<div hidden>x</div>3<div hidden>y</div>00', '7 300'],
    ['7<p>3<div hidden>y</div>00', '7 3 00'],
  ])('reads %j apart as %j', (text, shown) => {
    expect(whole(text)).toBe(shown);
  });

  it.each([
    // Inline elements, and blocks where no paragraph is open (a heading, a list item, a table cell, a button).
    ['7<span hidden>x</span>300', '7300'],
    ['7<br hidden>300', '7300'],
    ['# 7<div hidden>x</div>300', '# 7300'],
    ['- 7<div hidden>x</div>300', '- 7300'],
    ['a\n- 7<div hidden>x</div>300', 'a\n- 7300'],
    ['a | 7<div hidden>x</div>300', 'a | 7300'],
    ['7<div hidden>x</div>300\n---', '7300\n---'],
    ['7<button>3<div hidden>x</div>00</button>', '7300'],
    ['<pre>\n\n7<div hidden>x</div>300', ' \n\n7300'],
  ])('reads %j glued as %j where no paragraph is known to be open', (text, shown) => {
    expect(whole(text)).toBe(shown);
  });
});

describe('createShownReader: styles that hide', () => {
  const span = (style: string): string => `7<span style="${style}">x</span>300`;
  const div = (style: string): string => `7<div style="${style}">x</div>300`;

  it.each([
    span('displ\\61 y:none'),
    span('displ\\000061y:none'),
    span('\\64isplay:none'),
    span('\\64 isplay:none'),
    span('display:n\\6f ne'),
    span('di\\splay:none'),
    span('display:/*x*/none'),
    span('display/**/:none'),
    span('color:red;/* ; */display:none'),
    span('content:&quot;;&quot;;display:none'),
    span('position:absolute;clip:rect(0 0 0 0)'),
    span('position:absolute;clip:rect(1px, 1px, 1px, 1px)'),
    span('position:fixed;clip:rect(0px,0px,0px,0px)'),
    span('clip-path:inset(50%)'),
    span('clip-path:inset(0 50%)'),
    span('-webkit-clip-path:inset(100%)'),
    span('clip-path:circle(0)'),
    span('clip-path:circle(0px at 50% 50%)'),
    span('clip-path:ellipse(0 10px)'),
    span('position:absolute;left:-9999px'),
    span('position:absolute;top:-10000px'),
    span('position:fixed;left:-999px'),
    span('position:relative;left:-99999px'),
    span('position:absolute;inset:-9999px auto auto -9999px'),
    span('position:absolute;width:0;height:0;overflow:hidden'),
    span('display:inline-block;width:1px;height:1px;overflow:hidden'),
    span('display:block;max-height:0;overflow:hidden'),
    span('display:inline-block;transform:scale(0)'),
    span('display:inline-block;transform:scaleX(0)'),
    span('float:left;transform:translate(1px) scale(0, 1)'),
    span('display:block;scale:0'),
    span('display:block;text-indent:-9999px'),
    span('display:none; display:nonsense'),
  ])('reads %j as nothing', (text) => {
    expect(whole(text)).toBe('7300');
  });

  it.each([
    div('text-indent:-9999px'),
    div('width:0;height:0;overflow:hidden'),
    div('height:0;overflow:hidden'),
    div('max-height:0;overflow:hidden'),
    div('transform:scale(0)'),
    div('max-height:0;overflow-y:clip'),
  ])('reads the block %j as nothing, apart', (text) => {
    expect(whole(text)).toBe('7 300');
  });

  it.each([
    span('display\\3a none'),
    span('display:none\\;'),
    span('display:none\\20'),
    span('disp/**/lay:none'),
    span('clip:rect(0 0 0 0)'),
    span('position:absolute;clip:rect(auto auto auto auto)'),
    span('position:absolute;clip:rect(0 10px 10px 0)'),
    span('clip-path:inset(10%)'),
    span('clip-path:circle(5px)'),
    span('left:-9999px'),
    span('position:absolute;left:-9px'),
    span('position:absolute;left:9999px'),
    span('text-indent:-9999px'),
    span('width:0;height:0;overflow:hidden'),
    span('max-height:0;overflow:hidden'),
    span('display:block;height:0'),
    span('transform:scale(0)'),
    span('display:block;transform:scale(0.5)'),
    span('content:&quot;display:none&quot;'),
    span('display:none; display:inline'),
  ])('reads %j as shown', (text) => {
    expect(whole(text)).toBe('7x300');
  });
});
