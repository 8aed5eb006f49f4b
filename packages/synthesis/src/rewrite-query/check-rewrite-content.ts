import { DEFAULT_STOP_WORDS } from '@gk/citations';
import { stripInvisible, wholeRun } from '@gk/internal';
import { matchRuns } from '../match-runs.js';
import { keepsNumbers } from './keeps-numbers.js';
import { oneSpace } from './one-space.js';
import { QueryRewriteError } from './query-rewrite-error.js';

// The instructions ask the model to keep names, numbers and technical terms as written; these checks hold it to
// that, since a rewrite that drops `2019` or swaps in another act finds other documents and nothing says so.

// Read in pieces of at most 2^16 joined by `matchRuns`, so that a run of millions does not overflow V8's stack.
const WORD = /[\p{L}\p{M}\p{N}]{1,65536}/gu;
const CAPITAL = /[\p{Lu}\p{Lt}]/u;
// A number's scientific exponent, which `keepsNumbers` reads, not a name: `1E3`, or `1E` before a signed exponent
// (`1E-3`, `2.5E+6`).
const EXPONENT_WORD = new RegExp(`^${wholeRun('\\p{Nd}')}E(?:${wholeRun('\\p{Nd}')})?$`, 'u');
const SIGNED_EXPONENT = /^[+\-\u2010-\u2013\u2212]\p{Nd}/u;
const SENTENCE_END = /[.!?…:;\n\r\u2028\u2029]/u;
// Quoted phrases of the query, pair by pair; the opening mark is outside the inner class too, so an unclosed run of
// opening marks is scanned once (linear), not once per mark. ASCII and curly single quotes are apostrophes as often,
// and a `"` right after a digit is an inch mark (`27" monitor`), which opens no phrase (`"iPhone 15"` is one).
// Each phrase's characters are read whole in pieces (`wholeRun`; none is its closing mark): `[^"\n]+` kept a backtrack
// entry per character once V8 compiles patterns without optimizations, and a phrase of millions overflowed its stack.
// Groups: each pair's phrase, then its piece (read the first group set).
const PHRASE = /* @__PURE__ */ (() =>
  new RegExp(
    [
      ['(?<!\\p{Nd})"', '"', '"'],
      ['\\u201c', '\\u201c\\u201d', '\\u201d'],
      ['\\u201e', '\\u201e\\u201c\\u201d', '[\\u201c\\u201d]'],
      ['\\u00ab', '\\u00ab\\u00bb', '\\u00bb'],
      ['\\u00bb', '\\u00ab\\u00bb', '\\u00ab'],
      ['\\u300c', '\\u300c\\u300d', '\\u300d'],
      ['\\u300e', '\\u300e\\u300f', '\\u300f'],
    ]
      .map(([open, marks, close]) => `${open}(${wholeRun(`[^${marks}\\n]`)})${close}`)
      .join('|'),
    'gu',
  ))();
// Google's and Bing's operators named with a colon (`site:`, `hasfeed:`, `instreamset:`, `NEAR:`; `all` before any
// of them too: `allintitle:`).
const NAMED_OPERATORS =
  'site|inurl|intitle|intext|inanchor|inbody|inposttitle|filetype|ext|related|cache|info|link|' +
  'linkfromdomain|define|before|after|daterange|numrange|source|location|loc|lang|language|author|' +
  'feed|hasfeed|ip|domain|url|contains|prefer|instreamset|imagesize|stocks|weather|map|movie|near|' +
  'blogurl|insubject|safesearch';
// Scripts written without spaces between words, by script extension (as the redaction patterns read them).
const SPACELESS = '\\p{scx=Han}\\p{scx=Hira}\\p{scx=Kana}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmr}\\p{scx=Mymr}';
// The rest of an operator's term as written: up to a space.
// A term's rest, read in pieces of at most 65,536 characters, each taken whole (a lookahead, then a backreference to
// what it read): what `[^\s]*` matches, as nothing after it gives back a character, without a backtrack entry per
// character where V8 does not optimize a repeated class (in a process that has compiled many regular expressions, an
// 8 MB term overflowed its stack).
const TERM_TAIL = (rule: string): string => `(?:(?=(?<${rule}Tail>[^\\s]{1,65536}))\\k<${rule}Tail>)*`;
// The rest of a term of the query as its words end it: also at a backtick or an angle bracket around it, and where a
// script written without spaces follows a letter or digit of another (`` `--force` ``, `<https://…/docs>`,
// `https://…/policyの…`), so a rewrite may write it without them; a path's own characters (`/wiki/東京`) stay in it.
// The regex reads none of it, only marks with an empty group named after its rule where a term's rest starts (see
// `queryOperators`): V8 keeps a backtrack entry per repeat of a quantified group, and per character of a class on text
// beyond Latin-1, which overflows its stack on a long term.
const QUERY_TERM_TAIL = (rule: string): string => `(?<${rule}>)`;
const TAILED_RULES = ['named', 'address', 'excluded'] as const;
// Runs of a term's rest (at most 2^16 characters a match, so that none overflows): up to a script written without
// spaces, and that script's characters where they do not end the term (after one of its own, or after no letter or
// digit).
const TERM_RUN = new RegExp(`[^\\s\`<>${SPACELESS}]{1,65536}`, 'uy');
const SPACELESS_RUN = new RegExp(`(?:(?<![\\p{L}\\p{N}])|(?<=[${SPACELESS}]))[${SPACELESS}]{1,65536}`, 'uy');
// One end of a number range, with any currency sign, or a code of up to three letters, before or after its number
// (`$300`, `₹300`, `US$300`, `R$300`, `CHF300`, `300€`, `300USD`). Each run of digits, of a handle's or a tag's
// characters below, is read whole (see `wholeRun`), as `+` reads it: nothing after it starts with one of them.
const rangeEnd = (): string =>
  `(?:\\p{L}{1,3}\\p{Sc}?|\\p{Sc})?${wholeRun('\\p{Nd}')}(?:[.,]${wholeRun('\\p{Nd}')})?(?:\\p{Sc}|\\p{L}{1,3})?`;

/**
 * Search operators that narrow or redirect a search, a web address, and an excluded term (`-term`, `-"phrase"`), each
 * term's rest read by `tail`: each hides documents the user's query would find. `OR` and `AND` are not refused: they
 * join synonyms a rewrite may add, and the query's own terms must still be there (checked below). Each rule starts
 * only where its run starts or reads a bounded stretch (a scheme of at most 32 characters), so the scan is linear in
 * the query (`a.a.a…`, `a-a-a…`).
 */
function operatorPattern(tail: (rule: (typeof TAILED_RULES)[number]) => string): RegExp {
  return new RegExp(
    [
      // Not inside a scope (`std::map::find`, `Foo::link`), which no engine reads as an operator.
      `(?<![\\p{L}\\p{N}_:])(?:all)?(?:${NAMED_OPERATORS}):(?!:)${tail('named')}`,
      `(?<![\\p{L}\\p{N}])(?:[a-z][a-z\\d+.-]{0,31}:\\/\\/|www\\.)${tail('address')}`,
      // A `-` (or `--`) that starts a word, after a space or any sign but those a hyphenated word follows (`e-mail`,
      // `U.S.-based`, `(GDPR)-compliant`, `50%-off`): `-term`, `(-term`, `"-term"`, `,-term`, `--term`; not an
      // exponent's minus after a number and `^` (`10^-3`, as `10⁻³` writes it). The run of `-` is read whole (what
      // follows it is no `-`).
      `(?<![\\p{L}\\p{M}\\p{N}_.)\\]}%-])(?!(?<=\\p{Nd}\\^)-\\p{Nd})${wholeRun('-')}[^\\s-]${tail('excluded')}`,
      // Google's social operator (`@reddit`) and hashtag (`#renting`, at least one letter) where a word starts, each
      // the handle or tag alone (`@app.route` and `#MeToo's` are `@app` and `#metoo`, as the query may hold them
      // glued); an e-mail address's `@` follows its name, and `C#` or `&#39;` start no word.
      `(?<![\\p{L}\\p{M}\\p{N}_.%+@-])@${wholeRun('[\\p{L}\\p{N}_]')}`,
      `(?<![\\p{L}\\p{M}\\p{N}_&#])#(?=(?:${wholeRun('[\\p{N}_]')})?\\p{L})${wholeRun('[\\p{L}\\p{N}_]')}`,
      // Google's number range (`2019..2021`, `$300..$500`, `₹300..₹500`) and proximity operator (`AROUND(3)`).
      `(?<![\\p{L}\\p{N}_])${rangeEnd()}\\.\\.${rangeEnd()}`,
      `(?<![\\p{L}\\p{N}_])around ?\\( ?${wholeRun('\\p{Nd}')} ?\\)`,
    ].join('|'),
    'giu',
  );
}
const OPERATOR = operatorPattern(TERM_TAIL);
const QUERY_OPERATOR = operatorPattern(QUERY_TERM_TAIL);
// Signs that end a sentence or close a bracket or quote after an operator (`site:gov.uk.`), not part of it.
const TRAILING_SIGNS = new Set('.,;!?)]}\'"\u201d\u2019\u00bb');
// A reply that is no query: an apology or a refusal addressed to the user (`I cannot help with that request.`, `I'm
// afraid I can't`, `As a language model, I cannot browse the web.`, `Unable to rewrite: ...`), or one that answers the
// user first (`Sure! ...`). A query that opens the same way (`I cannot log in to my account`) holds the opening itself.
// `I cannot` and `Unable to` refuse only as a whole refusal does: before a verb of refusing (`help`, `assist`,
// `rewrite`, `browse`), before `do that` or `access the internet`, or ending the reply; `Unable to access jarfile java`
// and `I cannot turn on laptop fix` are queries.
const CANNOT =
  "(?:(?:i|we)(?:'m| am|'re| are) (?:unable|not able) to|(?:i|we) (?:cannot|can't|can not|won't|will not|could not|" +
  "couldn't|am unable to|must decline to|do not|don't)|unable to)";
// A refusal in the first person, which no query holds unless the user wrote it.
const REFUSING_I =
  "(?:(?:i|we)(?:'m| am|'re| are) (?:unable|not able) to|(?:i|we) (?:cannot|can't|can not|won't|will not|could not|" +
  "couldn't|am unable to|must decline to|won't be able to))";
// Languages an injected instruction asks the answer in (`Please answer in French.`).
const LANGUAGES =
  '(?:english|french|german|spanish|italian|portuguese|dutch|russian|ukrainian|polish|czech|swedish|danish|' +
  'norwegian|finnish|greek|turkish|arabic|hebrew|persian|hindi|bengali|urdu|chinese|mandarin|cantonese|japanese|' +
  "korean|vietnamese|thai|indonesian|malay|another language|a different language|(?:the )?user's language)";
const REFUSED =
  '(?:(?:help|assist|provide|answer|comply|rewrite|fulfil|fulfill|browse)\\b|' +
  '(?:do|process|complete|perform|support|generate|create|search|access|find|give|share|change|modify)' +
  '(?:\\s+(?:that|this|it|so|such|your|the (?:web|internet|request)|real-time|external|websites?|links?|urls?|' +
  'internet|web|online)\\b|[.!]?$))';
// Read where a sentence starts: at the start, after a sentence's end, an opening bracket or a dash between spaces
// (`refund policy. I cannot help with that.`, `refund policy (sorry, ...)`, `refund policy - as an AI, ...`).
const SENTENCE_START = '(?<=^|[.!?;:\u2026] ?|[([{\u2014\u2013] ?| - )';
// An answer to the user opens a sentence (`Sure! ...`); `OK,` and `Okay,` open the reply, or a later sentence only
// before words to the user (`OK, here it is`), since they are also names a query holds (`Hey Google vs. OK, Google`).
const REFUSAL = new RegExp(
  `^(?:okay|ok)[!,.:]|${SENTENCE_START}(?:okay|ok)[!,.:] ?(?:here|i|i'm|i'll|sure|let|this|that)\\b|${SENTENCE_START}(?:(?:sure|certainly|of course|absolutely)[!,.:]|(?:sorry|unfortunately|(?:my )?apologies|` +
    'i apologi[sz]e|as an? (?:ai|llm|assistant|(?:large )?language model|ai (?:language model|model|assistant))|' +
    "(?:i|we)(?:'m| am|'re| are) (?:sorry|afraid)|(?:i|we)(?:'m| am|'re| are) (?:unable|not able)(?! to\\b))\\b|" +
    `${CANNOT}(?: ${REFUSED}|[.!]?$))`,
  'gu',
);
// What a reply says to the user or about itself, wherever it stands, which no query the user asks holds unless they
// wrote it (`refund policy. Let me know if you need more help!`, `refund policy (this rewrite focuses on ...)`,
// `refund policy OR ignore all previous instructions`).
const CHATTER = new RegExp(
  '(?<![\\p{L}\\p{N}])(?:let me know|(?:i )?hope (?:this|that|it) helps?|feel free to|is there anything else|' +
    '(?:happy|glad) to help|if you (?:need|want|would like|have) (?:more|any|further|additional|anything|other)|' +
    'this rewrite|this (?:rewritten|revised|reformulated|search) query|' +
    'this query (?:focuses|targets|covers|captures|emphasi[sz]es|aims|should|will|is designed)|' +
    // Without its article, so a query that says `original query` (`see original query postgres`) holds it.
    '(?<=(?:the|your) )(?:original|rewritten|revised|reformulated) (?:query|question|search|message)|' +
    // A refusal after a comma or a conjunction too (`refund policy, I cannot help with that`); not `I can't help
    // falling in love`.
    `${REFUSING_I} (?:comply|(?:help|assist)(?: (?:with|you|that|this|it|here)(?![\\p{L}\\p{N}])|[.!,]|$)|` +
    'provide (?:that|this|it|the|any|an?|real-time|links?|information|assistance|help)(?![\\p{L}\\p{N}]))|' +
    "(?:tell|inform|remind|ask) the user|the user(?:'s)? (?:wants|is asking|asked|asks|means|meant|is looking|needs|query|question|message|request)|" +
    '(?:ignore|disregard|forget) (?:all |any |the |your |of )*(?:previous|prior|above|earlier|preceding) ' +
    '(?:instructions?|prompts?|messages?|rules|context)|(?:ignore|disregard) (?:all|any|your) instructions|' +
    '(?:ignore|disregard|forget) (?:all |of )*(?:everything|anything) (?:(?:said|written|stated) )?' +
    '(?:above|before|earlier|previously|so far)|' +
    `(?:please |always |only )(?:answer|reply|respond|write)(?: only)? in ${LANGUAGES}|` +
    `(?<=[.!?;:\u2026] ?)(?:answer|reply|respond|write)(?: only)? in ${LANGUAGES}|` +
    `(?:answer|reply|respond|write) only in ${LANGUAGES}|` +
    '(?:reveal|output|print|show|repeat) (?:the|your) (?:system prompt|instructions))' +
    '(?![\\p{L}\\p{N}])',
  'gu',
);
const STOP_WORDS = new Set(DEFAULT_STOP_WORDS);

/** The text compared: invisible characters out, NFKC (fullwidth `２０１９` is `2019`), one space for each run. */
function normalize(text: string): string {
  return oneSpace(stripInvisible(text).normalize('NFKC'));
}

const lower = (text: string): string => text.toLowerCase();

/**
 * Refuses a rewrite that is no query (`not_a_query`: a refusal, an apology, or no letter or digit at all), adds a search operator, address or excluded term the query does
 * not hold (`added_operator`), or drops a number, a quoted phrase or a name written with a capital inside a sentence
 * (`dropped_term`). Compared case-insensitively after NFKC. Linear in the query and the rewrite together (refusals and
 * chatter the query may hold are looked up in an index of its substrings, see `missingSubstring`).
 */
export function checkRewriteContent(query: string, rewritten: string): void {
  const q = normalize(query);
  const qLower = lower(q);
  const r = normalize(rewritten);
  const rLower = lower(r);
  // Signs or marks alone (`.`, `???`, a combining accent) search for nothing the user asked.
  if (!/[\p{L}\p{N}]/u.test(r)) {
    throw new QueryRewriteError(
      'not_a_query',
      'The query rewrite holds no letter or digit; expected a search query.',
    );
  }
  // Each refusal or chatter is refused unless the query holds the same words (looked up in linear time, as phrases were).
  const rApostrophes = rLower.replaceAll('\u2019', "'");
  const said = [...rApostrophes.matchAll(REFUSAL), ...rApostrophes.matchAll(CHATTER)].map(([words]) => words);
  if (missingSubstring(said, qLower.replaceAll('\u2019', "'"))) {
    throw new QueryRewriteError(
      'not_a_query',
      'The model replied with a refusal, an apology or words to the user, not a search query.',
    );
  }
  // What the query holds read both ways: a rewrite may keep a term with what the query wrote around it, or without.
  const queryOperators = new Set([...operators(qLower, OPERATOR), ...endedOperators(qLower)]);
  for (const operator of operators(rLower, OPERATOR)) {
    if (!queryOperators.has(operator)) {
      throw new QueryRewriteError(
        'added_operator',
        'The query rewrite adds a search operator, a web address or an excluded term that the query does not hold.',
      );
    }
  }
  // Each number of the query is one of the rewrite's (see `keepsNumbers`).
  const rewriteWords = new Set(matchRuns(rLower, WORD).map(({ text }) => text));
  // Each quoted phrase of the query is one of the rewrite's quoted phrases (any of the pairs `PHRASE` reads), whole:
  // its words without quotes, or quoted in part or with more inside, search for something else.
  const rewritePhrases = new Set(phrases(rLower));
  const missing =
    !keepsNumbers(query, rewritten) ||
    names(q).some((name) => !rewriteWords.has(name)) ||
    phrases(qLower).some((phrase) => !rewritePhrases.has(phrase));
  if (missing) {
    throw new QueryRewriteError(
      'dropped_term',
      'The query rewrite drops a number, a quoted phrase or a name of the query; expected every one kept as written.',
    );
  }
}

/**
 * The query's operators read with each term ending where its words end (a backtick, an angle bracket, a script written
 * without spaces), but only where what follows could not go on writing the same term: after backticks or angle
 * brackets no letter or digit of a script written with spaces and no dot before a letter or digit (`` site:ex`ample.com ``
 * is not `site:ex`), after a change of script neither up to the next space (`url:abc東京.com` and `site:abc公司.公司` are
 * not `url:abc` and `site:abc`). Linear: what each position has ahead is read once.
 */
function endedOperators(text: string): string[] {
  const goesOnAhead = new Uint8Array(text.length + 1); // a sign the term goes on between here and the next space
  for (let i = text.length - 1; i >= 0; i--) {
    goesOnAhead[i] = /\s/u.test(text[i]!) ? 0 : goesOn(text, i) ? 1 : goesOnAhead[i + 1]!;
  }
  const found: string[] = [];
  for (const [index, end] of queryOperators(text)) {
    if (WRAPPERS.includes(text[end] ?? ' ')) {
      let after = end;
      while (WRAPPERS.includes(text[after] ?? ' ')) after++;
      if (goesOn(text, after)) continue;
    } else if (goesOnAhead[end] === 1) continue;
    found.push(withoutTrailingSigns(text.slice(index, end)));
  }
  return found;
}
const WRAPPERS = '`<>';

/**
 * Where each of the query's operators starts and ends in `text` (see `QUERY_OPERATOR`), a term's rest read in runs up
 * to where its words end (see `QUERY_TERM_TAIL`). Linear in the text.
 */
function queryOperators(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  QUERY_OPERATOR.lastIndex = 0;
  for (let match = QUERY_OPERATOR.exec(text); match !== null; match = QUERY_OPERATOR.exec(text)) {
    let end = match.index + match[0].length;
    // Each rule but those without a term's rest (`@`, `#`, a range, `AROUND`) marks where it starts by an empty group.
    if (TAILED_RULES.some((rule) => match.groups![rule] !== undefined)) {
      for (let run = runEnd(text, end); run !== -1; run = runEnd(text, end)) end = run;
    }
    found.push([match.index, end]);
    QUERY_OPERATOR.lastIndex = end;
  }
  return found;
}

/** Where the run of a term's rest from `at` in `text` ends (see `TERM_RUN`), or -1 where the term ends at `at`. */
function runEnd(text: string, at: number): number {
  for (const run of [TERM_RUN, SPACELESS_RUN]) {
    run.lastIndex = at;
    if (run.test(text)) return run.lastIndex;
  }
  return -1;
}
// A letter or digit of a script written with spaces, which a term cut at a change of script may go on with.
const SPACED_ALNUM = new RegExp(`^(?![${SPACELESS}])[\\p{L}\\p{N}]`, 'u');
const ALNUM = /^[\p{L}\p{N}]/u;
/**
 * Whether the character at `i` shows the term going on: a letter or digit of a script written with spaces, or a dot
 * before any letter or digit (a domain's next label, `公司.公司`).
 */
function goesOn(text: string, i: number): boolean {
  const rest = text.slice(i, i + 3);
  return SPACED_ALNUM.test(rest) || (rest[0] === '.' && ALNUM.test(rest.slice(1)));
}

/** The operators, addresses and excluded terms in `text` (lower case), without trailing punctuation. */
function operators(text: string, pattern: RegExp): string[] {
  return Array.from(text.matchAll(pattern), (match) => withoutTrailingSigns(match[0]));
}

/** `text` without the signs it ends with; a loop, since a regex anchored at the end rereads a run of them from each sign. */
function withoutTrailingSigns(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING_SIGNS.has(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

/**
 * Whether some string is not a substring of `text`. One string is looked up directly; more in the suffix automaton of
 * `text` (built in time linear in it, each string then read once), so many strings cost no more than their length and
 * the text's, where looking each up in the text would cost their number times its length.
 */
function missingSubstring(phrases: readonly string[], text: string): boolean {
  if (phrases.length <= 1) return phrases.some((phrase) => !text.includes(phrase));
  // Each state's transitions by UTF-16 code unit, its suffix link and the length of its longest string.
  const next: Array<Map<number, number>> = [new Map()];
  const link = [-1];
  const length = [0];
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const state = next.push(new Map()) - 1;
    length.push(length[last]! + 1);
    link.push(0);
    let p = last;
    while (p !== -1 && !next[p]!.has(code)) {
      next[p]!.set(code, state);
      p = link[p]!;
    }
    if (p !== -1) {
      const q = next[p]!.get(code)!;
      if (length[p]! + 1 === length[q]) link[state] = q;
      else {
        const clone = next.push(new Map(next[q]!)) - 1;
        length.push(length[p]! + 1);
        link.push(link[q]!);
        while (p !== -1 && next[p]!.get(code) === q) {
          next[p]!.set(code, clone);
          p = link[p]!;
        }
        link[q] = clone;
        link[state] = clone;
      }
    }
    last = state;
  }
  return phrases.some((phrase) => {
    let state: number | undefined = 0;
    for (let i = 0; i < phrase.length && state !== undefined; i++)
      state = next[state]!.get(phrase.charCodeAt(i));
    return state === undefined;
  });
}

/** The quoted phrases of `text` (lower case), trimmed, each once, apostrophes (`’`, `ʼ`) written `'`. */
function phrases(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PHRASE)) {
    const phrase = match
      .slice(1)
      .find((group) => group !== undefined)!
      .trim()
      .replace(/[\u2019\u02bc]/gu, "'");
    if (phrase !== '') found.add(phrase);
  }
  return [...found];
}

/**
 * The names of `text` (lower case): words holding a capital after their first letter (`GDPR`, `iPhone`) or starting
 * with one inside a sentence (`Tenant Fees Act`), but not `I`, not stop words (`The Hague` keeps `hague`) and not a
 * number's scientific exponent (`1E-3`, see `EXPONENT_WORD`). A query
 * where most words inside its sentences hold a capital (title case, shouting) says nothing by its capitals: none are
 * names then.
 */
function names(text: string): string[] {
  const found: string[] = [];
  let words = 0;
  let capitalised = 0;
  let previousEnd = 0;
  for (const { text: word, index } of matchRuns(text, WORD)) {
    const sentenceStart = index === 0 || SENTENCE_END.test(text.slice(previousEnd, index));
    previousEnd = index + word.length;
    if (!/\p{L}/u.test(word)) continue;
    const capital = CAPITAL.test(word);
    if (!sentenceStart) {
      words += 1;
      if (capital) capitalised += 1;
    }
    if (!capital) continue;
    const key = lower(word);
    if (word === 'I' || STOP_WORDS.has(key)) continue;
    const exponent =
      EXPONENT_WORD.test(word) &&
      (!word.endsWith('E') || SIGNED_EXPONENT.test(text.slice(previousEnd, previousEnd + 2)));
    if (exponent) continue;
    if (!sentenceStart || CAPITAL.test(word.slice(1))) found.push(key);
  }
  return capitalised * 2 > words ? [] : found;
}
