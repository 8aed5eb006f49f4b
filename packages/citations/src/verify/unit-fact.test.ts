import { describe, expect, it } from 'vitest';
import { unitFact, unitFlag } from './unit-fact.js';

describe('unitFact and unitFlag', () => {
  it('keep a fact out of the unit’s keys, its JSON and its copies, as a WeakMap beside it did', () => {
    const block = unitFact<number>('block');
    const code = unitFlag('code');
    const unit = { text: 'It rose.' };
    expect([block.get(unit), code.has(unit)]).toEqual([undefined, false]);
    block.set(unit, 3);
    block.set(unit, 4);
    code.add(unit);
    expect([block.get(unit), code.has(unit)]).toEqual([4, true]);
    expect(Object.keys(unit)).toEqual(['text']);
    expect(JSON.stringify(unit)).toBe('{"text":"It rose."}');
    expect(unit).toStrictEqual({ text: 'It rose.' });
    const copy = { ...unit };
    expect([block.get(copy), code.has(copy)]).toEqual([undefined, false]);
    // Two facts of the same name are two facts.
    expect(unitFact<number>('block').get(unit)).toBeUndefined();
  });
});
