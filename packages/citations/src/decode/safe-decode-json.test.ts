import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidArgument } from '../__fixtures__/invalid-argument.js';
import { z } from 'zod';
import { DecodeError, type DecodeErrorCode } from './decode-error.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { safeDecodeJson, schemaError } from './safe-decode-json.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../__fixtures__/model-outputs/${name}`, import.meta.url), 'utf8');

const verdict = z.strictObject({
  faithful: z.boolean(),
  unsupportedClaims: z.array(z.string()),
  reasoning: z.string(),
});

/** The error of a failed decode; fails the test when the decode succeeded. */
function errorOf(
  text: string,
  schema: z.ZodType = z.unknown(),
  options?: Parameters<typeof safeDecodeJson>[2],
) {
  const result = safeDecodeJson(text, schema, options);
  if (result.success) throw new Error(`expected a failure, decoded ${JSON.stringify(result.data)}`);
  return result.error;
}

const codes: DecodeErrorCode[] = [
  'too_large',
  'empty',
  'not_json',
  'trailing_content',
  'too_deep',
  'duplicate_key',
  'forbidden_key',
  'schema',
];

describe('safeDecodeJson', () => {
  describe('fences and real-looking model output', () => {
    it('unwraps one ```json fence around the whole text', () => {
      expect(safeDecodeJson(fixture('verdict-fenced-json.txt'), verdict)).toEqual({
        success: true,
        data: {
          faithful: false,
          unsupportedClaims: ['The stone was found in 1801.'],
          reasoning: 'Passage [2] dates the rediscovery to July 1799; nothing supports 1801.',
        },
      });
    });

    it('unwraps a fence without a language tag, a ~~~ fence with an upper-case tag, CRLF line endings', () => {
      for (const name of ['verdict-fenced-no-tag.txt', 'verdict-tilde-fence.txt', 'verdict-crlf.txt']) {
        const result = safeDecodeJson(fixture(name), verdict);
        expect(result.success, name).toBe(true);
      }
      expect(safeDecodeJson(fixture('verdict-crlf.txt'), verdict)).toMatchObject({
        data: { reasoning: 'Windows line endings.' },
      });
    });

    it('does not unwrap a fence with prose before it', () => {
      const error = errorOf(fixture('verdict-prose-before.txt'), verdict);
      expect(error.code).toBe('not_json');
      expect(error.position).toBe(0);
      expect(error.message).toContain('code fence that does not enclose all of it');
    });

    it('does not unwrap a fence with prose after it', () => {
      const error = errorOf(fixture('verdict-prose-after.txt'), verdict);
      expect(error.code).toBe('not_json');
      expect(error.position).toBe(0);
    });

    it('refuses two fenced blocks, and a fence inside a fence', () => {
      const text = '```json\n{"a": 1}\n```\n\n```json\n{"a": 2}\n```';
      const error = errorOf(text);
      expect(error.code).toBe('not_json');
      expect(error.message).toContain('more than one fenced block');
      expect(error.position).toBe(text.indexOf('```', 3));
    });

    it('unwraps only a complete fence: opening line with one word, closing line of at least as many marks', () => {
      const ok = (text: string): unknown => safeDecodeJson(text, z.unknown());
      expect(ok('  \n```json\n[1]\n```\n\n')).toEqual({ success: true, data: [1] });
      expect(ok('```jsonc\n[1]\n`````')).toEqual({ success: true, data: [1] });
      expect(ok('```json\n[1]\n   ```')).toEqual({ success: true, data: [1] });
      expect(errorOf('````json\n[1]\n```').code).toBe('not_json'); // closing fence shorter than the opening
      expect(errorOf('```json\n[1]```').code).toBe('not_json'); // closing fence not on its own line
      expect(errorOf('```[1]```').code).toBe('not_json'); // inline code, not a fence
      expect(errorOf('```json title="x"\n[1]\n```').code).toBe('not_json'); // more than a language tag
      expect(errorOf('```json\n[1]\n~~~').code).toBe('not_json'); // mismatched marks
      expect(errorOf('```json\n[1]').code).toBe('not_json'); // unclosed
      expect(errorOf('``\n[1]\n``').code).toBe('not_json'); // two marks are not a fence
    });

    it('reports a fenced block holding prose at its position in the original text', () => {
      const text = '```json\nI cannot produce JSON for this request.\n```';
      const error = errorOf(text);
      expect(error.code).toBe('not_json');
      expect(error.position).toBe(8);
      expect(error.message).toContain('Unexpected "I" at position 8');
    });

    it('refuses a second JSON object after the first as trailing_content', () => {
      const text = fixture('verdict-two-objects.txt');
      const error = errorOf(text, verdict);
      expect(error.code).toBe('trailing_content');
      expect(error.position).toBe(text.indexOf('\n') + 1);
      expect(error.message).toContain('a second JSON value');
      expect(errorOf('{"a": 1} Hope this helps!').code).toBe('trailing_content');
      expect(errorOf('[1]\u0000').code).toBe('trailing_content');
    });

    it('refuses truncated output and says which bracket is unclosed', () => {
      const fenced = fixture('verdict-truncated.txt'); // cut off at the token limit: no closing fence either
      expect(errorOf(fenced, verdict)).toMatchObject({ code: 'not_json', position: 0 });
      expect(errorOf(fenced, verdict).message).toContain('no closing fence');
      const error = errorOf(fenced.slice('```json\n'.length), verdict);
      expect(error.code).toBe('not_json');
      expect(error.message).toMatch(
        /^Unexpected end of the text at position \d+: the string opened at position \d+/,
      );
      const unclosed = errorOf('{"claims": [{"quote": "x"}');
      expect(unclosed.message).toContain('"[" opened at position 11 is not closed');
      expect(errorOf('{"a":').code).toBe('not_json');
      expect(errorOf('[1, 2,').code).toBe('not_json');
      expect(errorOf('tru').code).toBe('not_json');
    });
  });

  describe('strict JSON', () => {
    it('refuses repeated keys (also when spelled with escapes) as duplicate_key', () => {
      const error = errorOf(fixture('verdict-duplicate-keys.txt'), verdict);
      expect(error.code).toBe('duplicate_key');
      expect(error.message).toContain('Duplicate key "faithful"');
      expect(errorOf('{"a": 1, "\\u0061": 2}').code).toBe('duplicate_key');
      expect(errorOf('[{"x": {"y": 1, "y": 1}}]').position).toBe(16);
      expect(safeDecodeJson('[{"a": 1}, {"a": 2}]', z.unknown()).success).toBe(true); // same key, other objects
    });

    it('refuses __proto__, constructor and prototype keys at any depth, escaped or not', () => {
      expect(errorOf(fixture('verdict-proto-key.txt'), verdict).code).toBe('forbidden_key');
      for (const text of [
        '{"constructor": {"prototype": {"polluted": true}}}',
        '{"a": [{"b": {"prototype": 1}}]}',
        '{"__proto\\u005f_": {"polluted": true}}',
        '{"\\u005f_proto__": 1}',
      ]) {
        const error = errorOf(text, z.unknown());
        expect(error.code, text).toBe('forbidden_key');
        expect(error.message).toMatch(/Forbidden key "(__proto__|constructor|prototype)"/);
      }
      expect(safeDecodeJson('{"proto": 1, "Constructor": 2}', z.unknown())).toEqual({
        success: true,
        data: { proto: 1, Constructor: 2 },
      });
    });

    it('leaves Object.prototype untouched whatever the output holds', () => {
      const before = Object.getOwnPropertyNames(Object.prototype).sort();
      const attacks = [
        '{"__proto__": {"polluted": "yes"}}',
        '{"constructor": {"prototype": {"polluted": "yes"}}}',
        '[{"a": {"__proto__": {"polluted": "yes"}}}]',
        '{"__proto\\u005f_": {"polluted": "yes"}}',
      ];
      for (const text of attacks) {
        safeDecodeJson(text, z.record(z.string(), z.unknown()));
        safeDecodeJson(text, z.unknown());
        safeDecodeJson(text, z.array(z.record(z.string(), z.unknown())));
      }
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });

    it('refuses NUL and other raw control characters in strings, and accepts them escaped', () => {
      const raw = errorOf('{"reasoning": "a\u0000b"}');
      expect(raw.code).toBe('not_json');
      expect(raw.message).toContain('U+0000');
      expect(errorOf('\u0000{}').code).toBe('not_json');
      expect(errorOf('{"a": "line\nbreak"}').code).toBe('not_json');
      expect(safeDecodeJson('{"a": "a\\u0000b\\n"}', z.strictObject({ a: z.string() }))).toEqual({
        success: true,
        data: { a: 'a\u0000b\n' },
      });
    });

    it('refuses lone surrogates, raw or escaped, and accepts pairs in either form', () => {
      expect(errorOf('["\ud800"]').code).toBe('not_json');
      expect(errorOf('["\udc00x"]').code).toBe('not_json');
      expect(errorOf('["\\ud800"]').message).toContain('Lone surrogate');
      expect(errorOf('["\\udfff"]').code).toBe('not_json');
      expect(errorOf('["\\ud83d\\u0041"]').code).toBe('not_json');
      expect(errorOf('{"\ud800": 1}').code).toBe('not_json');
      expect(errorOf('\ud800').code).toBe('not_json');
      const pairs = safeDecodeJson('["\\ud83d\\ude00", "\ud83d\ude00"]', z.array(z.string()));
      expect(pairs).toEqual({ success: true, data: ['😀', '😀'] });
    });

    it('refuses halves written differently, which hold a raw lone surrogate, on the quick path and the full scan (rt12 #6)', () => {
      // Each text holds one raw lone half (a UTF-8 log turns it into U+FFFD); the one without a backslash elsewhere
      // and the one with a key take other routes through the quick scan, all ending in the full scan's refusal.
      for (const text of [
        '{"a":"\\ud83d\ude00"}',
        '["\ud83d\\ude00"]',
        '{"\\udbff\udc00": 1}',
        '["ok\\n", "\ud83d\\uDE00"]',
      ]) {
        expect(errorOf(text).message, text).toContain('Lone surrogate');
      }
    });

    it('keeps zero-width and right-to-left characters inside strings and refuses them outside', () => {
      const text = '{"a": "\u200b\u202eevil\u202c\u2066"}';
      expect(safeDecodeJson(text, z.strictObject({ a: z.string() }))).toEqual({
        success: true,
        data: { a: '\u200b\u202eevil\u202c\u2066' },
      });
      expect(errorOf('\u200b{"a": 1}').code).toBe('not_json');
      expect(errorOf('{"a": 1}\u202e').code).toBe('trailing_content');
      expect(errorOf('{"a":\u00a01}').message).toContain('U+00A0');
    });

    it('refuses numbers a double cannot hold and keeps every other number exact', () => {
      expect(errorOf('{"n": 1e400}').message).toContain('beyond the range of a double');
      expect(errorOf('[-1e400]').code).toBe('not_json');
      expect(errorOf(`[1${'0'.repeat(400)}]`).code).toBe('not_json');
      expect(errorOf('[12345678901234567890]').message).toContain('cannot be held exactly');
      expect(errorOf('[9007199254740993]').code).toBe('not_json'); // 2^53 + 1
      expect(errorOf('[-9007199254740993]').code).toBe('not_json');
      // The same integers written with a fraction or an exponent (scan-json.numbers.test.ts has every shape).
      const id = z.strictObject({ id: z.number() });
      for (const text of [
        '{"id": 9007199254740993.0}',
        '{"id": 90071992547409930e-1}',
        '{"id": 9.007199254740993E+15}',
        '{"id": 12345678901234567890.0}',
      ]) {
        expect(errorOf(text, id), text).toMatchObject({ code: 'not_json', position: 7 });
        expect(errorOf(`\`\`\`json\n${text}\n\`\`\``, id).code, text).toBe('not_json');
      }
      expect(errorOf('12345678901234567890.0').message).toContain('cannot be held exactly');
      expect(
        safeDecodeJson(
          '[9007199254740992.0, 1e300, 6.02214076e23, 9007199254740993.5, 0.1]',
          z.array(z.number()),
        ),
      ).toEqual({
        success: true,
        data: [9007199254740992, 1e300, 6.02214076e23, 9007199254740994, 0.1],
      });
      const numbers = z.array(z.number());
      expect(safeDecodeJson('[9007199254740991, -9007199254740991, 9007199254740992]', numbers)).toEqual({
        success: true,
        data: [9007199254740991, -9007199254740991, 9007199254740992],
      });
      // What JSON.stringify writes for a large double comes back as the same double.
      expect(
        safeDecodeJson('[100000000000000000000, 123456789012345680000, 1e21, 1.5e308, 1e-400]', numbers),
      ).toEqual({
        success: true,
        data: [1e20, 123456789012345680000, 1e21, 1.5e308, 0],
      });
      for (const text of [
        '[01]',
        '[-]',
        '[1.]',
        '[.5]',
        '[+1]',
        '[1e]',
        '[NaN]',
        '[Infinity]',
        '[0x10]',
        '[1_000]',
      ]) {
        expect(errorOf(text).code, text).toBe('not_json');
      }
    });

    it('refuses JSON5 and JavaScript leniencies', () => {
      for (const text of [
        "{'a': 1}",
        '{a: 1}',
        '[1,]',
        '{"a": 1,}',
        '// c\n{}',
        '{"a": undefined}',
        '[1 2]',
        '"\\x41"',
      ]) {
        expect(errorOf(text).code, text).toBe('not_json');
      }
    });
  });

  describe('no coercion, strict schemas', () => {
    it('refuses "true" for a boolean and "3" for a number with the zod issues', () => {
      const error = errorOf(fixture('verdict-string-boolean.txt'), verdict);
      expect(error.code).toBe('schema');
      expect(error.issues).toEqual([expect.objectContaining({ code: 'invalid_type', path: ['faithful'] })]);
      expect(error.message).toBe(
        'Output does not match the schema (1 issue; first at faithful: Invalid input: expected boolean, received string).',
      );
      expect(errorOf('{"n": "3"}', z.strictObject({ n: z.number() })).issues[0]?.code).toBe('invalid_type');
    });

    it('rejects an unknown key in a strict object', () => {
      const error = errorOf(fixture('verdict-extra-key.txt'), verdict);
      expect(error.code).toBe('schema');
      expect(error.issues).toEqual([
        expect.objectContaining({ code: 'unrecognized_keys', keys: ['confidence'] }),
      ]);
    });

    it('rejects an unknown key as `schema` when a plain z.object would strip it, wherever it is nested', () => {
      const plain = z.object({ a: z.number() });
      expect(safeDecodeJson('{"a": 1}', plain)).toEqual({ success: true, data: { a: 1 } });
      const flat = errorOf('{"a": 1, "extra": true}', plain);
      expect(flat.code).toBe('schema');
      expect(flat.issues).toEqual([
        expect.objectContaining({ code: 'unrecognized_keys', keys: ['extra'], path: [] }),
      ]);
      const nested = z.strictObject({ claims: z.array(z.object({ quote: z.string() })).optional() });
      expect(safeDecodeJson('{"claims": [{"quote": "q"}]}', nested)).toEqual({
        success: true,
        data: { claims: [{ quote: 'q' }] },
      });
      expect(errorOf('{"claims": [{"quote": "q"}, {"quote": "r", "source": 7}]}', nested).issues).toEqual([
        expect.objectContaining({ code: 'unrecognized_keys', keys: ['source'], path: ['claims', 1] }),
      ]);
      const union = z.union([z.strictObject({ a: z.string() }), z.object({ b: z.string() })]);
      expect(errorOf('{"b": "x", "c": 1}', union).issues).toEqual([expect.objectContaining({ keys: ['c'] })]);
      const record = z.record(z.string(), z.object({ n: z.number() }));
      expect(errorOf('{"k": {"n": 1, "m": 2}}', record).issues).toEqual([
        expect.objectContaining({ keys: ['m'], path: ['k'] }),
      ]);
      // What a transform returns is the caller's; the object before it still refuses an unknown key.
      const reshaped = z.object({ a: z.number() }).transform((value) => value.a);
      expect(safeDecodeJson('{"a": 2}', reshaped)).toEqual({ success: true, data: 2 });
      expect(errorOf('{"a": 2, "extra": 1}', reshaped).issues).toEqual([
        expect.objectContaining({ code: 'unrecognized_keys', keys: ['extra'], path: [] }),
      ]);
    });

    it('keeps schemas derived from strict objects strict (extend, partial, pick, getter recursion)', () => {
      const base = z.strictObject({ a: z.string() });
      const derived = [
        base.extend({ b: z.number().optional() }),
        base.partial(),
        z.strictObject({ a: z.string(), b: z.string() }).pick({ a: true }),
        base.readonly(),
        base.nullable(),
        z.strictObject({ a: z.string(), b: z.array(base).optional() }),
      ];
      for (const schema of derived) {
        expect(safeDecodeJson('{"a": "x"}', schema)).toEqual({ success: true, data: { a: 'x' } });
        expect(errorOf('{"a": "x", "extra": 1}', schema).issues[0]?.code).toBe('unrecognized_keys');
      }
      const coerced = z.strictObject({ n: z.coerce.number() }); // the caller's explicit choice
      expect(safeDecodeJson('{"n": "3"}', coerced)).toEqual({ success: true, data: { n: 3 } });
      const node: z.ZodType = z.strictObject({
        name: z.string(),
        get children() {
          return z.array(node);
        },
      });
      expect(safeDecodeJson('{"name": "a", "children": [{"name": "b", "children": []}]}', node).success).toBe(
        true,
      );
      const leaky = z.strictObject({
        get children() {
          return z.array(z.object({ name: z.string() }));
        },
      });
      expect(safeDecodeJson('{"children": [{"name": "b"}]}', leaky).success).toBe(true);
      const leaked = safeDecodeJson('{"children": [{"name": "b", "admin": true}]}', leaky);
      expect(leaked.success ? null : leaked.error.issues).toEqual([
        expect.objectContaining({ code: 'unrecognized_keys', keys: ['admin'], path: ['children', 0] }),
      ]);
    });

    it('accepts strict, loose and catchall objects, records and recursive schemas', () => {
      expect(safeDecodeJson('{"a": 1, "b": 2}', z.looseObject({ a: z.number() }))).toEqual({
        success: true,
        data: { a: 1, b: 2 },
      });
      expect(safeDecodeJson('{"a": 1}', z.object({ a: z.number() }).strict()).success).toBe(true);
      expect(
        safeDecodeJson('{"a": 1, "b": 2}', z.object({ a: z.number() }).catchall(z.number())).success,
      ).toBe(true);
      interface Node {
        name: string;
        children: Node[];
      }
      const node: z.ZodType<Node> = z.lazy(() =>
        z.strictObject({ name: z.string(), children: z.array(node) }),
      );
      const tree = '{"name": "a", "children": [{"name": "b", "children": []}]}';
      expect(safeDecodeJson(tree, node)).toEqual({ success: true, data: JSON.parse(tree) });
      expect(errorOf('{"name": "a", "children": [{"name": "b", "children": [], "x": 1}]}', node).code).toBe(
        'schema',
      );
    });

    it('returns the data a transform made, and zod’s data for a plain object that dropped nothing', () => {
      const twoFields = z.strictObject({ faithful: z.boolean(), reasoning: z.string() });
      expect(safeDecodeJson('{"faithful": true, "reasoning": "quoted"}', twoFields)).toEqual({
        success: true,
        data: { faithful: true, reasoning: 'quoted' },
      });
      expect(safeDecodeJson('{"n": "3"}', z.object({ n: z.coerce.number() }))).toEqual({
        success: true,
        data: { n: 3 },
      });
    });

    it('answers an async schema with a `schema` error instead of throwing zod’s', () => {
      const error = errorOf('{"x":1}', z.object({ x: z.number().refine(async () => true) }));
      expect(error).toMatchObject({
        code: 'schema',
        message:
          'The schema could not check the output (Encountered Promise during synchronous parse. Use .parseAsync() instead.); expected a synchronous schema.',
        excerpt: '{"x":1}',
        issues: [],
      });
      // Only when the async check runs: output that never reaches it decodes.
      const optional = z.strictObject({
        x: z
          .number()
          .refine(async () => true)
          .optional(),
      });
      expect(safeDecodeJson('{}', optional)).toEqual({ success: true, data: {} });
    });

    it('answers a recursive schema that runs out of call stack within a raised maxDepth with `too_deep`', () => {
      const node: z.ZodType = z.lazy(() => z.object({ a: node.optional() }));
      const list: z.ZodType = z.lazy(() => z.array(list));
      const deep = `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`;
      const message =
        'The schema could not check the output (Maximum call stack size exceeded); expected a lower maxDepth.';
      expect(errorOf(deep, node, { maxDepth: 5001 })).toMatchObject({ code: 'too_deep', message });
      expect(errorOf(`${'['.repeat(20_000)}${']'.repeat(20_000)}`, list, { maxDepth: 20_000 })).toMatchObject(
        {
          code: 'too_deep',
          message,
        },
      );
      // The same output within the default bound is refused by the scanner; z.unknown() needs no recursion.
      expect(errorOf(deep, node)).toMatchObject({ code: 'too_deep', position: 320 });
      expect(safeDecodeJson(deep, z.unknown(), { maxDepth: 5001 }).success).toBe(true);
    });

    it('rethrows what the caller’s own refinement throws', () => {
      const bug = new TypeError('x.toFixed is not a function');
      const schema = z.object({
        x: z.number().refine(() => {
          throw bug;
        }),
      });
      expect(() => safeDecodeJson('{"x":1}', schema)).toThrow(bug);
    });

    it('refuses a schema that is not a zod 4 schema with an InvalidArgumentError', () => {
      expect(() => safeDecodeJson('{"faithful": true}', { faithful: 'boolean' } as never)).toThrow(
        invalidArgument('schema', 'Invalid schema: expected a zod 4 schema, received an object.'),
      );
    });
  });

  describe('schema messages', () => {
    const verdict = z.strictObject({ faithful: z.boolean(), reasoning: z.string() });

    it('names the top level when the whole value has the wrong type', () => {
      expect(errorOf('"The answer is faithful."', verdict).message).toBe(
        'Output does not match the schema (1 issue; first at the top level: Invalid input: expected object, received string).',
      );
      expect(errorOf('{"faithful": true, "reasoning": "ok", "score": 5}', verdict).message).toBe(
        'Output does not match the schema (1 issue; first at the top level: Unrecognized key: "score").',
      );
    });

    it('counts the issues and names the first by its path', () => {
      const error = errorOf('{"faithful": "yes", "reasoning": 3}', verdict);
      expect(error.message).toBe(
        'Output does not match the schema (2 issues; first at faithful: Invalid input: expected boolean, received string).',
      );
      expect(error.issues.map((issue) => issue.path)).toEqual([['faithful'], ['reasoning']]);
    });

    it('writes array indices in brackets and keys after dots, with no leading dot', () => {
      const claims = z.strictObject({
        claims: z.array(z.strictObject({ handle: z.string(), quote: z.string() })),
      });
      expect(
        errorOf('{"claims": [{"handle": "S1", "quote": "stele"}, {"handle": 2, "quote": "x"}]}', claims)
          .message,
      ).toBe(
        'Output does not match the schema (1 issue; first at claims[1].handle: Invalid input: expected string, received number).',
      );
      const rows = z.array(z.array(z.strictObject({ quote: z.string() })));
      expect(errorOf('[[{"quote": "a"}], [{"quote": null}]]', rows).message).toBe(
        'Output does not match the schema (1 issue; first at [1][0].quote: Invalid input: expected string, received null).',
      );
    });

    it('cuts a key longer than 40 characters in the path, and reports a stripped key at its path', () => {
      const forty = 'a'.repeat(40);
      const long = `${'b'.repeat(40)}c`;
      const schema = z.strictObject({ [forty]: z.strictObject({ [long]: z.number() }) });
      expect(errorOf(JSON.stringify({ [forty]: { [long]: 'one' } }), schema).message).toBe(
        `Output does not match the schema (1 issue; first at ${forty}.${'b'.repeat(40)}…: Invalid input: expected number, received string).`,
      );
      const plain = z.strictObject({ claims: z.array(z.object({ quote: z.string() })) });
      expect(errorOf('{"claims": [{"quote": "q", "source": 4}]}', plain).message).toBe(
        'Output does not match the schema (1 issue; first at claims[0]: Unrecognized key: "source").',
      );
    });

    it('cuts zod’s message at 160 characters', () => {
      const advice = 'Each reasoning must quote the passage it relies on and name its handle. ';
      const exactly = `${advice.repeat(3)}`.slice(0, 160);
      const longer = `${advice.repeat(3)}`.slice(0, 161);
      const at = (message: string) => z.strictObject({ reasoning: z.string().min(5, message) });
      expect(errorOf('{"reasoning": "ok"}', at(exactly)).message).toBe(
        `Output does not match the schema (1 issue; first at reasoning: ${exactly}).`,
      );
      expect(errorOf('{"reasoning": "ok"}', at(longer)).message).toBe(
        `Output does not match the schema (1 issue; first at reasoning: ${longer.slice(0, 160)}…).`,
      );
    });

    it('carries an excerpt from the start of the output', () => {
      const text = `{"faithful": "yes", "reasoning": "${'The stele is granodiorite. '.repeat(20)}"}`;
      const error = errorOf(text, verdict);
      expect(error.excerpt).toBe(`${text.slice(0, 200)}…`);
      expect(error.position).toBeUndefined();
      expect(errorOf('[1]', verdict).excerpt).toBe('[1]');
    });
  });

  describe('bounds', () => {
    it('measures maxBytes in UTF-8 bytes, a lone surrogate counting three', () => {
      const text = '"éé"'; // 4 UTF-16 units, 6 bytes
      expect(errorOf(text, z.string(), { maxBytes: 5 }).code).toBe('too_large');
      expect(safeDecodeJson(text, z.string(), { maxBytes: 6 })).toEqual({ success: true, data: 'éé' });
      expect(errorOf('"😀"', z.string(), { maxBytes: 5 }).code).toBe('too_large'); // 2 + 4 bytes
      expect(safeDecodeJson('"😀"', z.string(), { maxBytes: 6 }).success).toBe(true);
      expect(errorOf('"\ud800"', z.string(), { maxBytes: 4 }).code).toBe('too_large');
    });

    it('refuses output over the default 1 MiB before reading it, with a short excerpt', () => {
      const huge = `[${'"secret",'.repeat(200_000)}"end"]`;
      const error = errorOf(huge);
      expect(error.code).toBe('too_large');
      expect(error.message).toBe(
        'Output is more than maxBytes 1048576 bytes of UTF-8; expected at most that.',
      );
      expect(error.excerpt.length).toBeLessThanOrEqual(201);
    });

    it('treats blank output, a lone BOM and an empty fence as empty', () => {
      for (const text of ['', '   \n\t ', '\ufeff', '\ufeff  ', '```json\n```', '```\n  \n```']) {
        expect(errorOf(text).code, JSON.stringify(text)).toBe('empty');
      }
    });

    it('drops one leading BOM and refuses a second one', () => {
      expect(safeDecodeJson(fixture('verdict-bom.txt'), verdict).success).toBe(true);
      expect(safeDecodeJson('\ufeff```json\n[1]\n```', z.array(z.number()))).toEqual({
        success: true,
        data: [1],
      });
      expect(errorOf('\ufeff\ufeff[1]').position).toBe(1);
      expect(errorOf('[1]\ufeff').code).toBe('trailing_content');
    });

    const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

    it('bounds nesting by maxDepth (default 64): the first bracket past the bound is refused', () => {
      expect(safeDecodeJson(nested(64), z.unknown()).success).toBe(true);
      expect(errorOf(nested(65))).toMatchObject({ code: 'too_deep', position: 64 });
      const objects = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      expect(safeDecodeJson(objects(64), z.unknown()).success).toBe(true);
      expect(errorOf(objects(65))).toMatchObject({ code: 'too_deep', position: 64 * 5 });
      expect(errorOf(nested(3), z.unknown(), { maxDepth: 2 })).toMatchObject({
        code: 'too_deep',
        position: 2,
      });
      expect(safeDecodeJson(nested(2), z.unknown(), { maxDepth: 2 }).success).toBe(true);
    });

    it('refuses invalid options with an InvalidArgumentError naming the option', () => {
      expect(() => safeDecodeJson('[]', z.unknown(), { maxBytes: 0 })).toThrow(
        invalidArgument('options.maxBytes'),
      );
      expect(() => safeDecodeJson('[]', z.unknown(), { maxDepth: 1.5 })).toThrow(
        invalidArgument('options.maxDepth'),
      );
      expect(() => safeDecodeJson('[]', z.unknown(), { maxDepth: Number.POSITIVE_INFINITY })).toThrow(
        invalidArgument('options.maxDepth'),
      );
    });
  });

  describe('errors', () => {
    it('carries an excerpt of at most ~200 characters around the position, never the whole output', () => {
      const text = `{"reasoning": "${'x'.repeat(5000)}", "faithful": tru}`;
      const error = errorOf(text, verdict);
      expect(error).toBeInstanceOf(DecodeError);
      expect(error.code).toBe('not_json');
      expect(error.position).toBe(text.indexOf('tru}'));
      expect(error.excerpt.length).toBeLessThanOrEqual(202);
      expect(error.excerpt).toContain('tru}');
      expect(error.message.length).toBeLessThan(200);
      expect(error.message).not.toContain('xxxxxxxxxx');
    });

    it('answers a non-string text with not_json instead of throwing', () => {
      expect(errorOf(undefined as unknown as string).code).toBe('not_json');
      expect(errorOf(42 as unknown as string).message).toContain('received number');
    });
  });

  describe('properties', () => {
    // JSON.stringify writes -0 as 0, so -0 is not a value JSON carries; forbidden keys are refused by design.
    const representable = (value: unknown): boolean => {
      if (Object.is(value, -0)) return false;
      if (Array.isArray(value)) return value.every(representable);
      if (typeof value === 'object' && value !== null) {
        return Object.entries(value).every(
          ([key, item]) => !['__proto__', 'constructor', 'prototype'].includes(key) && representable(item),
        );
      }
      return true;
    };

    it('returns v for any JSON value v the schema accepts', () => {
      fc.assert(
        fc.property(fc.jsonValue({ stringUnit: 'grapheme', maxDepth: 6 }).filter(representable), (value) => {
          expect(safeDecodeJson(JSON.stringify(value), z.unknown())).toEqual({ success: true, data: value });
        }),
        { numRuns: propertyRuns(500) },
      );
    });

    it('returns v for any claim list a strict schema accepts, pretty-printed and fenced or not', () => {
      const claims = z.strictObject({
        claims: z.array(
          z.strictObject({
            handle: z.string(),
            quote: z.string(),
            score: z.number(),
            ok: z.boolean().nullable(),
          }),
        ),
      });
      const claim = fc.record({
        handle: fc.string({ unit: 'grapheme' }),
        quote: fc.string({ unit: 'grapheme' }),
        score: fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
        ok: fc.option(fc.boolean(), { nil: null }),
      });
      fc.assert(
        fc.property(
          fc.record({ claims: fc.array(claim) }),
          fc.boolean(),
          fc.constantFrom('', 'json'),
          (value, fence, tag) => {
            const json = JSON.stringify(value, null, 2);
            const text = fence ? `\`\`\`${tag}\n${json}\n\`\`\`` : json;
            expect(safeDecodeJson(text, claims)).toEqual({ success: true, data: value });
          },
        ),
        { numRuns: propertyRuns(300) },
      );
    });

    it('never throws for any string and always answers with a known code', () => {
      const jsonish = fc.string({
        unit: fc.constantFrom(
          ...'{}[]":,\\u0123456789eE+-. \n\r\t`~truefalsn_pocsy'.split(''),
          '\ud800',
          '\udc00',
          '\u0000',
          '\ufeff',
          '😀',
        ),
        maxLength: 60,
      });
      fc.assert(
        fc.property(fc.oneof(fc.string({ unit: 'binary' }), jsonish), (text) => {
          const result = safeDecodeJson(text, verdict, { maxDepth: 4 });
          if (!result.success) {
            expect(codes).toContain(result.error.code);
            expect(DecodeError.isInstance(result.error)).toBe(true);
            expect(result.error.excerpt.length).toBeLessThanOrEqual(202);
          }
        }),
        { numRuns: propertyRuns(3000) },
      );
    });
  });
});

describe('schemaError', () => {
  it('names a subject and still reads when given no issues', () => {
    expect(schemaError('[]', []).message).toBe('Output does not match the schema (0 issues;).');
    expect(schemaError('', [], 'Row 3')).toMatchObject({
      code: 'schema',
      message: 'Row 3 does not match the schema (0 issues;).',
      excerpt: '',
      issues: [],
    });
  });
});
