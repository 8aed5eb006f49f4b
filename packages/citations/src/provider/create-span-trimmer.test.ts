import { describe, expect, it } from 'vitest';
import { createSpanTrimmer } from './create-span-trimmer.js';

describe('createSpanTrimmer', () => {
  it('moves a start past leading whitespace, also at the very start of the text', () => {
    const text = '  \tab cd';
    const trim = createSpanTrimmer(text);
    expect(trim({ start: 0, end: 4 })).toEqual({ start: 3, end: 4 });
    expect(trim({ start: 1, end: 8 })).toEqual({ start: 3, end: 8 });
  });

  it('moves an end back before trailing whitespace, also at the very end of the text', () => {
    const text = 'ab cd \n ';
    const trim = createSpanTrimmer(text);
    expect(trim({ start: 0, end: 8 })).toEqual({ start: 0, end: 5 });
    expect(trim({ start: 3, end: 6 })).toEqual({ start: 3, end: 5 });
  });

  it('trims both ends, and reads the same text again for later spans', () => {
    const text = 'one  two   three    four';
    const trim = createSpanTrimmer(text);
    expect(trim({ start: 3, end: 11 })).toEqual({ start: 5, end: 8 });
    expect(trim({ start: 8, end: 20 })).toEqual({ start: 11, end: 16 });
    expect(trim({ start: 16, end: 24 })).toEqual({ start: 20, end: 24 });
  });

  it('collapses a span of only whitespace to an empty span at its end, also where it ends the text', () => {
    const trim = createSpanTrimmer('ab  \u00a0 ');
    expect(trim({ start: 2, end: 6 })).toEqual({ start: 6, end: 6 });
    expect(trim({ start: 2, end: 4 })).toEqual({ start: 4, end: 4 });
    expect(createSpanTrimmer('   x')({ start: 0, end: 2 })).toEqual({ start: 2, end: 2 });
  });

  it('returns empty and reversed spans unchanged', () => {
    const trim = createSpanTrimmer('a  b  c');
    expect(trim({ start: 2, end: 2 })).toEqual({ start: 2, end: 2 });
    expect(trim({ start: 5, end: 1 })).toEqual({ start: 5, end: 1 });
    expect(trim({ start: 0, end: 7 })).toEqual({ start: 0, end: 7 });
  });
});
