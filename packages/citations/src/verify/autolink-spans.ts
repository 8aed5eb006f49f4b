// An autolink's scheme, as CommonMark reads one (2 to 32 characters, a letter first), what an e-mail autolink's local
// part and domain hold, and what ends an autolink's target.
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]{1,31}:/;
const LOCAL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]$/;
const DOMAIN = /^[A-Za-z0-9.-]$/;
const END = /[\s<>]/g;

/**
 * Where the autolinks of `text` start and end, as pairs of offsets from the `<` to past the `>`: `<scheme:target>`
 * (the target without white space, `<` or `>`) and `<local@domain>`, as CommonMark reads them. Markdown reads nothing
 * inside one, no marker and no emphasis. Linear: the look for each one's end stops at the next `<`.
 */
export function autolinkSpans(text: string): number[] {
  const spans: number[] = [];
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    END.lastIndex = at + 1;
    const end = END.exec(text);
    if (end === null || end[0] !== '>') continue;
    const inner = text.slice(at + 1, end.index);
    if (SCHEME.test(inner.slice(0, 33)) || isAddress(inner)) spans.push(at, end.index + 1);
  }
  return spans;
}

/** Whether `inner` is an e-mail autolink's address: a local part, `@`, and a domain of letters, digits, `.` and `-`. */
function isAddress(inner: string): boolean {
  const at = inner.indexOf('@');
  if (at < 1 || at === inner.length - 1) return false;
  for (let i = 0; i < at; i++) if (!LOCAL.test(inner[i]!)) return false;
  for (let i = at + 1; i < inner.length; i++) if (!DOMAIN.test(inner[i]!)) return false;
  return true;
}
