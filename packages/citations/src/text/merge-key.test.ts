import { describe, expect, it } from 'vitest';
import { createMergeKeys, mergeKey } from './merge-key.js';

// Texts the checks read alike: honest duplicates.
const ALIKE: [string, string][] = [
  ['Water boils.', '  WATER\t boils. '],
  ['café ²', 'cafe\u0301 ²'],
  ['it’s 10–20 m²', "it's 10-20 m2"],
  ['CO₂ and Ⅻ', 'CO2 and XII'],
  ['\u200b(Water) ', '(Water)'],
  ["f'(x)", 'f′(x)'],
];

// Texts whose comparison forms are equal but that the checks read apart.
const APART: [string, string][] = [
  ['10² m', '102 m'],
  ['10\u200b² m', '102 m'],
  ['10⁻³ m', '10-3 m'],
  ['①500', '1500'],
  ['Ⅱ50', 'II50'],
  ['10₂', '102'],
  ['Acme™Cloud', 'AcmeTMCloud'],
  ['f′ values', "f' values"],
  ['in\u00ad\neffective', 'in effective'],
];

describe('mergeKey', () => {
  it.each(ALIKE)('is one key for %j and %j, which the checks read alike', (a, b) => {
    expect(mergeKey(a)).toBe(mergeKey(b));
  });

  it.each(APART)('keeps %j and %j apart, as the checks read them', (a, b) => {
    expect(mergeKey(a)).not.toBe(mergeKey(b));
  });

  it('keeps apart texts whose comparison forms differ, though the checks read their words alike', () => {
    expect(mergeKey('(a)')).not.toBe(mergeKey('[a]'));
    expect(mergeKey('"a"')).not.toBe(mergeKey("'a'"));
  });
});

describe('createMergeKeys', () => {
  it('gives two texts one key exactly when mergeKey does, in any order, the words read only on a shared form', () => {
    const texts = [...ALIKE.flat(), ...APART.flat(), '(a)', '[a]', '"a"', "'a'"];
    for (const order of [texts, [...texts].reverse()]) {
      const keyOf = createMergeKeys();
      const keys = order.map((text) => keyOf(text));
      for (let i = 0; i < order.length; i++)
        for (let j = 0; j < order.length; j++)
          expect([order[i], order[j], keys[i] === keys[j]]).toEqual([
            order[i],
            order[j],
            mergeKey(order[i]!) === mergeKey(order[j]!),
          ]);
    }
  });

  it('keeps texts after different prefixes apart', () => {
    const keyOf = createMergeKeys();
    expect(keyOf('Water boils.', 'a')).not.toBe(keyOf('Water boils.', 'b'));
    expect(keyOf('Water boils.', 'a')).toBe(keyOf('WATER boils.', 'a'));
  });
});
