// Function words, words that frame a question (`which licence says ...`) and the words that occur in nearly every
// licence; they carry no signal for ranking.
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing down during each few for from further had has have ' +
    'having he her here hers him his how i if in into is it its itself just me more most my no nor not now ' +
    'of off on once only or other our ours out over own same she should so some such than that the their ' +
    'theirs them then there these they this those through to too under until up very was we were what when ' +
    'where which while who whom why will with would you your yours license licence licenses licences ' +
    'say says said mention mentions mentioned exactly actually really please'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;
// `isn't`, `can't`, `won't`: the negation, which is a stop word like the verb before it; `it's`, `we'll`, `you're`,
// `author's`: the fragment after the apostrophe carries nothing. Left alone, `isn` and `t` become rare terms that a
// passage rarely holds, and a question written with contractions retrieves less than the same question without.
const NEGATION = /(?:ca|wo|sha)?n['\u2019]t\b/gu;
const CLITIC = /['\u2019](?:s|d|ll|m|re|ve)\b/gu;

/**
 * Lower-cases, splits on anything that is not a letter or digit, drops stop words and strips a few English
 * suffixes, so that `changes`, `changed` and `change` meet; used for indexing and for queries alike.
 */
export function tokenizeTerms(text: string): string[] {
  const terms: string[] = [];
  const plain = text.toLowerCase().replace(NEGATION, ' not').replace(CLITIC, '');
  for (const match of plain.matchAll(WORD)) {
    const word = match[0];
    if (STOP_WORDS.has(word)) continue;
    terms.push(stemWord(word));
  }
  return terms;
}

// An adverb made from an adjective (`publicly`, `commercially`, `remotely`) is about what the adjective is about.
const ADVERB = /(?:al|e|ic|nt|ous|ive|ful)ly$/;

// Four-letter words meet their inflections as longer words do (`names` → `nam`): a final `e` goes (`name`, `file`,
// `code`, not `free`), and so does the ending of a three-letter word's plural or past (`uses`, `fees`, `ends`;
// `used`, `owed`; not `this`, `less`, `plus`, `bias`, `need`, `shed`).
const SHORT_E = /^[a-z]{2}[^e\W]e$/;
const SHORT_PLURAL = /^[a-z]{3}s$/;
const NOT_PLURAL = /(?:ss|us|is|as)$/;
const SHORT_PAST = /^(?:[aeiou][a-z]|[^aeiou][aiouy])ed$/;

const ACTION_NOUN = /ions?$/;

function stemWord(raw: string): string {
  const word = raw.length >= 7 && ADVERB.test(raw) ? raw.slice(0, -2) : raw;
  if (SHORT_E.test(word) || (SHORT_PLURAL.test(word) && !NOT_PLURAL.test(word)) || SHORT_PAST.test(word))
    return word.slice(0, 3);
  if (word.length <= 4) return word;
  // A noun in -ion is about what its verb does: `translation(s)` and `translate`, `violation` and `violate`.
  if (word.length >= 7 && ACTION_NOUN.test(word)) return word.replace(ACTION_NOUN, '');
  const base = word.replace(/(?:ies|ied)$/, 'y').replace(/(?:ing|ed|es|s)$/, '');
  const stem = base.endsWith('e') ? base.slice(0, -1) : base;
  return stem.length >= 3 ? stem : word;
}
