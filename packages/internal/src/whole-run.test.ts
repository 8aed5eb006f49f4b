import { describe, expect, it } from 'vitest';
import { wholeRun } from './whole-run.js';

describe('wholeRun', () => {
  it('matches what `class+` matches where nothing after it can start with one of its characters', () => {
    const classes = ['[ \\t]', '\\d', '[^"]', '[\\s#*_>]'];
    const alphabet = [' ', '\t', '1', 'a', '"', '#', '>', '*'];
    for (const charClass of classes) {
      const plain = new RegExp(`^x${charClass}+(?!${charClass})`);
      const pieces = new RegExp(`^x${wholeRun(charClass)}(?!${charClass})`);
      const strings = [''];
      for (let length = 0; length < 5; length++)
        for (const s of strings.splice(0)) for (const c of alphabet) strings.push(s + c);
      for (const s of strings)
        expect([charClass, s, pieces.exec(`x${s}`)?.[0]]).toEqual([charClass, s, plain.exec(`x${s}`)?.[0]]);
    }
  });

  it('reads a run longer than one piece of 65,536 whole', () => {
    const run = new RegExp(`^${wholeRun('a')}$`);
    expect(run.test('a'.repeat(200_000))).toBe(true);
    expect(run.test(`${'a'.repeat(200_000)}b`)).toBe(false);
  });

  it('names each group anew, so that one pattern may hold several', () => {
    const twice = new RegExp(`^${wholeRun('a')}-${wholeRun('a')}$`);
    expect(twice.test('aaa-aa')).toBe(true);
    expect(twice.test('aaa-')).toBe(false);
  });
});
