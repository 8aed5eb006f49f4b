const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

/** Lowercased Unicode word tokens. */
export function tokenize(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(TOKEN) ?? [];
}

/** Lowercased Unicode word tokens with their offsets in `normalized` (the NFKC, lower-cased text). */
export function tokenizeWithOffsets(text: string): {
  normalized: string;
  tokens: Array<{ token: string; start: number; end: number }>;
} {
  const normalized = text.normalize('NFKC').toLowerCase();
  const tokens = [...normalized.matchAll(TOKEN)].map((match) => ({
    token: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
  return { normalized, tokens };
}

/**
 * A crude English suffix strip for matching only, so that `licenses`, `licence` and `license`, `copies` and
 * `copy`, `violation` and `violate` meet; output stays verbatim.
 */
export function stem(token: string): string {
  // `pets` and `pet`, `uses` and `use`; not `this`, `less` or `plus`.
  if (token.length === 4 && /^[a-z]{3}s$/.test(token) && !/(?:ss|us|is)$/.test(token))
    return token.slice(0, 3);
  if (token.length < 5 || !/^[a-z]+$/.test(token)) return token;
  // One suffix at most, the first rule that applies.
  let stripped: string;
  if (/ie[sd]$/.test(token)) stripped = `${token.slice(0, -3)}y`.replace(/y$/, '');
  else if (/ions?$/.test(token)) stripped = token.replace(/ions?$/, '');
  // British and American spellings meet: licence and license, defence and defense.
  else if (/ce[sd]?$/.test(token)) stripped = token.replace(/ce[sd]?$/, 's');
  else stripped = token.replace(/(?:ing|ed|es|s|e|y)$/, '');
  return stripped.length >= 3 ? stripped : token;
}

/**
 * Content terms of a text: tokens minus stop words, stemmed. A word written with `non` glued on also counts
 * as the word itself (`noncommercial` as `commercial` too): a sentence that rules something out is about it.
 */
export function terms(text: string, stopWords: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    if (stopWords.has(token)) continue;
    out.push(stem(token));
    if (token.length >= 7 && token.startsWith('non')) out.push(stem(token.slice(3)));
  }
  return out;
}
