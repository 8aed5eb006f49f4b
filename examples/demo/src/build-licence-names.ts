import { hasCompoundWord, licenceNameTokens } from './licence-name-tokens.js';
import {
  COST,
  nameForms,
  nameOnlyVariants,
  type Qualifier,
  stripQualifier,
  type Variant,
  variantsOf,
  words,
} from './licence-name-forms.js';

export type { Qualifier };

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
  // The abbreviations the licences' own stewards use.
  ['ALv2', 'Apache-2.0'],
  ['ELv2', 'Elastic-2.0'],
];

/**
 * Other names a whole family of licences goes by, written as a replacement for the start of their names: every
 * form generated from `Apache License 2.0` is also generated from `Apache Software License 2.0` (so `ASL 2.0`).
 */
const NAME_ALIASES: ReadonlyArray<readonly [alias: string, start: string]> = [
  ['Apache Software License', 'Apache License'],
];

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
    for (const name of otherNames(licence.name)) {
      for (const form of nameForms(name)) {
        variants.push(...variantsOf(stripQualifier(form.key).key, group, form.cost));
      }
      variants.push(...nameOnlyVariants(name, stripQualifier(words(licenceNameTokens(name))).key, group));
    }
    // `ShareAlike` and `NonCommercial` are also written in two words; a question's compounds are split to match.
    const split = { splitCompounds: true };
    if (hasCompoundWord(licence.id)) {
      variants.push(...variantsOf(stripQualifier(words(licenceNameTokens(licence.id, split))).key, group, 0));
    }
    if (hasCompoundWord(licence.name)) {
      for (const form of nameForms(licence.name, split)) {
        variants.push(...variantsOf(stripQualifier(form.key).key, group, form.cost));
      }
      const key = stripQualifier(words(licenceNameTokens(licence.name, split))).key;
      variants.push(...nameOnlyVariants(licence.name, key, group, split));
    }
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

/** The name itself, then the same name under each alias of its start (`Apache Software License 2.0`). */
function otherNames(name: string): string[] {
  const names = [name];
  for (const [alias, start] of NAME_ALIASES) {
    if (name.startsWith(`${start} `)) names.push(`${alias}${name.slice(start.length)}`);
  }
  return names;
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
