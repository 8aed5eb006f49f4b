import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRejectionCounter } from './create-rejection-counter.js';
import { decodeRows } from './decode-rows.js';
import { safeDecodeJson } from './safe-decode-json.js';

describe('createRejectionCounter', () => {
  it('counts rejections by task and reason, readable as sorted plain data', () => {
    const counter = createRejectionCounter();
    const verdict = z.strictObject({ faithful: z.boolean() });
    for (const text of [
      '',
      'Sure! {"faithful": true}',
      '{"faithful": "true"}',
      '```json\n{"faithful": true}\n```',
    ]) {
      const result = safeDecodeJson(text, verdict);
      if (!result.success) counter.record({ task: 'judge', reason: result.error.code });
    }
    const rows = decodeRows('[{"faithful": 1}, {"faithful": true}, {}]', verdict);
    for (const row of rows.rejected) counter.record({ task: 'extract', reason: row.code });
    counter.record({ task: 'judge', reason: 'not_json' }, 2);
    expect(counter.snapshot()).toEqual([
      { task: 'extract', reason: 'schema', count: 2 },
      { task: 'judge', reason: 'empty', count: 1 },
      { task: 'judge', reason: 'not_json', count: 3 },
      { task: 'judge', reason: 'schema', count: 1 },
    ]);
  });

  it('renders the Prometheus text format with HELP and TYPE lines', () => {
    const counter = createRejectionCounter();
    expect(counter.toPrometheus()).toBe(
      '# HELP gk_model_invalid_output_total Model outputs rejected by validation, by task and reason.\n' +
        '# TYPE gk_model_invalid_output_total counter\n',
    );
    counter.record({ task: 'judge', reason: 'not_json' });
    counter.record({ task: 'extract-claims', reason: 'quote_not_found' }, 4);
    expect(counter.toPrometheus().split('\n').slice(2)).toEqual([
      'gk_model_invalid_output_total{task="extract-claims",reason="quote_not_found"} 4',
      'gk_model_invalid_output_total{task="judge",reason="not_json"} 1',
      '',
    ]);
  });

  it('escapes backslash, double quote and line feed in label values and replaces lone surrogates', () => {
    const counter = createRejectionCounter();
    counter.record({ task: 'a\\b"c\nd', reason: 'x\ud800y😀' });
    expect(counter.toPrometheus().split('\n')[2]).toBe(
      'gk_model_invalid_output_total{task="a\\\\b\\"c\\nd",reason="x\uFFFDy😀"} 1',
    );
    expect(counter.snapshot()[0]?.task).toBe('a\\b"c\nd'); // the data keeps the value as recorded
  });

  it('keeps separate series for labels that would collide if joined', () => {
    const counter = createRejectionCounter();
    counter.record({ task: 'a', reason: 'b\u0000c' });
    counter.record({ task: 'a\u0000b', reason: 'c' });
    expect(counter.snapshot()).toHaveLength(2);
  });

  it('returns copies and works when its methods are detached', () => {
    const counter = createRejectionCounter();
    const { record, snapshot, toPrometheus } = counter;
    record({ task: 'judge', reason: 'empty' });
    const first = snapshot();
    first[0]!.count = 99;
    expect(snapshot()[0]?.count).toBe(1);
    expect(toPrometheus()).toContain('{task="judge",reason="empty"} 1');
  });

  it('throws a TypeError for a blank label or a bad count', () => {
    const counter = createRejectionCounter();
    expect(() => counter.record({ task: '', reason: 'x' })).toThrow(TypeError);
    expect(() => counter.record({ task: 'x', reason: 1 as unknown as string })).toThrow(TypeError);
    expect(() => counter.record({ task: 'x', reason: 'y' }, -1)).toThrow(TypeError);
    expect(() => counter.record({ task: 'x', reason: 'y' }, 0.5)).toThrow(TypeError);
    expect(counter.snapshot()).toEqual([]);
  });
});
