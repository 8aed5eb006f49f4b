import { checkArgument, isObject, sha256Hex } from '@gk/internal';

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
  const { system, user } = (isObject(template) ? template : {}) as Partial<PromptTemplate>;
  checkArgument(
    typeof system === 'string' && typeof user === 'string',
    'template',
    'an object with string `system` and `user` fields',
    template,
  );
  return sha256Hex(JSON.stringify({ system, user }));
}

/**
 * Names what is wrong with a template for the given slots, or returns `null`: both parts must be strings and
 * each slot must occur as its rule says, counted over `system` and `user` together.
 */
export function checkPromptTemplate(
  template: unknown,
  slots: Readonly<Record<string, SlotRule>>,
): string | null {
  const { system, user } = (template ?? {}) as Partial<Record<keyof PromptTemplate, unknown>>;
  if (typeof template !== 'object' || typeof system !== 'string' || typeof user !== 'string') {
    return 'expected an object with string `system` and `user` fields';
  }
  const counts = new Map(Object.keys(slots).map((name) => [name, 0]));
  for (const match of `${system}\n${user}`.matchAll(slotPattern(slots)))
    counts.set(match[1]!, counts.get(match[1]!)! + 1);
  for (const [name, rule] of Object.entries(slots)) {
    const count = counts.get(name)!;
    if (rule === 'once' && count !== 1) return `expected {{${name}}} exactly once, found ${count}`;
    if (rule === 'at-most-once' && count > 1) return `expected {{${name}}} at most once, found ${count}`;
  }
  return null;
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
