/** A licence named in a question, and where. */
export interface LicenceMention {
  id: string;
  start: number;
  end: number;
}

// Common spellings that are not SPDX ids; each maps to the id whose text it most often means.
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['gplv2', 'GPL-2.0-only'],
  ['gplv3', 'GPL-3.0-only'],
  ['lgplv2.1', 'LGPL-2.1-only'],
  ['lgplv3', 'LGPL-3.0-only'],
  ['agplv3', 'AGPL-3.0-only'],
  ['apache 2.0', 'Apache-2.0'],
  ['apache license 2.0', 'Apache-2.0'],
  ['mpl 2.0', 'MPL-2.0'],
  ['unlicense', 'Unlicense'],
  ['zlib', 'Zlib'],
]);

// Ids such as `curl`, `check` or `Fair` are ordinary words in a question; only ids that carry a digit, a
// hyphen or two capitals (`MIT`, `0BSD`, `Apache-2.0`) are recognised as written, the rest through ALIASES.
const DISTINCTIVE = /\d|-|[A-Z].*[A-Z]/;

const CANDIDATE = /[\p{L}\p{N}][\p{L}\p{N}.+-]*(?: (?:license )?\d+(?:\.\d+)*)?/giu;

/**
 * Finds SPDX ids written in a question, case-sensitively and only when they cannot be ordinary words, plus a
 * few common aliases (`GPLv3`, `Apache 2.0`, `Unlicense`); each id is reported once, in order of mention.
 */
export function findMentionedLicences(question: string, ids: ReadonlySet<string>): LicenceMention[] {
  const mentions: LicenceMention[] = [];
  const seen = new Set<string>();
  for (const match of question.matchAll(CANDIDATE)) {
    const found = resolveCandidate(match[0], ids);
    if (found === null || seen.has(found.id)) continue;
    seen.add(found.id);
    mentions.push({ id: found.id, start: match.index, end: match.index + found.length });
  }
  return mentions;
}

function resolveCandidate(raw: string, ids: ReadonlySet<string>): { id: string; length: number } | null {
  const alias = ALIASES.get(raw.toLowerCase());
  if (alias !== undefined && ids.has(alias)) return { id: alias, length: raw.length };
  const word = raw.split(' ')[0] ?? '';
  const aliasWord = ALIASES.get(word.toLowerCase());
  if (aliasWord !== undefined && ids.has(aliasWord)) return { id: aliasWord, length: word.length };
  // Sentence punctuation after an id ("MIT?", "Apache-2.0.") is not part of it; "GPL-2.0+" keeps its plus.
  for (let end = word.length; end > 0; end--) {
    const candidate = word.slice(0, end);
    if (ids.has(candidate) && DISTINCTIVE.test(candidate)) return { id: candidate, length: end };
    if (!'.+-'.includes(word.charAt(end - 1))) break;
  }
  return null;
}
