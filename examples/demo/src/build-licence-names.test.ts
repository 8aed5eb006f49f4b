import { describe, expect, it } from 'vitest';
import { buildLicenceNames, compareVersions } from './build-licence-names.js';

const licence = (id: string, name: string, text = ''): { id: string; name: string; text: string } => ({
  id,
  name,
  text,
});

describe('buildLicenceNames', () => {
  const names = buildLicenceNames([
    licence('Foo-1.0', 'Foo Public License 1.0'),
    licence('Foo-2.0-only', 'Foo Public License v2.0 only'),
    licence('Foo-2.0-or-later', 'Foo Public License v2.0 or later'),
    licence('Foo-2.0', 'Foo Public License v2.0 only'),
    licence('Bar-2-Clause', 'Bar 2-Clause "Lean" License'),
    licence('Baz-1.0', 'Foo Baz License 1.0'),
    licence('QA-1.0', 'Qux Alpha License 1.0'),
    licence('QB-1.0', 'Qux Beta License 1.0'),
  ]);
  const group = (key: string): string[] | undefined =>
    names.groups.get(key)?.members.map((member) => member.id);

  it('groups ids that differ only by only / or later, the spelled-out -only first', () => {
    expect(group('foo 2')).toEqual(['Foo-2.0-only', 'Foo-2.0', 'Foo-2.0-or-later']);
    expect(group('foo public 2')).toEqual(group('foo 2'));
    expect(names.groups.get('foo 2')?.members.find((m) => m.id === 'Foo-2.0')).toEqual({
      id: 'Foo-2.0',
      qualifier: 'only',
      explicit: false,
    });
  });

  it('resolves a name without its version to the latest version', () => {
    expect(group('foo')).toEqual(group('foo 2'));
    expect(group('foo public')).toEqual(group('foo 2'));
    expect(group('foo 1')).toEqual(['Foo-1.0']);
  });

  it('adds clause-first word orders, version-first forms and quoted nicknames', () => {
    expect(group('2 clause bar')).toEqual(['Bar-2-Clause']);
    expect(group('lean bar')).toEqual(['Bar-2-Clause']);
    expect(group('2 foo')).toEqual(group('foo 2'));
  });

  it('drops a way of writing that two licences share at the same distance', () => {
    // Both Qux licences give `qux 1` (first word and version): neither gets it.
    expect(group('qux 1')).toBeUndefined();
    expect(group('qux alpha 1')).toEqual(['QA-1.0']);
    // `Foo Baz License 1.0` also gives `foo 1`, but `Foo-1.0` spells it exactly and is nearer.
    expect(group('foo 1')).toEqual(['Foo-1.0']);
    expect(group('foo baz')).toEqual(['Baz-1.0']);
  });

  it('knows a word of a name is ordinary prose when licence texts use it in lower case', () => {
    const prose = buildLicenceNames([
      ...Array.from({ length: 4 }, (_, i) =>
        licence(`L${i}`, `L${i}`, `a fair deal${i < 2 ? ', zlib' : ''}`),
      ),
      licence('Fair', 'Fair License', 'Fair'),
      licence('Zlib', 'zlib License', 'zlib'),
    ]);
    expect(prose.isOrdinaryWord('fair')).toBe(true);
    // Three texts use `zlib` in lower case, `deal` is in no name: neither is ordinary.
    expect(prose.isOrdinaryWord('zlib')).toBe(false);
    expect(prose.isOrdinaryWord('deal')).toBe(false);
    expect(prose.isOrdinaryWord('')).toBe(false);
  });

  it('builds from an empty list', () => {
    expect(buildLicenceNames([]).groups.size).toBe(0);
  });
});

describe('compareVersions', () => {
  it('orders numerically, then by a letter suffix, with no version first', () => {
    expect(compareVersions('2', '10')).toBeLessThan(0);
    expect(compareVersions('2.1', '2')).toBeGreaterThan(0);
    expect(compareVersions('1.3a', '1.3c')).toBeLessThan(0);
    expect(compareVersions(null, '1')).toBeLessThan(0);
    expect(compareVersions('3', '3')).toBe(0);
  });
});
