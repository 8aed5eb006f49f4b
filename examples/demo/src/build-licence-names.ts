import { isLicenceWord, type NameToken, licenceNameTokens } from './licence-name-tokens.js';

/** `only` / `or later` as an id or a question states it; `null` when neither is said. */
export type Qualifier = 'only' | 'later' | null;

/** One SPDX id of a group, with the qualifier its id or name carries. */
export interface NameGroupMember {
  id: string;
  qualifier: Qualifier;
  /** The id spells its qualifier out (`GPL-2.0-only`), unlike the deprecated `GPL-2.0` and `GPL-2.0+`. */
  explicit: boolean;
}

/** Ids that differ only by `only` / `or later` (their texts are the same licence): what a name resolves to. */
export interface NameGroup {
  members: NameGroupMember[];
}

/** The ways of writing each licence's name, generated from the corpus's own ids and names. */
export interface LicenceNames {
  /** Space-joined normalised tokens of a way of writing a name → the licence it means. */
  groups: ReadonlyMap<string, NameGroup>;
  /** Every prefix of every key, so a scan extends a match only while one can still be found. */
  prefixes: ReadonlySet<string>;
  /**
   * Whether a one-word name is ordinary prose in the corpus (`fair`, `check`, but not `zlib`): a question must
   * then mark it as a name (capitals such as `MIT`, or a following `license`) before it counts.
   */
  isOrdinaryWord(word: string): boolean;
}

/** The id, name and text of one licence (a `LicenceDocument` fits). */
export interface NamedLicence {
  id: string;
  name: string;
  text: string;
}

/**
 * Aliases that no id or name in the corpus spells, for licences better known by them. Everything else (short
 * forms, word orders, versions as words or digits, `only` / `or later`) is generated from the ids and
 * names themselves.
 */
const ALIASES: ReadonlyArray<readonly [alias: string, id: string]> = [
  ['Expat', 'MIT'],
  ['Modified BSD', 'BSD-3-Clause'],
];

// How far a derived way of writing a name is from the id or name it came from; the nearest one wins.
const COST = {
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

interface Variant {
  key: string;
  cost: number;
  group: string;
  version: string | null;
}

// A word that occurs, in lower case, in at least this many licence texts is ordinary prose.
const ORDINARY_WORD_DOCUMENTS = 4;

/**
 * Generates the ways of writing every licence's name from its SPDX id and its `name` in the list: the id and
 * the name as tokens (`gpl 2`, `general public 2`), without the version (the latest version wins: `GPL` →
 * GPL-3.0, `PSF` → PSF-2.0), up to the version (`Creative Commons Attribution 4.0`), with the clause count first
 * (`3 clause bsd`), with the version first (`version 2 of the GPL`), the name's quoted nicknames (`New BSD`) and
 * its first word with the version (`Mozilla 2.0`).
 * A way of writing that two different licences share at the same distance is dropped as ambiguous.
 */
export function buildLicenceNames(licences: readonly NamedLicence[]): LicenceNames {
  const members = new Map<string, NameGroupMember[]>();
  const variants: Variant[] = [];
  const ids = new Set(licences.map((licence) => licence.id));
  for (const licence of licences) {
    const fromId = stripQualifier(words(licenceNameTokens(licence.id)));
    const fromName = stripQualifier(words(licenceNameTokens(licence.name)));
    if (fromId.key.length === 0) continue;
    const group = fromId.key.join(' ');
    const list = members.get(group) ?? [];
    list.push({
      id: licence.id,
      qualifier: fromId.qualifier ?? fromName.qualifier,
      // `GPL-2.0-or-later` is how the list writes it today; `GPL-2.0+` and `GPL-2.0` are deprecated forms.
      explicit: fromId.qualifier !== null && !licence.id.endsWith('+'),
    });
    members.set(group, list);
    variants.push(...variantsOf(fromId.key, group, 0));
    for (const form of nameForms(licence.name)) {
      variants.push(...variantsOf(stripQualifier(form.key).key, group, form.cost));
    }
    variants.push(...nameOnlyVariants(licence.name, fromName.key, group));
  }
  for (const [alias, id] of ALIASES) {
    if (!ids.has(id)) continue;
    const group = stripQualifier(words(licenceNameTokens(id))).key.join(' ');
    const key = words(licenceNameTokens(alias)).join(' ');
    variants.push({ key, cost: COST.alias, group, version: null });
  }

  const byKey = new Map<string, Variant[]>();
  for (const variant of variants) {
    if (variant.key === '') continue;
    const list = byKey.get(variant.key);
    if (list === undefined) byKey.set(variant.key, [variant]);
    else list.push(variant);
  }
  const groups = new Map<string, NameGroup>();
  const prefixes = new Set<string>();
  for (const [key, candidates] of byKey) {
    const group = resolveGroup(candidates);
    if (group === null) continue;
    groups.set(key, { members: sortMembers(members.get(group) ?? []) });
    const parts = key.split(' ');
    for (let length = 1; length <= parts.length; length++) prefixes.add(parts.slice(0, length).join(' '));
  }
  const ordinary = ordinaryWords(licences, groups);
  return { groups, prefixes, isOrdinaryWord: (word) => ordinary.has(word) };
}

function words(tokens: readonly NameToken[]): string[] {
  return tokens.filter((token) => !token.filler).map((token) => token.norm);
}

/** Splits a trailing `only`, `+`, `or later` or `or-later` off a name. */
function stripQualifier(key: readonly string[]): { key: string[]; qualifier: Qualifier } {
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
function nameForms(name: string): Array<{ key: string[]; cost: number }> {
  const tokens = licenceNameTokens(name);
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
function variantsOf(key: readonly string[], group: string, extra: number): Variant[] {
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
function nameOnlyVariants(name: string, key: readonly string[], group: string): Variant[] {
  const out: Variant[] = [];
  const first = key[0];
  if (first === undefined || isNumber(first)) return out;
  for (const quoted of name.matchAll(/"([^"]{1,40})"/g)) {
    const nickname = words(licenceNameTokens(quoted[1]!));
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

/** The group the nearest candidates agree on (the latest version among them), or null when they disagree. */
function resolveGroup(candidates: readonly Variant[]): string | null {
  const best = Math.min(...candidates.map((candidate) => candidate.cost));
  let nearest = candidates.filter((candidate) => candidate.cost === best);
  const latest = nearest.reduce<string | null>(
    (max, candidate) => (compareVersions(candidate.version, max) > 0 ? candidate.version : max),
    null,
  );
  nearest = nearest.filter((candidate) => compareVersions(candidate.version, latest) === 0);
  const groups = new Set(nearest.map((candidate) => candidate.group));
  return groups.size === 1 ? nearest[0]!.group : null;
}

/** Compares `2` with `2.1`, `1.3a` with `1.3c`; `null` (no version) sorts first. */
export function compareVersions(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    const nx = Number.parseInt(x, 10);
    const ny = Number.parseInt(y, 10);
    if (nx !== ny) return nx - ny;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Explicit `-only` first, then ids without a qualifier, then the rest; by id within each. */
function sortMembers(list: readonly NameGroupMember[]): NameGroupMember[] {
  const rank = (member: NameGroupMember): number =>
    member.qualifier === 'only' ? (member.explicit ? 0 : 2) : member.qualifier === null ? 1 : 3;
  return [...list].sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * A word is ordinary prose when it occurs in lower case, as a whole word, in several licence texts. The counts
 * are taken once, for the words of the names, in one pass over the texts (ASCII words: a name word with other
 * letters is never taken for prose).
 */
function ordinaryWords(
  licences: readonly NamedLicence[],
  groups: ReadonlyMap<string, NameGroup>,
): Set<string> {
  const wanted = new Set([...groups.keys()].flatMap((key) => key.split(' ')));
  const counts = new Map<string, number>();
  for (const licence of licences) {
    const seen = new Set<string>();
    for (const match of licence.text.matchAll(/[a-z]+/g)) if (wanted.has(match[0])) seen.add(match[0]);
    for (const found of seen) counts.set(found, (counts.get(found) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, count]) => count >= ORDINARY_WORD_DOCUMENTS).map(([found]) => found));
}
