// Behaviour pinned by mutation testing (npm run mutation -- citations): the exact `schema` message (issue count
// in singular and plural, where the first issue sits, written as a path, keys cut at 40 characters, zod's
// message cut at 160), the excerpt it carries, and a stripped key reported in the same words.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeDecodeJson, schemaError } from './safe-decode-json.js';

/** The error of a failed decode; fails the test when the decode succeeded. */
function errorOf(text: string, schema: z.ZodType) {
  const result = safeDecodeJson(text, schema);
  if (result.success) throw new Error(`expected a failure, decoded ${JSON.stringify(result.data)}`);
  return result.error;
}

const verdict = z.strictObject({ faithful: z.boolean(), reasoning: z.string() });

describe('safeDecodeJson schema errors (mutation-pinned)', () => {
  it('names the top level when the whole value has the wrong type', () => {
    expect(errorOf('"The answer is faithful."', verdict).message).toBe(
      'Output does not match the schema (1 issue; first at the top level: Invalid input: expected object, received string).',
    );
    expect(errorOf('{"faithful": true, "reasoning": "ok", "score": 5}', verdict).message).toBe(
      'Output does not match the schema (1 issue; first at the top level: Unrecognized key: "score").',
    );
  });

  it('names itself in the TypeError for a schema that is not a zod 4 schema', () => {
    expect(() => safeDecodeJson('{"faithful": true}', { faithful: 'boolean' } as never)).toThrow(
      new TypeError('safeDecodeJson expects a zod 4 schema as its schema argument.'),
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

  it('returns the data a transform made, and zod’s data for a plain object that dropped nothing', () => {
    expect(safeDecodeJson('{"faithful": true, "reasoning": "quoted"}', verdict)).toEqual({
      success: true,
      data: { faithful: true, reasoning: 'quoted' },
    });
    expect(safeDecodeJson('{"n": "3"}', z.object({ n: z.coerce.number() }))).toEqual({
      success: true,
      data: { n: 3 },
    });
  });
});

describe('schemaError (mutation-pinned)', () => {
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
