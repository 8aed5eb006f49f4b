import { describe, expect, it } from 'vitest';
import { blockContainersEnd } from './block-containers-end.js';
import { mayOpenHtmlBlock, opensHtmlBlock } from './parse-markers.js';
import { readContainer } from './read-container.js';

// The scans read what these patterns match (they were the readers; each kept backtrack entries per mark, which a run
// of millions overflowed where V8 does not optimize them). Every short line of the characters they read is compared.
const CONTAINER = /^((?:[ \t]{0,3}>[ \t]?)*)([ \t]*)(#{1,6}(?:[ \t]|$)|(?:[-*+]|\d{1,9}[.)])[ \t]+)?/;
const CONTAINERS = /^(?=((?: {0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]))*))\1/;
const INDENTED_DIV = /^(?=((?: {0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]))*))\1[ \t]*<div(?:[\s>]|\/>|$)/i;
const MAY_OPEN =
  /^(?=((?: {0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]))*))\1[ \t]*(?:<|(?:[-+*]|\d{1,9}[.)]?)?$)/;

function* lines(alphabet: readonly string[], length: number): Generator<string> {
  yield '';
  if (length === 0) return;
  for (const shorter of lines(alphabet, length - 1)) for (const char of alphabet) yield shorter + char;
}

describe('readContainer and blockContainersEnd', () => {
  const alphabet = [' ', '\t', '>', '-', '#', '1', '.', ')', 'a', '<div>'];

  it('read every line of up to five of these pieces as the patterns do', () => {
    for (const line of lines(alphabet, 5)) {
      const [whole, quote, space, opener] = CONTAINER.exec(line)!;
      expect(readContainer(line), JSON.stringify(line)).toEqual([whole, quote, space, opener]);
      expect(blockContainersEnd(line), JSON.stringify(line)).toBe(CONTAINERS.exec(line)![0].length);
      expect(opensHtmlBlock(line), JSON.stringify(line)).toBe(INDENTED_DIV.test(line));
      expect(mayOpenHtmlBlock(line), JSON.stringify(line)).toBe(MAY_OPEN.test(line));
    }
  });

  it('read ten digits as no list number, and seven hashes as no heading', () => {
    expect(readContainer('1234567890. a')[3]).toBeUndefined();
    expect(readContainer('123456789. a')[3]).toBe('123456789. ');
    expect(readContainer('####### a')[3]).toBeUndefined();
    expect(readContainer('###### a')[3]).toBe('###### ');
    expect(readContainer('> > ###')).toEqual(['> > ###', '> > ', '', '###']);
  });
});
