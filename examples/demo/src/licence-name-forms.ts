import {
  isLicenceWord,
  type NameToken,
  type NameTokenOptions,
  licenceNameTokens,
} from './licence-name-tokens.js';

/** `only` / `or later` as an id or a question states it; `null` when neither is said. */
export type Qualifier = 'only' | 'later' | null;

/** How far a way of writing a name is from the id or name it came from; the nearest one wins. */
export const COST = {
  exact: 0,
  unversioned: 1,
  truncated: 1,
  contracted: 1,
  nickname: 1,
  alias: 1,
  firstWord: 2,
  firstWords: 2,
  // Per word left out: of two shortenings, the one that leaves out less is nearer.
  perDroppedWord: 0.1,
} as const;

/** One way of writing a licence's name: its tokens joined by spaces, its distance, its group and version. */
export interface Variant {
  key: string;
  cost: number;
  group: string;
  version: string | null;
}

/** The tokens that can tell licences apart: fillers (`the`, `GNU`, `license`, `version`) left out. */
export function words(tokens: readonly NameToken[]): string[] {
  return tokens.filter((token) => !token.filler).map((token) => token.norm);
}

/** Splits a trailing `only`, `+`, `or later` or `or-later` off a name. */
export function stripQualifier(key: readonly string[]): { key: string[]; qualifier: Qualifier } {
  const last = key.at(-1);
  if (last === 'only') return { key: key.slice(0, -1), qualifier: 'only' };
  if (last === '+') return { key: key.slice(0, -1), qualifier: 'later' };
  if (last === 'later' && key.at(-2) === 'or') return { key: key.slice(0, -2), qualifier: 'later' };
  return { key: [...key], qualifier: null };
}

const isNumber = (part: string | undefined): boolean => part !== undefined && /^[0-9]/.test(part);

/**
 * The name as written, and shortened: a run of words before `License` as its acronym (`GNU Lesser General Public
 * License` → `lesser gpl`, `lgpl`; `GNU Free Documentation License` → `fdl`), its first words alone
 * (`Blue Oak Model License` → `blue oak`) and without its first word (`Open Font License 1.1`).
 */
export function nameForms(
  name: string,
  options: NameTokenOptions = {},
): Array<{ key: string[]; cost: number }> {
  const tokens = licenceNameTokens(name, options);
  const forms: Array<{ key: string[]; cost: number }> = [{ key: words(tokens), cost: 0 }];
  tokens.forEach((token, at) => {
    if (!isLicenceWord(token)) return;
    const run: number[] = [];
    for (let i = at - 1; i >= 0 && run.length < 5; i--) {
      const before = tokens[i]!;
      if (before.kind !== 'word') break;
      if (before.filler) continue;
      run.unshift(i);
      if (run.length < 2) continue;
      const acronym = `${run.map((index) => tokens[index]!.norm.charAt(0)).join('')}l`;
      const key = [...words(tokens.slice(0, run[0])), acronym, ...words(tokens.slice(at + 1))];
      forms.push({ key, cost: COST.contracted });
    }
  });
  const all = words(tokens);
  const versionAt = all.findIndex(isNumber);
  const head = versionAt === -1 ? all : all.slice(0, versionAt);
  for (let length = 2; length < head.length; length++) {
    const dropped = all.length - length;
    forms.push({ key: head.slice(0, length), cost: COST.firstWords + dropped * COST.perDroppedWord });
  }
  // `SIL Open Font License 1.1` → `Open Font License 1.1`: a maker's name before the licence's own.
  if (head.length >= 3) forms.push({ key: all.slice(1), cost: COST.firstWords + COST.perDroppedWord });
  return forms;
}

/** The id's or the name's own tokens, reordered, and without the version; `extra` is added to every cost. */
export function variantsOf(key: readonly string[], group: string, extra: number): Variant[] {
  if (key.length === 0) return [];
  const out: Variant[] = [];
  const version = isNumber(key.at(-1)) && key.length > 1 ? key.at(-1)! : null;
  out.push({ key: key.join(' '), cost: extra + COST.exact, group, version });
  // `BSD 3-Clause` is also written `3-clause BSD`.
  const clause = key.findIndex((part, i) => part === 'clause' && isNumber(key[i - 1]));
  if (clause > 1) {
    const rotated = [
      ...key.slice(clause - 1, clause + 1),
      ...key.slice(0, clause - 1),
      ...key.slice(clause + 1),
    ];
    out.push({ key: rotated.join(' '), cost: extra + COST.exact, group, version });
  }
  // `Creative Commons Attribution 4.0` for `... 4.0 International`; the plain licence wins where it exists.
  const firstVersion = key.findIndex(isNumber);
  if (firstVersion > 0 && firstVersion < key.length - 1) {
    const truncated = key.slice(0, firstVersion + 1);
    const cost = extra + COST.truncated + (key.length - truncated.length) * COST.perDroppedWord;
    out.push({ key: truncated.join(' '), cost, group, version: key[firstVersion]! });
  }
  if (version !== null) {
    const base = key.slice(0, -1);
    // `version 2 of the GPL` (the filler words are gone by now).
    out.push({ key: [version, ...base].join(' '), cost: extra + COST.exact, group, version });
    // `the GPL`, `the Apache License`: the latest version is meant.
    out.push({ key: base.join(' '), cost: extra + COST.unversioned, group, version });
  }
  return out;
}

/** Nicknames quoted in the name (`BSD 3-Clause "New" or "Revised" License`) and its first word. */
export function nameOnlyVariants(
  name: string,
  key: readonly string[],
  group: string,
  options: NameTokenOptions = {},
): Variant[] {
  const out: Variant[] = [];
  const first = key[0];
  if (first === undefined || isNumber(first)) return out;
  for (const quoted of name.matchAll(/"([^"]{1,40})"/g)) {
    const nickname = words(licenceNameTokens(quoted[1]!, options));
    if (nickname.length > 0 && nickname.length < 3)
      out.push({ key: [...nickname, first].join(' '), cost: COST.nickname, group, version: null });
  }
  // `Mozilla Public License 2.0` → `mozilla 2`; `Boost Software License 1.0` → `boost`.
  const version = key.at(-1);
  const before = key.slice(0, -1);
  if (isNumber(version) && before.length >= 2 && !before.some(isNumber)) {
    out.push({ key: `${first} ${version}`, cost: COST.firstWord, group, version: version! });
    out.push({ key: first, cost: COST.firstWord + COST.unversioned, group, version: version! });
  }
  return out;
}
