import { shownCodePoint } from '../text/shown-code-point.js';
import { anyTags, attributesOf } from './reordering-tag.js';

// The attributes whose value a page follows or loads as a URL; the lists among them (`srcset`: candidates split by
// commas, each a URL and its size; `ping` and `archive`: URLs split by white space).
const URL_ATTRIBUTE =
  /^(?:href|src|action|formaction|poster|cite|data|background|longdesc|usemap|manifest|codebase|classid|icon|lowsrc|dynsrc|profile|xlink:href)$/i;
const CANDIDATES = /^(?:srcset|imagesrcset)$/i;
const SPACED = /^(?:ping|archive|attributionsrc)$/i;
// An SVG animation sets an attribute to these values (`<set attributeName="href" to="//host">`): whichever it names,
// each is read as a URL (`values` a list split by `;`).
const ANIMATION = /^(?:set|animate)$/i;
const ANIMATED = /^(?:to|from|by|values)$/i;
// A frame's document written in its attribute: its own tags are read as the page's are, this many frames deep; a
// document nested deeper is read as one URL, which no passage links.
const SRCDOC = /^srcdoc$/i;
// An event handler runs its value as script when the event comes (`<img src=x onerror="location='//host/'+…">`), as a
// `javascript:` URL does when followed: each is read as that URL.
const HANDLER = /^on[a-z]/i;
const SRCDOC_DEPTH = 4;
// A character reference as HTML decodes one in an attribute's value: numeric with or without its `;`, and the named
// ones that stand for the ASCII a URL is written with, white space and controls (`&Tab;`, `&NewLine;`, `&colon;`):
// each name followed by its character.
const REFERENCE = /&(?:#(\d{1,8});?|#[xX]([\da-fA-F]{1,8});?|([A-Za-z][A-Za-z0-9]{1,31});)/g;
const NAMED = new Map(
  'Tab\t NewLine\n excl! quot" QUOT" num# dollar$ percnt% amp& AMP& apos\' lpar( rpar) ast* midast* plus+ comma, period. sol/ colon: semi; lt< LT< equals= gt> GT> quest? commat@ lsqb[ lbrack[ bsol\\ rsqb] rbrack] Hat^ lowbar_ UnderBar_ grave` DiacriticalGrave` lcub{ lbrace{ verbar| vert| VerticalLine| rcub} rbrace}'
    .split(' ')
    .map((entry) => [entry.slice(0, -1), entry.slice(-1)] as const),
);
// What a refresh's `content` holds after its delay: `url=` and the URL.
const REFRESH = /^[^;,]{0,64}[;,][\t\n\f\r ]{0,64}url[\t\n\f\r ]{0,64}=/i;
// The schemes the URL standard calls special: after their colon any run of `/` and `\` (none too) leads to the host.
const SPECIAL = /^(?:https?|ftp|wss?|file)$/;
// A scheme of at most 64 characters: a longer one reads as a path, which no passage links either.
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]{0,63}):/;

/**
 * The URLs the tags of `text` carry in the attributes a page follows or loads (`href`, `src`, `action`, `srcset`, …),
 * each read as a browser reads it: character references decoded (`java&#9;script:`), C0 controls and spaces trimmed
 * from its ends and tabs and line breaks dropped from it, a backslash read as a slash where the URL standard reads
 * one (`\/evil.example`, `https:\\evil.example`), and a URL of a special scheme or from two slashes written as
 * `scheme://host…` (`//evil.example` is `https://evil.example`). A fragment of the page itself (`#x`) or an empty
 * value is none. An event handler's code is read as a `javascript:` URL (`onerror="…"` is `javascript:…`), a frame's
 * `srcdoc` as a document of its own, an SVG animation's values as URLs. Linear in the text.
 */
export function attributeLinks(text: string, depth = 0): string[] {
  const links: string[] = [];
  if (!text.includes('<')) return links;
  for (const tag of anyTags(text))
    for (const [name, value] of attributesOf(` ${tag[2]}`)) {
      if (value === undefined) continue;
      const unquoted = value[0] === '"' || value[0] === "'" ? value.slice(1, -1) : value;
      const decoded = decodeReferences(unquoted);
      // A refresh (`<meta http-equiv="refresh" content="0; url=//host/x">`) goes to the URL after its `url=`.
      const refresh = /^meta$/i.test(tag[1]) && /^content$/i.test(name) ? REFRESH.exec(decoded) : null;
      if (SRCDOC.test(name)) {
        if (depth < SRCDOC_DEPTH) for (const link of attributeLinks(decoded, depth + 1)) links.push(link);
        else links.push(decoded);
        continue;
      }
      const urls =
        refresh !== null
          ? [decoded.slice(refresh[0].length).replace(/^["']|["']$/g, '')]
          : HANDLER.test(name)
            ? [`javascript:${decoded}`]
            : ANIMATION.test(tag[1]) && ANIMATED.test(name)
              ? decoded.split(';')
              : CANDIDATES.test(name)
                ? decoded.split(',').map((candidate) => candidate.trim().split(/[\t\n\f\r ]/)[0]!)
                : SPACED.test(name)
                  ? decoded.split(/[\t\n\f\r ]/)
                  : URL_ATTRIBUTE.test(name)
                    ? [decoded]
                    : [];
      for (const url of urls) {
        const link = asFollowed(url);
        if (link !== null) links.push(link);
      }
    }
  return links;
}

function decodeReferences(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return NAMED.get(name) ?? whole;
    return String.fromCodePoint(shownCodePoint(decimal ? Number(decimal) : Number.parseInt(hex!, 16)));
  });
}

/**
 * Whether a page follows or loads the value of attribute `name` on a tag `tag` as URLs ({@link attributeLinks}), or
 * reads it as a document of its own (`srcdoc`) or runs it as script (`onerror`); a `meta`'s `content` counts, refresh
 * or not.
 */
export function followsAsLink(tag: string, name: string): boolean {
  return (
    URL_ATTRIBUTE.test(name) ||
    CANDIDATES.test(name) ||
    SPACED.test(name) ||
    SRCDOC.test(name) ||
    HANDLER.test(name) ||
    (/^meta$/i.test(tag) && /^content$/i.test(name)) ||
    (ANIMATION.test(tag) && ANIMATED.test(name))
  );
}

/** A URL as a browser follows it (see {@link attributeLinks}), or null for none. */
function asFollowed(value: string): string | null {
  // The ends trimmed of C0 controls and spaces, then tabs and line breaks dropped (loops, not repeated classes: where V8
  // does not optimize a pattern it keeps a backtrack entry per character, and a trim pattern's end is quadratic).
  let from = 0;
  let to = value.length;
  while (from < to && value.charCodeAt(from) <= 0x20) from++;
  while (to > from && value.charCodeAt(to - 1) <= 0x20) to--;
  const url = value.slice(from, to).replace(/[\t\n\r]/g, '');
  if (url === '' || url[0] === '#') return null;
  const scheme = SCHEME.exec(url);
  if (scheme !== null) {
    const name = scheme[1]!.toLowerCase();
    const rest = url.slice(scheme[0].length);
    return SPECIAL.test(name) ? `${name}://${slashes(rest.slice(slashesAt(rest)))}` : `${name}:${rest}`;
  }
  const past = slashesAt(url);
  if (past >= 2) return `https://${slashes(url.slice(past))}`;
  return slashes(url);
}

/** How many `/` and `\` `text` starts with. */
function slashesAt(text: string): number {
  let at = 0;
  while (text[at] === '/' || text[at] === '\\') at++;
  return at;
}

/** `url` with each backslash before its query or fragment read as a slash, as the URL standard reads a special URL. */
function slashes(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url.replace(/\\/g, '/') : url.slice(0, end).replace(/\\/g, '/') + url.slice(end);
}
