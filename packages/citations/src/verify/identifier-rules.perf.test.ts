import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { PASSAGES } from '../__fixtures__/corpus.js';
import { passage } from '../__fixtures__/passage.js';
import {
  compileIdentifierRules,
  DEFAULT_IDENTIFIER_RULES,
  findIdentifiers,
  identifierList,
} from './identifier-rules.js';
import { verifyAnswer } from './verify-answer.js';

/** The identifiers as a Set (the verifier holds them in a StringSet). */
const identifierSet = (texts: readonly string[], rule: Parameters<typeof identifierList>[1]): Set<string> =>
  new Set(identifierList(texts, rule));

describe('findIdentifiers at scale', () => {
  const rules = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);

  it('trims trailing punctuation in linear time', () => {
    const t0 = cpuNow();
    expect(
      findIdentifiers(`https://e.x/${'.'.repeat(200_000)}a and 10.1000/${'),'.repeat(100_000)}b`, rules),
    ).toHaveLength(2);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('stays linear on a megabyte of near misses', () => {
    const t0 = cpuNow();
    expect(
      findIdentifiers('10.1/'.repeat(200_000) + 'https:'.repeat(100_000) + 'ECLI:NL:'.repeat(100_000), rules),
    ).toEqual([]);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });
});

describe('link identifiers at scale', () => {
  const [url] = compileIdentifierRules(['url']);
  // Shapes the link pattern could start at many places in: markdown targets open and nested, reference labels
  // left open at line starts, autolinks and schemes without an end, percent escapes, phone numbers and paths.
  const shapes = [
    '](a'.repeat(300_000),
    '](a(b'.repeat(200_000),
    `](${' '.repeat(1_000_000)}`,
    '](<a'.repeat(250_000),
    `\n[${'a'.repeat(1_000_000)}`,
    '\n[a]: x y'.repeat(100_000),
    '\n]: '.repeat(250_000),
    '<a'.repeat(500_000),
    `<${'a'.repeat(1_000_000)}`,
    'mailto:'.repeat(150_000),
    `[x](${'%4'.repeat(500_000)})`,
    ':'.repeat(1_000_000),
    '1 '.repeat(500_000),
    '1.'.repeat(500_000),
    `1${'-'.repeat(1_000_000)}`,
    '/'.repeat(1_000_000),
    ' /a'.repeat(300_000),
    // Reference titles left open or followed by text, and bare schemes that need more than their name.
    '\n[1]: a (b'.repeat(40_000),
    '\n[1]: a "b'.repeat(40_000),
    '\n[1]: a (b) c'.repeat(30_000),
    'data:'.repeat(200_000),
    'data:a/'.repeat(150_000),
    'file:'.repeat(200_000),
    'file:a:'.repeat(150_000),
    'tel:+1 '.repeat(80_000),
    `tel:1${' 2'.repeat(400_000)}`,
    // Runs of container marks before a definition that never comes, a `](` or a path at the text's start.
    `\n${'> '.repeat(500_000)}`,
    `\n${'- '.repeat(500_000)}x`,
    '\n1. >'.repeat(200_000),
    `\n${'>'.repeat(1_000_000)}[1`,
    `/${'a'.repeat(1_000_000)}`,
    `](${'a'.repeat(1_000_000)}`,
    // Escapes, references and emphasis around what could be an identifier.
    '\\@'.repeat(500_000),
    '&#64;'.repeat(200_000),
    `&${'a'.repeat(1_000_000)}`,
    '*a*@'.repeat(250_000),
    '_'.repeat(1_000_000),
    'a_'.repeat(500_000),
  ];

  it('reads a megabyte of each hostile shape in a claim and in a passage in linear time', () => {
    for (const shape of shapes) {
      const t0 = cpuNow();
      findIdentifiers(shape, [url!]);
      identifierSet([shape], url!);
      expect(cpuNow() - t0, JSON.stringify(shape.slice(0, 12))).toBeLessThan(2000);
    }
  });

  it('splits an answer of each hostile shape in linear time', () => {
    for (const shape of shapes) {
      const t0 = cpuNow();
      verifyAnswer(`See ${shape}. Next [1].`, PASSAGES);
      expect(cpuNow() - t0, JSON.stringify(shape.slice(0, 12))).toBeLessThan(2000);
    }
  });
});

// Growth of n against 8n as CPU time (tests/adversarial/growth.ts: 8 for linear, 64 for quadratic), on what reading
// identifiers as they render adds: container marks before a definition, targets on the next line, escapes, character
// references, emphasis runs, and ECLIs and DOIs that go on past their class.
describe('identifiers as they render: linear growth', { timeout: 120_000 }, () => {
  const rules = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);
  const shapes: Record<string, (size: number) => string> = {
    'container marks': (size) => `${'\n> - 1. >'.repeat(size)}[1]: ${'> '.repeat(size)}`,
    'targets on the next line': (size) => `${'[x](\n'.repeat(size)}/${'a/'.repeat(size)}`,
    'escapes and references': (size) => `${'\\@&#64;&colon;&#x2f;&'.repeat(size)}a`,
    'emphasis runs': (size) => `${'*_~a_b_'.repeat(size)}${'_'.repeat(size)}@x`,
    'delimiters in a path': (size) => `https://a.org/${'*.~)_'.repeat(size)}x ${'/a*'.repeat(size)}`,
    'ECLI and DOI tails': (size) =>
      `ECLI:NL:HR:2020:1${'-a\u2013b\u00e9.'.repeat(size)} 10.1000/x${'\u00e9-\u2013a'.repeat(size)}`,
  };
  it.each(Object.keys(shapes))('%s', (name) => {
    const make = (size: number) => {
      const text = shapes[name]!(size);
      return () => [findIdentifiers(text, rules), identifierSet([text], rules[2]!)];
    };
    expect(growth(make, 2_000)).toBeLessThan(BOUND);
  });

  it('a claim and a passage of each shape, through verifyAnswer', () => {
    const make = (size: number) => {
      const answers = Object.values(shapes).map((shape) => `See ${shape(size)} [1].`);
      const passages = [
        passage(
          Object.values(shapes)
            .map((shape) => shape(size))
            .join(' '),
        ),
      ];
      return () => answers.map((answer) => verifyAnswer(answer, passages));
    };
    expect(growth(make, 200)).toBeLessThan(BOUND);
  });
});
