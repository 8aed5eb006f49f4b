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
 * `LGPL 2.1`, `Mozilla 2.0`, `AGPL version three`, `GPLv2 or later`), longest name first, each id once, in order
 * of mention. A one-word name counts only when written as one: with capitals inside (`MIT`, `PSF`), followed by
 * `license`, as a capitalised word that is not ordinary prose in the corpus (`Zlib`, but not `Fair`), or as
 * the label that opens the question (`Zlib: ...`). Linear in the question.
 */
export function findMentionedLicences(question: string, names: LicenceNames): LicenceMention[] {
  const all = licenceNameTokens(question);
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
      if (group !== undefined && (j > i || standsAsName(all, words[i]!, question, names))) {
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
    if (id !== null && !seen.has(id)) {
      seen.add(id);
      mentions.push({ id, start: all[words[i]!]!.start, end: lastToken.end });
    }
    i = qualifier.last + 1;
  }
  return mentions;
}

/** Whether a one-word name at `position` is written as a name rather than as an ordinary word. */
function standsAsName(
  all: readonly NameToken[],
  position: number,
  question: string,
  names: LicenceNames,
): boolean {
  const token = all[position]!;
  if (token.kind !== 'word') return true;
  const capitals = token.raw.replace(/[^\p{Lu}]/gu, '').length;
  if (capitals >= 2 || /licen[cs]/.test(token.norm)) return true;
  if (isLicenceWord(all[position + 1]) && all[position + 1]!.start - token.end <= 1) return true;
  if (capitals === 0) return false;
  const before = question.slice(0, token.start).trimEnd();
  const opensSentence = before === '' || /[.!?:]$/.test(before);
  // `Zlib: do I have to ...`: a name used as the label of the question.
  if (before === '' && question.slice(token.end).startsWith(':')) return true;
  return !opensSentence && !names.isOrdinaryWord(token.norm);
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
