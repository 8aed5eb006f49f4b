// Scale: megabyte inputs, bounded by this process's CPU time (never wall-clock time). The growth of the cost
// with the input size is measured in tests/adversarial/parse-markers.test.ts.
import { describe, expect, it } from 'vitest';
import { codeSpans, parseMarkers } from './parse-markers.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';

describe('parseMarkers at scale', () => {
  it('reads a megabyte of malformed markers in linear time', () => {
    const t0 = cpuNow();
    expect(parseMarkers('['.repeat(1_000_000))).toEqual([]);
    expect(parseMarkers(`[${'1,'.repeat(500_000)}`)).toEqual([]);
    expect(parseMarkers(`[${'1'.repeat(1_000_000)}]`)[0]!.numbers[0]).toBe(Number.POSITIVE_INFINITY);
    expect(parseMarkers('[1]'.repeat(100_000))).toHaveLength(100_000);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('reads a megabyte of unfinished `and` lists in linear time', () => {
    const t0 = cpuNow();
    expect(parseMarkers('[1 and '.repeat(150_000))).toEqual([]);
    expect(parseMarkers(`[${'1 and '.repeat(170_000)}`)).toEqual([]);
    expect(parseMarkers(`[${'1, and '.repeat(150_000)}]`)).toEqual([]);
    expect(parseMarkers('[1 an'.repeat(200_000))).toEqual([]);
    const list = parseMarkers(`[${'1 and '.repeat(170_000)}2]`);
    expect(list).toHaveLength(1);
    expect(list[0]!.numbers).toHaveLength(170_001);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('reads a megabyte of backtick strings of every length in linear time', () => {
    let text = '';
    for (let n = 1; text.length < 1_000_000; n = (n % 400) + 1) text += `${'`'.repeat(n)} [1] `;
    const t0 = cpuNow();
    // Each length pairs with the next string of that length: half the markers are in code spans.
    const markers = parseMarkers(text).length;
    expect(markers).toBeGreaterThan(0);
    expect(markers).toBeLessThan(text.split('[1]').length - 1);
    expect(codeSpans('` '.repeat(500_000)).spans).toHaveLength(500_000);
    expect(parseMarkers(`a ${'`'.repeat(500_000)} [1]`)).toHaveLength(1);
    expect(parseMarkers(`${'`'.repeat(500_000)} [1]`)).toEqual([]); // a fence and its info string
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('reads images and links in linear time: many, nested deep, and openers nothing closes', () => {
    const many = `${'![1](x) [2] '.repeat(80_000)}`;
    const deep = `${'![a '.repeat(100_000)}[1]${'](x)'.repeat(100_000)} [2]`;
    const unclosed = `${'![[1] '.repeat(100_000)}`;
    const destinations = `${'[a](b [1] '.repeat(60_000)}${'[c](d[1]) '.repeat(60_000)}${'(('.repeat(60_000)}`;
    const t0 = cpuNow();
    expect(parseMarkers(many)).toHaveLength(80_000);
    expect(parseMarkers(deep)).toHaveLength(1);
    expect(parseMarkers(unclosed)).toHaveLength(100_000);
    expect(parseMarkers(destinations)).toHaveLength(60_000); // only the destinations nothing closes are text
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('reads HTML tags in linear time: many, long, quotes never closed, starts that are no tags', () => {
    const many = `${'<img alt="[1]" src=x> [2] '.repeat(40_000)}`;
    const quotes = `${'<a b="[1] '.repeat(40_000)}${"<a c='[2] ".repeat(40_000)}`;
    const starts = `${'<a <b [1] '.repeat(60_000)}`;
    const spaces = `<a${' '.repeat(300_000)}b${' '.repeat(300_000)}[1]`;
    const t0 = cpuNow();
    expect(parseMarkers(many)).toHaveLength(40_000);
    expect(parseMarkers(quotes)).toHaveLength(80_000);
    expect(parseMarkers(starts)).toHaveLength(60_000);
    expect(parseMarkers(spaces)).toHaveLength(1);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('reads HTML comments in linear time: many on a line, many lines in one, openers inside code spans', () => {
    const many = `${'<!-- [1] --> [2] '.repeat(60_000)}`;
    const long = `<!--${' [1]\n'.repeat(200_000)}--> [2]`;
    const inCode = `${'`<!--` [1] '.repeat(80_000)}<!-- [2]`;
    const unclosed = `${'<!--'.repeat(250_000)} [1]`;
    const t0 = cpuNow();
    expect(parseMarkers(many)).toHaveLength(60_000);
    expect(parseMarkers(long)).toHaveLength(1);
    expect(parseMarkers(inCode)).toHaveLength(80_000);
    expect(parseMarkers(unclosed)).toEqual([]);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('reads processing instructions, CDATA sections and declarations in linear time: many, unclosed, in code', () => {
    const many = `${'<?a [1]?> <![CDATA[ [2] ]]> <!x [3]> [4] '.repeat(40_000)}`;
    const unclosed = `${'<?'.repeat(200_000)}${'<![CDATA['.repeat(50_000)} [1]`;
    const otherClosers = `<?${' > ]]> -->'.repeat(100_000)} [1]`;
    const inCode = `${'`<?` `<!x` <!1 [1] '.repeat(60_000)}`;
    const t0 = cpuNow();
    expect(parseMarkers(many)).toHaveLength(40_000);
    expect(parseMarkers(unclosed)).toEqual([]);
    expect(parseMarkers(otherClosers)).toEqual([]);
    expect(parseMarkers(inCode)).toHaveLength(60_000);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('reads fenced code blocks in linear time: many fences, long fences, long lines in and out of them', () => {
    const fences = `${'```\nx[1]\n```\ny [2]\n'.repeat(40_000)}`;
    const longRuns = `${'~'.repeat(300_000)}\n${'~'.repeat(299_999)} [1]\n${'~'.repeat(300_000)}\nz [2]`;
    const prefixes = `${'> '.repeat(200_000)}\`\`\` [1]\n${' '.repeat(400_000)}x [2]`;
    const t0 = cpuNow();
    expect(parseMarkers(fences)).toHaveLength(40_000);
    expect(parseMarkers(longRuns)).toHaveLength(1);
    expect(parseMarkers(prefixes)).toHaveLength(1);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });
});
