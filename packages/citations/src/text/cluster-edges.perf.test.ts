// Asking where spans may start or end costs time linear in the text however many times it is asked, measured as CPU
// time at n and 8n (tests/adversarial/growth.ts: 8 for linear, 64 for quadratic).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { clusterEdges } from './cluster-edges.js';

const FLAG = '\u{1F1EB}\u{1F1F7}'; // 🇫🇷: two regional indicators, four UTF-16 units

describe('clusterEdges: linear time (ratio of 8n to n, bound 24; quadratic would be 64)', {
  timeout: 180_000,
}, () => {
  it('one test per offset, each built anew over one text of flags (as resolveCitation builds one per citation)', () => {
    const make = (size: number) => {
      const text = `Intro.\n\n${FLAG.repeat(size)}`;
      const base = text.length - FLAG.length * size;
      return () => {
        let edges = 0;
        for (let i = 0; i < size; i++) {
          const edge = clusterEdges(text);
          if (edge(base + 4 * i) && !edge(base + 4 * i + 2)) edges++;
        }
        if (edges !== size) throw new Error(`${edges} of ${size} flags read as whole`);
      };
    };
    expect(growth(make, 500)).toBeLessThan(BOUND);
  });

  it('one test per offset over texts that alternate, each with flags of its own', () => {
    const make = (size: number) => {
      const texts = [`A ${FLAG.repeat(size)}`, `B ${FLAG.repeat(size)}`, `${FLAG.repeat(size)}`];
      return () => {
        for (let i = 0; i < size; i++) {
          for (const text of texts) {
            const start = text.length - FLAG.length * size;
            if (!clusterEdges(text)(start + 4 * i) || clusterEdges(text)(start + 4 * i + 2))
              throw new Error(`offset ${start + 4 * i} misread`);
          }
        }
      };
    };
    expect(growth(make, 300)).toBeLessThan(BOUND);
  });
});
