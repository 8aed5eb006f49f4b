import { findRuns, runClass, wholeRun } from '@gk/internal';
import { readStyleDeclarations } from './read-style-declarations.js';

// Values any property takes, and values read only when the page is rendered (a custom property), which an earlier
// declaration's value is kept over: whether they hide cannot be known here.
const GLOBAL = /^(?:inherit|initial|unset|revert|revert-layer)$/;
const UNKNOWN = /var\(|env\(|attr\(/;
const DISPLAY_WORD =
  /^(?:none|contents|block|inline|flow|flow-root|table|flex|grid|ruby|list-item|run-in|math|inline-[a-z]+|table-[a-z-]+|ruby-[a-z]+|-webkit-(?:inline-)?box)$/;
// Which declarations a browser drops as invalid, for the properties whose keywords are few (an invalid `display`
// after `display:none` leaves it hidden).
const VALID: Record<string, (value: string) => boolean> = {
  display: (value) => splitAtSpaces(value).every((word) => DISPLAY_WORD.test(word)),
  visibility: (value) => /^(?:visible|hidden|collapse)$/.test(value),
  position: (value) => /^(?:static|relative|absolute|fixed|sticky)$/.test(value),
};
// Properties read under their prefixed names too.
const PREFIXED = /^-webkit-(transform|clip-path|text-indent)$/;
// A style's value may be millions of characters long: its runs are read by searches (`CSS_SPACES`) or whole in pieces
// (`wholeRun`), as a repeated class kept a backtrack entry per character once V8 compiles patterns without
// optimizations (`opacity:` and millions of digits overflowed its stack).
const CSS_SPACES = /* @__PURE__ */ runClass(' \\t\\n\\f\\r');
/** `[+-]?(?:\d+\.?\d*|\.\d+)` without a sign: a number as CSS writes one. */
const DIGITS = (): string => `(?:${wholeRun('\\d')}\\.?(?:${wholeRun('\\d')})?|\\.${wholeRun('\\d')})`;
const NUMBER = /* @__PURE__ */ (() =>
  new RegExp(
    `^(?<number>[+-]?${DIGITS()}(?:e[+-]?${wholeRun('\\d')})?)(?<unit>(?:${wholeRun('[a-z]')})?|%)$`,
  ))();
const PERCENT = /* @__PURE__ */ (() => new RegExp(`^(?<number>[+]?${DIGITS()})%$`))();
const SHAPE = /* @__PURE__ */ (() =>
  new RegExp(`(?:^| )(?<shape>inset|circle|ellipse)\\((?<args>(?:${wholeRun('[^()]')})?)\\)`))();
const SCALE = /* @__PURE__ */ (() =>
  new RegExp(`(?<fn>scale(?:3d|x|y)?)\\((?<args>(?:${wholeRun('[^()]')})?)\\)`, 'g'))();
// CSS pixels per unit, for units whose size does not depend on the box (font-relative ones at the default 16px).
const PIXELS: Record<string, number> = {
  px: 1,
  pt: 4 / 3,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 9.6 / 2.54,
  q: 2.4 / 2.54,
  em: 16,
  rem: 16,
  ch: 8,
  ex: 8,
};
// Elements shown as blocks by default: width, height, overflow, transforms and text-indent apply to them.
const BLOCK =
  /^(?:address|article|aside|blockquote|body|caption|center|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|html|legend|li|listing|main|menu|nav|ol|p|plaintext|pre|search|section|summary|table|tbody|td|tfoot|th|thead|tr|ul|xmp)$/;

/**
 * Whether a style attribute (references decoded) leaves element `name` showing nothing, read as CSS reads it (see
 * readStyleDeclarations): `display: none`, `visibility: hidden`, `opacity: 0`, `font-size: 0`, `color: transparent`;
 * clipped to nothing (`clip: rect(0 0 0 0)` when positioned, `clip-path: inset(50%)`, `circle(0)`); placed off the page
 * (`position: absolute` with `left` or `top` at -999px or less); and, on a box that is a block (by default, `display`,
 * `float` or `position`), `text-indent` at -999px or less, a width or height of 1px or less with `overflow: hidden`, or
 * scaled to nothing (`transform: scale(0)`, `scale: 0`). A later declaration of a property counts unless it is invalid
 * or an earlier one is `!important`. Linear in the style.
 */
export function hidesByStyle(style: string, name: string): boolean {
  const declared = new Map<string, { value: string; important: boolean }>();
  for (const { property: written, value, important } of readStyleDeclarations(style)) {
    const property = written.replace(PREFIXED, '$1');
    const earlier = declared.get(property);
    if (earlier?.important && !important) continue;
    if (
      earlier !== undefined &&
      (UNKNOWN.test(value) || !(GLOBAL.test(value) || (VALID[property]?.(value) ?? true)))
    )
      continue;
    declared.set(property, { value, important });
  }
  const value = (property: string): string => declared.get(property)?.value ?? '';
  const position = value('position');
  const positioned = position === 'absolute' || position === 'fixed';
  const display = value('display');
  const block =
    positioned ||
    /^(?:left|right|inline-start|inline-end)$/.test(value('float')) ||
    (display === ''
      ? BLOCK.test(name)
      : !/^(?:inline|contents|none|inline flow|ruby|inline ruby)$/.test(display));
  const overflows = ['overflow', 'overflow-x', 'overflow-y'].some((p) =>
    /(?:^| )(?:hidden|clip)(?: |$)/.test(value(p)),
  );
  return (
    display === 'none' ||
    /^(?:hidden|collapse)$/.test(value('visibility')) ||
    isZero(value('opacity')) ||
    isZero(value('font-size')) ||
    value('color') === 'transparent' ||
    (positioned && clipsAll(value('clip'))) ||
    clipPathHides(value('clip-path')) ||
    ((positioned || position === 'relative') && offPage(value('left'), value('top'), value('inset'))) ||
    (block && atMost(value('text-indent'), -999)) ||
    (block && overflows && ['width', 'height', 'max-width', 'max-height'].some((p) => atMost(value(p), 1))) ||
    (block && scalesToNothing(value('transform'), value('scale')))
  );
}

/** A length's CSS pixels (zero in any unit), or undefined for a percentage or a unit sized by the page. */
function pixels(value: string): number | undefined {
  const found = NUMBER.exec(value)?.groups;
  if (found === undefined) return undefined;
  const number = Number(found['number']);
  if (number === 0) return 0;
  const unit = found['unit']!;
  const per = PIXELS[unit];
  return per === undefined
    ? /^v(?:w|h|min|max)$/.test(unit) && number <= -100
      ? -Infinity
      : undefined
    : number * per;
}

const isZero = (value: string): boolean => pixels(value) === 0;
const atMost = (value: string, limit: number): boolean =>
  (pixels(value) ?? Number.POSITIVE_INFINITY) <= limit;

/** Whether `clip: rect(top right bottom left)` leaves no area. */
function clipsAll(clip: string): boolean {
  // `^rect\(([^()]*)\)$`, read without a loop.
  const inside = clip.slice(5, -1);
  if (!clip.startsWith('rect(') || !clip.endsWith(')') || clip.length < 6 || /[()]/.test(inside))
    return false;
  const [top, right, bottom, left] = words(inside).map(pixels);
  const shut = (from: number | undefined, to: number | undefined): boolean =>
    from !== undefined && to !== undefined && to <= from;
  return shut(top, bottom) || shut(left, right);
}

/** Whether a `clip-path` leaves no area: an inset of 50% from each side, or a circle or ellipse of radius 0. */
function clipPathHides(path: string): boolean {
  const found = SHAPE.exec(path)?.groups;
  if (found === undefined) return false;
  const shape = found['shape'];
  const args = words(found['args']!);
  if (shape !== 'inset') {
    const radii = args.slice(0, args.indexOf('at') < 0 ? args.length : args.indexOf('at'));
    return radii.slice(0, shape === 'circle' ? 1 : 2).some(isZero);
  }
  const sides = args.slice(0, args.indexOf('round') < 0 ? args.length : args.indexOf('round')).map((word) => {
    const percent = PERCENT.exec(word)?.groups;
    return percent !== undefined ? Number(percent['number']) : isZero(word) ? 0 : Number.NaN;
  });
  const [top = 0, right = top, bottom = top, left = right] = sides;
  return top + bottom >= 100 || left + right >= 100;
}

/** Whether `left` or `top` (or the `inset` shorthand's) is -999px or less. */
function offPage(left: string, top: string, inset: string): boolean {
  const sides = words(inset);
  return [left, top, sides[0] ?? '', sides[3] ?? sides[1] ?? sides[0] ?? ''].some((side) =>
    atMost(side, -999),
  );
}

/** Whether a transform scales the box to nothing across or down (`scale(0)`, `scaleX(0)`, `scale: 0 1`). */
function scalesToNothing(transform: string, scale: string): boolean {
  for (const { groups } of transform.matchAll(SCALE)) {
    const fn = groups!['fn'];
    const factors = words(groups!['args']!).map((f) => Number(f.replace(/%$/, '')));
    if (fn === 'scalex' || fn === 'scaley' ? factors[0] === 0 : factors.slice(0, 2).includes(0)) return true;
  }
  return words(scale)
    .slice(0, 2)
    .some((factor) => Number(factor.replace(/%$/, '')) === 0);
}

/** The words of a value, split at spaces and commas. */
function words(value: string): string[] {
  return splitAtSpaces(value.replace(/,/g, ' ')).filter((word) => word !== '');
}

/** What `value.split(/[ \t\n\f\r]+/)` returns, by searches. */
function splitAtSpaces(value: string): string[] {
  const runs = findRuns(value, CSS_SPACES);
  const pieces: string[] = [];
  let at = 0;
  for (let k = 0; k < runs.length; k += 2) {
    pieces.push(value.slice(at, runs[k]));
    at = runs[k + 1]!;
  }
  pieces.push(value.slice(at));
  return pieces;
}
