import type { LicenceNames, NameGroupMember, Qualifier } from './build-licence-names.js';
import { isLicenceWord, type NameToken, licenceNameTokens } from './licence-name-tokens.js';

/** A licence named in a question, and where. */
export interface LicenceMention {
  /** The SPDX id the name resolves to (for `GPLv2`, `GPL-2.0-only`; for `GPLv2 or later`, `GPL-2.0-or-later`). */
  id: string;
  /** The characters of the question that name it, `only` / `or later` included. */
  start: number;
  end: number;
}

/**
 * Finds the licences a question names, by SPDX id, full name or a short form (`3-clause BSD`, `GNU GPL v2`,
 * `LGPL 2.1`, `Mozilla 2.0`, `AGPL version three`, `GPLv2 or later`), longest name first, each id once (or, with
 * `everyMention`, every time it is named), in order of mention. A name made of ordinary words counts only when written as one (see `standsAsName`): `MIT`,
 * `Zlib: ...` and `the Fair License` do, `fair use`, `source code` and `copyleft licence` do not. Linear in the
 * question.
 */
export function findMentionedLicences(
  question: string,
  names: LicenceNames,
  options: { everyMention?: boolean } = {},
): LicenceMention[] {
  const all = licenceNameTokens(question, { splitCompounds: true });
  // Positions (into `all`) of the tokens that can be part of a name: fillers are skipped over.
  const words = all.flatMap((token, position) => (token.filler ? [] : [position]));
  const mentions: LicenceMention[] = [];
  const seen = new Set<string>();
  let i = 0;
  while (i < words.length) {
    let key = '';
    let match: { group: NameGroupMember[]; last: number } | null = null;
    for (let j = i; j < words.length; j++) {
      key = key === '' ? all[words[j]!]!.norm : `${key} ${all[words[j]!]!.norm}`;
      if (!names.prefixes.has(key)) break;
      const group = names.groups.get(key);
      if (
        group !== undefined &&
        !versionTwice(all, words, i, j) &&
        standsAsName(all, words.slice(i, j + 1), question, names)
      ) {
        match = { group: group.members, last: j };
      }
    }
    if (match === null) {
      i++;
      continue;
    }
    const qualifier = readQualifier(all, words, match.last + 1);
    const id = pickMember(match.group, qualifier.qualifier);
    const lastToken = all[words[qualifier.last]!]!;
    if (id !== null && (options.everyMention === true || !seen.has(id))) {
      seen.add(id);
      mentions.push({ id, start: all[words[i]!]!.start, end: lastToken.end });
    }
    i = qualifier.last + 1;
  }
  return mentions;
}

/**
 * Whether the words at `positions` are written as a name rather than as ordinary words: with a version or
 * capitals inside (`Apache 2`, `MIT`), as a proper noun (capitalised where a sentence does not begin), with a
 * word that is not ordinary prose in the corpus (`zlib`, `oak`), before `license`, or as the question's label
 * (`Zlib: ...`). `source code`, `fair use` and `copyleft licence` are prose.
 */
function standsAsName(
  all: readonly NameToken[],
  positions: readonly number[],
  question: string,
  names: LicenceNames,
): boolean {
  const tokens = positions.map((position) => all[position]!);
  if (tokens.some((token) => token.kind !== 'word')) return true;
  const capitals = (token: NameToken): number => token.raw.replace(/[^\p{Lu}]/gu, '').length;
  if (tokens.some((token) => capitals(token) >= 2 || /licen[cs]/.test(token.norm))) return true;
  const first = tokens[0]!;
  const last = tokens.at(-1)!;
  const before = question.slice(0, first.start).trimEnd();
  const opensSentence = before === '' || /[.!?:]$/.test(before);
  // `Zlib: do I have to ...`: a name used as the label of the question.
  if (before === '' && question.slice(last.end).startsWith(':')) return true;
  const proper = tokens.some((token, k) => capitals(token) > 0 && (k > 0 || !opensSentence));
  const rare = tokens.some((token) => !names.isOrdinaryWord(token.norm));
  const next = all[positions.at(-1)! + 1];
  const licenceFollows = isLicenceWord(next) && next!.start - last.end <= 1;
  // `NonCommercial`, `ShareAlike`: ordinary words written as one word are that word (an element of a licence, a
  // term it defines), not the name of a licence, unless `licence` follows.
  const oneWord = tokens.every((token, k) => k === 0 || token.start === tokens[k - 1]!.end);
  if (tokens.length > 1 && oneWord && !rare) return licenceFollows;
  if (tokens.length > 1) return proper || rare || licenceFollows;
  if (licenceFollows) return rare || capitals(first) > 0;
  return proper && rare;
}

/**
 * Whether the words `i..j` read as a name with its version first (`version 2 of the GPL`, `two GPL`) while the name is
 * followed by a version of its own: in `one MPL-2.0 file` the `one` counts files, and the name is `MPL-2.0`.
 */
function versionTwice(all: readonly NameToken[], words: readonly number[], i: number, j: number): boolean {
  const next = words[j + 1];
  return all[words[i]!]!.kind === 'number' && next !== undefined && all[next]!.kind === 'number';
}

/** `only`, `+`, `or later`, `or any later (version)`, `or newer`, `and later` right after a name. */
function readQualifier(
  all: readonly NameToken[],
  words: readonly number[],
  from: number,
): { qualifier: Qualifier; last: number } {
  const at = (offset: number): string | undefined => {
    const position = words[from + offset];
    return position === undefined ? undefined : all[position]!.norm;
  };
  if (at(0) === 'only') return { qualifier: 'only', last: from };
  if (at(0) === '+') return { qualifier: 'later', last: from };
  if (at(0) === 'or' || at(0) === 'and') {
    const next = at(1) === 'any' ? 2 : 1;
    if (['later', 'newer', 'above', 'greater'].includes(at(next) ?? ''))
      return { qualifier: 'later', last: from + next };
  }
  return { qualifier: null, last: from - 1 };
}

/** The member the question's qualifier asks for; without one, the group's first member (`-only` first). */
function pickMember(members: readonly NameGroupMember[], qualifier: Qualifier): string | null {
  if (qualifier !== null) {
    const asked = members.filter((member) => member.qualifier === qualifier);
    const chosen = asked.find((member) => member.explicit) ?? asked[0];
    if (chosen !== undefined) return chosen.id;
  }
  return members[0]?.id ?? null;
}
