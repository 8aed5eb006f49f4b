#!/usr/bin/env node
// Bundle size of what a browser app gets from the built validators (run after `npm run build`): each entry is an
// app that imports a few names, bundled and minified by esbuild for the browser with every dependency included
// (zod too), then gzipped (level 9). Budgets fail the check; the other rows are reported so a change is visible.
//   npm run check:size              the table, exit 1 past a budget
//   npm run check:size -- --json    the same as JSON
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const KB = 1024;

/**
 * What an app imports, and the most its bundle may weigh gzipped. `budget: null` is reported only: a whole
 * package bundles zod (~97 KB of it), whose size is not ours to budget.
 */
const ENTRIES = [
  // verifyAnswer runs the line queue and the checks on the whole answer, read in place; nothing only a streaming
  // answer needs is in its graph (ADR 0024, ADR 0026). The requirement is 10 KB, not met (18,575 B): refusing bad
  // arguments alone costs 1,354 B of it, the rejection messages 665 B, the word lists 644 B, the code that keeps it
  // fast about 720 B (ADR 0028), the checks that closed the holes three reviews found 859 B (ADR 0030), those that
  // closed the fourth review's and the two reviews of those checks 1,999 B (ADR 0031), and those that closed the fifth
  // review's and its second look 2,342 B (identifiers and links read as markdown renders them, quotation marks written
  // as HTML or beside invisible characters, look-alike signs at a quotation's edge, table header rows where GFM opens a
  // table, optional passage fields checked: ADRs 0033, 0035, 0036, 0037), and those that closed the sixth review's 384 B
  // (bidi controls that reorder what is shown, links glued after a digit or a sign: ADR 0042), and 955 B to check a
  // quotation that a line break cuts as a whole (ADR 0043), and 203 B to check a quotation in a source-list entry
  // (ADR 0044), and 241 B to read no marker inside a code span (ADR 0044), and 52 B so that a line cut while streaming keeps
  // the block quote, list item or heading its line opens, and 57 B so that words an entry quotes from its source are no
  // prose, and 431 B to read no marker in a fenced code block and no claim in a fence, 310 B to read none in an HTML
  // comment, 201 B none in an image's alt text, 170 B none in a link's destination and 213 B none in an HTML tag's
  // attributes (ADR 0045), and 1,234 B after a seventh review (signs beside a quotation's words, links read as far as a
  // renderer links them, look-alike colons and slashes in identifiers, processing instructions, declarations and CDATA sections, tags between sentences: ADR
  // 0046), and 1,219 B after an eighth (unit symbols and `%` beside a quotation, exponents after invisible characters,
  // links past `>>` and e-mail autolinks, link titles, reference images and closing fences as a renderer reads them,
  // character references between sentences: ADR 0047), and 1,496 B after a ninth (one reading of hidden spans for
  // markers and quotation marks, single-quoted quotations cut by a line break, every WHATWG quotation-mark reference,
  // code spans no sentence ends in, lines of symbols only, numbers and words joined by punctuation at a quotation's
  // edge, hidden words out of the support check, merged claims grown in place: ADR 0048), and 1,096 B after a second
  // look at those (markup read on its own for quotation marks and counted against support, what starts first winning
  // between code spans, tags and comments, escapes, every space and terminator before a dash, footnotes after a full
  // stop, no streamed cut inside a link's text: ADR 0048), and 1,911 B after a tenth (single-quoted quotations a block
  // cuts, HTML blocks read as raw, elements a page never shows out of support, dashes and dotted names at a
  // quotation's edge: ADR 0049). Option keys that are no option refused, and a line deep in block quotes read in linear time, came to 111 B.
  // After a thirteenth review, a claim holding markup that reorders it (`<bdo>`, a `dir` or `style` attribute) refused,
  // a quotation read through a line of invisible characters, no sentence ended inside an identifier-like word and a
  // look-alike marker beside a real one read, 823 B (ADR 0054). After a fourteenth, a tag a line break cuts read whole,
  // reordering markup refused in lead-ins and source entries (`<style>`, `<link>` too), look-alike markers read as a
  // page shows them and lines of other spaces read as no blank line, and a second look at those, 796 B (ADR 0055). After a
  // fifteenth, a marker read past the marks that close its sentence, quotation-mark families compared as one, hidden
  // elements and named references read in look-alike brackets and lead-ins read with the state before them, 712 B
  // (ADR 0056), and its second look, 21 B. After a sixteenth, nested spaced guillemets read as nesting, character pairs
  // and letter triples for support in scripts written without spaces, Hebrew acronym marks and French elisions, primes
  // kept apart from quotation marks by one reading shared with locateQuote, look-alike markers in any open/close
  // punctuation, lead-ins that show one refused, inline SVG shown and one index per identical passage text, 1,004 B,
  // and its second look (elisions only after elided words, CJK title brackets and math delimiters no markers), 199 B
  // (ADR 0057). After a seventeenth, words a page never shows or shows struck kept out of support (reference labels,
  // footnote references, fallback content, TeX phantoms, strikethrough ending with its block), TeX quotation commands,
  // quotations searched once as rendered and GitHub alert titles, 1,979 B (ADR 0058). After an eighteenth, passages and
  // options read once into checked copies (a getter or Proxy answering a later read otherwise), a passage that throws
  // when read refused with a code, and quotations holding a number checked whatever their length, 416 B (ADR 0059;
  // with formatSources and summarizeVerifications read once and their option keys checked, 499 B). After a nineteenth,
  // strings longer than V8 hashes by content kept in linear time (StringMap from @gk/internal, about 540 B of it),
  // ranges past the passages read by their ends (look-alike brackets too) and a streamed promise read with the final
  // line's own patterns, 1,127 B (ADR 0060; with formatSources and summarizeVerifications, 1,128 B). After a twentieth,
  // white space beside a dash folded in quotations (a sign kept as written) and vendor citation forms read as
  // look-alike markers, 1,174 B (ADR 0061; with formatSources and summarizeVerifications, 1,190 B). After a
  // twenty-first, a look-alike marker a line break cuts read across the break, and options that are no plain object or
  // cannot be read refused without a second read (from @gk/internal), 680 B (ADR 0062; with formatSources and
  // summarizeVerifications, 646 B). After a twenty-second, numbers read apart from circled and Roman-numeral
  // characters, apostrophe look-alikes, white space and control characters inside a look-alike marker's brackets, a
  // backslash hard break and one quotation search budget per call, 768 B (ADR 0063; with formatSources and
  // summarizeVerifications, 809 B). After a twenty-third, claims merged only when the checks read their words alike
  // and numeric references read by HTML's rules in one place, 299 B (ADR 0064; with formatSources and
  // summarizeVerifications, 293 B). After a twenty-fourth, long runs read by scanners instead of regexes with
  // repeated groups, 1,109 B (ADR 0065; with formatSources and summarizeVerifications, 1,106 B). After a twenty-fifth,
  // link labels and bodies read as one class with a step per escape, e-mail addresses, ECLIs and DOIs found by
  // scanning code points, 442 B (ADR 0066; with formatSources and summarizeVerifications, 442 B). After a
  // twenty-eighth, runs that overflowed V8's stack where it does not optimize a regular expression read by scans,
  // searches and pieces (block-quote and list prefixes, tags, links, code spans, fences, emphasis, references), to
  // 38.3 KB (ADR 0069; with formatSources and summarizeVerifications, 39.6 KB in CI). After a twenty-ninth, table
  // cells, attributes, list prefixes, quotation ticks and hyphens, source-list words read whole in pieces, to 38.6 KB
  // (ADR 0070; with formatSources and summarizeVerifications, 39.7 KB). After a thirtieth, raw HTML tags' URL
  // attributes read as a browser follows them, a `_` in an address paired as emphasis, markers inside autolinks kept
  // and look-alike reading skipped where no bracket may show, nothing inside an autolink read as emphasis, to 40.0 KB
  // (ADR 0071; with formatSources and summarizeVerifications, 41.1 KB). After a thirty-first, a tag read over a claim's
  // edge with its name and attribute carried, `srcdoc` and SVG animation values read as links, and an uncited claim's
  // identifiers and look-alike markers checked, to 40.7 KB with event handlers (ADR 0072; with formatSources and summarizeVerifications,
  // 41.8 KB); the substring index's transitions in one table, to 40.8 KB (with formatSources and
  // summarizeVerifications, 42.0 KB); that table sized to the sequence, its slots side by side, and grown past half
  // full, to 41.0 KB (ADR 0073; with formatSources and summarizeVerifications, 42.1 KB); a flag that reads no number
  // as a shown source, for a provider's claims, 42,093 B; a bracket left alone at a line's end read as a lead-in part,
  // 42,248 B (ADR 0075; with formatSources and summarizeVerifications, 42.5 KB); a single closing mark after white
  // space read, and a bidi control on a line of bare punctuation refused, 42,507 B (ADR 0076; with formatSources and
  // summarizeVerifications, 43,712 B); a quotation and a look-alike's bracket read through a line of bare
  // punctuation, editorial quotation marks and a link's label kept whole when a streamed line is cut, 42,975 B (ADR
  // 0077; with formatSources and summarizeVerifications, 44,189 B); spaced marks beside emphasis, brackets and tags
  // read, and a word's edge read as a page shows it (references, comments, inline tags and emphasis beside it), 46,671 B
  // (ADR 0078; with formatSources and summarizeVerifications, 47,828 B). These budgets hold
  // what has been reached with a small margin (how the package's entries are split into chunks moves these bundles
  // by a few tens of bytes), so that nothing grows back.
  { name: 'verifyAnswer', source: "export { verifyAnswer } from '@gk/citations';", budget: 45.7 * KB },
  {
    name: 'verifyAnswer + formatSources + summarizeVerifications',
    source: "export { formatSources, summarizeVerifications, verifyAnswer } from '@gk/citations';",
    budget: 46.8 * KB,
  },
  { name: '@gk/citations (whole package)', source: "export * from '@gk/citations';", budget: null },
  {
    name: '@gk/citations/decode (whole entry)',
    source: "export * from '@gk/citations/decode';",
    budget: null,
  },
  // The provider-citation check runs verifyAnswer for its claim checks: that bundle, and about 13 KB of its own
  // (40,566 B reached; offsets that would cut a character shown as one are refused since ADR 0046, quotations whose
  // marks stand beside a claim are read since ADR 0047, identifiers, link labels and bidi controls past a claim's
  // end are charged to the claims beside them, and a claim and its link label checked apart, since ADR 0048; claims
  // read in the context beside them, labels paired as CommonMark pairs them and every input read once, ADR 0049; unknown option keys refused, 40,677 B; the spans the claim checks read held to 8 times the documents' text, ids
  // matched against every documentId before any uri and markup that reorders a claim refused, ADR 0054, 41,735 B; the lines that check a claim's link labels bounded and bad answer fields
  // refused, ADR 0055, 42,757 B; links side by side read as one claim's, 42,916 B; a link after a sentence end ends that
  // sentence, with the verifier's own growth, ADR 0056, 44,159 B; a marker read as the link a page shows, bare URLs as
  // cmark-gfm's autolink extension ends them, with the verifier's own growth, ADR 0057, 45,673 B; offsets and chunks
  // held to whole words at their edges, a chunk's cut edge run checked beside the words found, with the verifier's own
  // growth, ADR 0058, 48,599 B; option keys of parseMarkers checked, with the verifier's own growth, ADR 0059, 49,050 B;
  // answer spans held to whole words of the answer, a block range run together read with what lies between its
  // blocks, ids, uris, cited texts and labels kept in a StringMap, with the verifier's own growth, ADR 0060, 50,805 B; a marker's own
  // brackets read as parentheses, with the verifier's own growth, ADR 0061, 52,173 B; block joins read as words with
  // a substring index per claim, ranges cited without text held to whole words, link labels naming their own host,
  // with the verifier's own growth, ADR 0062, 53,806 B; claims read as a page shows them where a block join is
  // checked, with the verifier's own growth, ADR 0063, 55,233 B; hidden elements read as nothing and every block
  // element apart there, claims merged by their words, with the verifier's own growth, ADR 0064, 56,611 B; what a page
  // hides read from more of HTML and CSS, exponents and soft hyphens in cited texts read as wordSequence reads them, long
  // runs read without repeated groups, with the verifier's own growth, ADR 0065, 60,465 B; runs of millions of
  // characters outside Latin-1 read with loops, ADR 0066, 61,011 B; one binary search shared through @gk/internal, ADR 0067, 61,026 B;
  // runs read by scans, searches and pieces where V8 does not optimize a regular expression, ADR 0069, 60.5 KB; a
  // style's lengths, words and shapes and the rest of ADR 0070 read whole in pieces, 60.9 KB; with the verifier's own
  // growth, ADR 0071, 62.3 KB; with the verifier's own growth and its substring index's table, ADR 0072, 63.1 KB; the
  // answer's text no citation covers read for identifiers and tags' links, and the index's table grown, ADR 0073,
  // 63.9 KB; tags there read whole over the claims they cut, and reordering ones refused, ADR 0074, 65,691 B; the
  // support check searching a claim's words last, 65,703 B; an `<a>` tag around a claim read as the claim's link,
  // 66,017 B; numbered markers no citation places refused in uncited text, read by verifyAnswer with the covered text
  // blanked, and in claims, ADR 0075, 66,931 B; with verifyAnswer's lead-in part for a bracket alone, 67,122 B; a
  // marker whose brackets a claim's edge parts read, with verifyAnswer's own growth, ADR 0076, 67,682 B; the links of a
  // marker without a URL charged to its claim, with verifyAnswer's own growth, ADR 0077, 68,423 B; word edges read as a
  // page shows them, decimal zeros and spaced comparison signs read, with verifyAnswer's own growth, ADR 0078, 72,172 B).
  {
    name: 'verifyProviderCitations',
    source: "export { verifyProviderCitations } from '@gk/citations/provider';",
    budget: 70.6 * KB,
  },
  // The caller brings its own zod schema, so decoding alone needs none of zod's code. 6,320 B reached (the strict copy
  // of the caller's schema that refuses unknown keys however its output is transformed, and the refusal of fallbacks,
  // ADR 0048, 6,232 B; a caller's own errors passed through and mixed escaped/raw surrogate pairs refused, ADR 0050; options read once, an option that throws refused with a code,
  // 6,455 B; a record that reads two keys as one refused and checks walked for fallbacks, ADR 0054, 6,628 B;
  // recursive schemas through unions copied and record keys read as forbidden ones refused, ADR 0055, 6,745 B; a record
  // guard zod cannot overwrite, async key schemas and a record's code inside a union, ADR 0056, 6,866 B; a caller's own
  // error told from zod's there, 6,948 B; an enum record whose key transform merges input keys refused and long keys
  // kept by a seeded digest in the duplicate-key scans, ADR 0057, 7,244 B; unknown option keys refused and schema keys
  // named after Object.prototype members parsed from a prototype-free copy, ADR 0059, 7,449 B; options that are no
  // plain object refused and a value that cannot be read described without reading it, ADR 0062, 7,607 B; the blank check
  // that finds the first visible character, ADR 0065, 7,622 B).
  {
    name: 'safeDecodeJson',
    source: "export { safeDecodeJson } from '@gk/citations/decode';",
    budget: 7.45 * KB,
  },
  // The echo check's reader without zod: 8,111 B until an inline style was read as HTML and CSS read it (the first
  // `style` of any length, references, comments and escapes decoded) and a marker that can match nothing refused,
  // ADR 0059, 8,313 B; a tag ended where HTML's tokenizer ends it, 8,349 B; no positive value drawn that its own
  // subject's name holds, ADR 0060, 8,417 B; numbers glued to scripts written without spaces read, with their
  // hedges, ADR 0061, 8,656 B; options read once into a copy and options that are no plain object refused, ADR 0062,
  // 9,021 B; a style value's CSS comments dropped by one scan instead of a regex replace, ADR 0067, 9,061 B; readings
  // squashed and runs read by searches (@gk/internal's findRuns) where V8 does not optimize a regex, ADR 0069, 9.3 KB;
  // the rendered reading's styles read as declarations, inputs' values, implied end tags and script data, ADR 0076,
  // 10,519 B; a ruby's annotations read as their own row, 10,593 B; what a descendant shows again inside a zero-sized or
  // hidden element (`font`, `all`), an SVG's text elements and an empty textarea's placeholder, ADR 0077, 11,761 B;
  // what a browser hides by default, frames, CSS generated content, HTML's block elements, definitions and phantoms,
  // ADR 0078, 13,403 B.
  {
    name: 'containsMarker + generateMarker + buildEchoCase',
    source: "export { buildEchoCase, containsMarker, generateMarker } from '@gk/echo-check';",
    budget: 13.2 * KB,
  },
  { name: '@gk/echo-check (whole package)', source: "export * from '@gk/echo-check';", budget: null },
  {
    name: 'eval-schema metrics',
    source:
      "export { agreementRate, confusionMatrix, hitRateAtK, meanReciprocalRank, ndcgAtK, precision, precisionAtK, recall, recallAtK, reciprocalRank } from '@gk/eval-schema';",
    budget: 4 * KB,
  },
  { name: '@gk/eval-schema (whole package)', source: "export * from '@gk/eval-schema';", budget: null },
];

for (const name of ['citations', 'echo-check', 'eval-schema']) {
  if (!existsSync(join(root, 'packages', name, 'dist', 'index.js'))) {
    console.error(`packages/${name}/dist is missing: run \`npm run build\` first (npm run check:size does).`);
    process.exit(2);
  }
}

const rows = [];
for (const entry of ENTRIES) {
  const result = await build({
    stdin: { contents: entry.source, resolveDir: root, loader: 'js', sourcefile: 'app.js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
    metafile: true,
  });
  const code = result.outputFiles[0].contents;
  const gzip = gzipSync(code, { level: 9 }).length;
  // Bytes of zod's code that made it into the bundle (esbuild lists every module it parsed, used or not).
  const [output] = Object.values(result.metafile.outputs);
  const zod = Object.entries(output?.inputs ?? {})
    .filter(([input]) => input.includes('node_modules/zod/'))
    .reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
  const over = entry.budget !== null && gzip > entry.budget;
  rows.push({ name: entry.name, minified: code.length, gzip, budget: entry.budget, zod, over });
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
  console.log(
    'bundle (esbuild --bundle --minify, browser, dependencies included)       min    min+gz    budget  of it zod (min)',
  );
  for (const row of rows) {
    console.log(
      [
        row.name.padEnd(68),
        kb(row.minified).padStart(9),
        kb(row.gzip).padStart(9),
        (row.budget === null ? '—' : kb(row.budget)).padStart(8),
        kb(row.zod).padStart(9),
        row.over ? '  OVER BUDGET' : '',
      ].join(' '),
    );
  }
}
const over = rows.filter((row) => row.over);
if (over.length > 0) {
  console.error(`\n${over.length} bundle(s) past the budget: ${over.map((row) => row.name).join(', ')}`);
  process.exit(1);
}
