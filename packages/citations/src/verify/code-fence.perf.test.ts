// Fenced code blocks cost time linear in the answer, measured as CPU time at n and 8n
// (tests/adversarial/growth.ts: 8 for linear, 64 for quadratic).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { parseMarkers } from './parse-markers.js';

describe('fenced code blocks at scale', { timeout: 180_000 }, () => {
  it.each(['- ', '-  ', '1. ', '> - ', ' >\t-\t1.', '123456789) ', '1234567890. '])(
    'reads long runs of %j in and out of a block in linear time',
    (prefix) => {
      const make = (size: number) => {
        const lines = prefix.repeat(size);
        const text = `\`\`\`\n${lines}x [1]\n\`\`\`\n${lines}y [2]\n${lines}\`\`\` [3]`;
        return () => parseMarkers(text);
      };
      const text = `\`\`\`\n${prefix.repeat(50)}x [1]\n\`\`\`\n${prefix.repeat(50)}y [2]\n${prefix.repeat(50)}\`\`\` [3]`;
      expect(parseMarkers(text).map((marker) => text.slice(marker.start, marker.end))).toContain('[2]');
      expect(growth(make, 4_000)).toBeLessThan(BOUND);
    },
  );

  it('reads long indentation and many nested-list fences in linear time', () => {
    expect(parseMarkers('- - ```\n    x [1]\n    ```\ny [2]\n'.repeat(100))).toHaveLength(100);
    expect(
      parseMarkers(`- \`\`\`\n${' '.repeat(400)}x [1]\n${'\t'.repeat(400)}\`\`\`\n  \`\`\`\n[2]`),
    ).toHaveLength(1);
    const indented = (size: number) => {
      const text = `- \`\`\`\n${' '.repeat(size)}x [1]\n${'\t'.repeat(size)}\`\`\`\n  \`\`\`\n[2]`;
      return () => parseMarkers(text);
    };
    const nested = (size: number) => {
      const text = '- - ```\n    x [1]\n    ```\ny [2]\n'.repeat(size);
      return () => parseMarkers(text);
    };
    expect(growth(indented, 20_000)).toBeLessThan(BOUND);
    expect(growth(nested, 1_000)).toBeLessThan(BOUND);
  });
});
