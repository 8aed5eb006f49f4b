import { checkArgument, excerpt, isObject, readArgument, sha256Hex } from '@gk/internal';

/**
 * A prompt template: `system` becomes the instructions, `user` the user message. Slots are written
 * `{{name}}`; which slots a template must hold is up to the function that fills it.
 */
export interface PromptTemplate {
  system: string;
  user: string;
}

/** How often a slot may occur across `system` and `user`: exactly once, or at most once. */
export type SlotRule = 'once' | 'at-most-once';

/**
 * The one `promptHash` recipe: the SHA-256 (hex) of `JSON.stringify({ system, user })`, so the boundary
 * between the two parts is part of what is hashed and the same template always gives the same hash.
 */
export async function hashPromptTemplate(template: PromptTemplate): Promise<string> {
  // Each part is read once: what is checked is what is hashed.
  const { system, user } = readArgument('template', () => {
    const { system, user } = (isObject(template) ? template : {}) as Partial<PromptTemplate>;
    return { system, user };
  });
  checkArgument(
    typeof system === 'string' && typeof user === 'string',
    'template',
    'an object with string `system` and `user` fields',
    template,
  );
  return sha256Hex(JSON.stringify({ system, user }));
}

/** The keys a template has; any other is refused, as a caller that reads only these would drop it silently. */
const TEMPLATE_KEYS: ReadonlySet<string> = new Set(['system', 'user']);

/**
 * Names what is wrong with a template for the given slots, or returns `null`: it must be an object with string
 * `system` and `user` and no other key (`unknown_key`), no brace group may be a slot written otherwise than `{{slot}}`
 * (`unknown_placeholder`: `{{Question}}`, `{{ question }}`, `{{questoin}}`, `{{question|trim}}`, `{{&question}}`,
 * `{question}`, `｛｛question｝｝` would be sent as typed, never filled; other braces such as `{{user.name}}` are
 * text), and each slot must occur as its rule says, counted over `system` and `user` together.
 */
export function checkPromptTemplate(
  template: unknown,
  slots: Readonly<Record<string, SlotRule>>,
): string | null {
  const { system, user } = (template ?? {}) as Partial<Record<keyof PromptTemplate, unknown>>;
  if (typeof template !== 'object' || typeof system !== 'string' || typeof user !== 'string') {
    return 'expected an object with string `system` and `user` fields';
  }
  const other = Object.keys(template as object).find((key) => !TEMPLATE_KEYS.has(key));
  if (other !== undefined) {
    return `unknown_key: a template has only \`system\` and \`user\`, found \`${excerpt(other, { length: 80 })}\``;
  }
  const text = `${system}\n${user}`;
  const unknown = unknownPlaceholder(text, slots);
  if (unknown !== null) return unknown;
  const counts = new Map(Object.keys(slots).map((name) => [name, 0]));
  for (const match of text.matchAll(slotPattern(slots))) counts.set(match[1]!, counts.get(match[1]!)! + 1);
  for (const [name, rule] of Object.entries(slots)) {
    const count = counts.get(name)!;
    if (rule === 'once' && count !== 1) return `expected {{${name}}} exactly once, found ${count}`;
    if (rule === 'at-most-once' && count > 1) return `expected {{${name}}} at most once, found ${count}`;
  }
  return null;
}

// Brace groups: a run of opening braces, text with no brace, a run of closing braces. ASCII, full-width and small
// braces (NFKC reads each as `{` or `}`) all count. Read by a scanner, each character once: a regular expression
// (`([{…]+)([^{}…]*)([}…]+)` under `u`) kept a backtrack entry per character of a run in a text that is not Latin-1,
// and a run of millions overflowed V8's stack (a bare RangeError).
const OPENING = new Set([0x7b, 0xff5b, 0xfe5b, 0xfe37]);
const CLOSING = new Set([0x7d, 0xff5d, 0xfe5c, 0xfe38]);
// Characters that show as nothing: a zero-width space, a word joiner, a soft hyphen, a variation selector.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
// Sigils and blanks before a name: `{{&name}}`, `{{#name}}`, `{{> name}}`, `{{.Name}}`, `{{- name}}`, `${name}`.
// Quotes are none, so JSON (`{"question": 1}`) and quoted strings read as text. Sigils and names are read in pieces
// of at most 65,536 characters, joined: an unbounded `*` or `+` under `u` overflowed V8's stack on millions of them.
const SIGILS = /[\s&$#^/!>~@*+%=?<:.-]{1,65536}/uy;
const NAME = /[\p{L}\p{N}_]{1,65536}/uy;
const WORD_START = /^[\p{L}\p{N}_]/u;

/** Each brace group of `text` as `[group, open, inner, close]`, left to right, in time linear in `text`. */
function* braceGroups(text: string): Generator<[string, string, string, string]> {
  let at = 0;
  while (at < text.length) {
    if (!OPENING.has(text.charCodeAt(at))) {
      at++;
      continue;
    }
    const start = at;
    while (OPENING.has(text.charCodeAt(at))) at++;
    const innerStart = at;
    while (at < text.length && !OPENING.has(text.charCodeAt(at)) && !CLOSING.has(text.charCodeAt(at))) at++;
    const innerEnd = at;
    while (CLOSING.has(text.charCodeAt(at))) at++;
    if (at === innerEnd) continue; // no closing brace: an opening one or the end follows, read from there
    yield [
      text.slice(start, at),
      text.slice(start, innerStart),
      text.slice(innerStart, innerEnd),
      text.slice(innerEnd, at),
    ];
  }
}

/** The end of the run that `sticky` matches from `from`, read in capped pieces; `from` when there is none. */
function runEnd(sticky: RegExp, text: string, from: number): number {
  let end = from;
  sticky.lastIndex = from;
  while (sticky.test(text)) end = sticky.lastIndex;
  return end;
}

/**
 * `unknown_placeholder` and the first brace group meant as a slot but not written as one, or `null`. A group is meant
 * as a slot when its name (the first word, after sigils) nearly spells a slot (`nearestSlot`) and nothing but a
 * filter, member or argument follows it (`|trim`, `.text`, `:5`, `()`, `, answer`); such a group is refused unless it
 * is `{{slot}}` itself, also inside more braces (`{{{slot}}}` is filled). Other braces (`{{user.name}}`, `{{a}}`,
 * `{"a": 1}`, `{{#each items}}`, `{Answer the question}`) are text.
 */
function unknownPlaceholder(text: string, slots: Readonly<Record<string, unknown>>): string | null {
  const names = Object.keys(slots);
  for (const [group, open, inner, close] of braceGroups(text)) {
    if (Object.hasOwn(slots, inner) && open.endsWith('{{') && close.startsWith('}}')) continue;
    const name = groupName(inner);
    const nearest = name === undefined ? undefined : nearestSlot(name.toLowerCase(), names);
    if (nearest === undefined) continue;
    return `unknown_placeholder: ${excerpt(group, { length: 80 })} is not a slot; did you mean {{${nearest}}}?`;
  }
  return null;
}

/** The name a brace group's text gives, read as NFKC without invisible characters: its first word after sigils. */
function groupName(inner: string): string | undefined {
  const text = inner.replace(INVISIBLE, '').normalize('NFKC');
  const start = runEnd(SIGILS, text, 0);
  const end = runEnd(NAME, text, start);
  // A second word makes it prose or a helper's argument (`{Answer the question}`, `{{#if question}}`).
  if (end === start || WORD_START.test(text.slice(end).trimStart())) return undefined;
  return text.slice(start, end);
}

/** The slot `name` nearly spells: the same but for case, or at most two edits (a swap is one) away. */
function nearestSlot(name: string, slots: readonly string[]): string | undefined {
  const same = slots.find((slot) => slot.toLowerCase() === name);
  if (same !== undefined) return same;
  let best: string | undefined;
  let bestDistance = 3;
  for (const slot of slots) {
    const distance = editDistance(name, slot.toLowerCase(), bestDistance);
    if (distance < bestDistance) [best, bestDistance] = [slot, distance];
  }
  return best;
}

/**
 * The optimal-string-alignment distance of `a` and `b`, or `limit` when it is not below it; constant time for a long
 * name, as lengths that differ by `limit` or more are never compared.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
    }
    [before, previous] = [previous, current];
  }
  return Math.min(previous[b.length]!, limit);
}

/**
 * Fills the named slots of both parts in one pass each, so a value that itself contains `{{name}}` stays
 * text; slots not named in `values` are left as written.
 */
export function fillPromptTemplate(
  template: PromptTemplate,
  values: Readonly<Record<string, string>>,
): PromptTemplate {
  const pattern = slotPattern(values);
  const fill = (text: string): string => text.replace(pattern, (_match, name: string) => values[name]!);
  return { system: fill(template.system), user: fill(template.user) };
}

/** Removes every named slot, for checks that must not see the slots themselves. */
export function removeSlots(text: string, slots: Readonly<Record<string, unknown>>): string {
  return text.replace(slotPattern(slots), ' ');
}

// Slot names are identifiers chosen by this code (`sources`, `question`, `answer`), never user input.
function slotPattern(slots: Readonly<Record<string, unknown>>): RegExp {
  return new RegExp(`\\{\\{(${Object.keys(slots).join('|')})\\}\\}`, 'g');
}
