import type { FinishReason } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeFinish, finishWithTools, isUnfinished } from './is-unfinished.js';

describe('isUnfinished', () => {
  it('takes only `stop` as a natural end, whatever raw reason comes with it', () => {
    for (const raw of ['stop', 'end_turn', undefined]) expect(isUnfinished('stop', raw)).toBe(false);
  });

  it("takes `stop` as a cut when the provider's own reason says the turn goes on: Anthropic's `pause_turn`", () => {
    // @ai-sdk/anthropic maps stop_reason `pause_turn` (a long turn paused, as around a server tool) to `stop`.
    expect(isUnfinished('stop', 'pause_turn')).toBe(true);
    expect(describeFinish('stop', 'pause_turn')).toBe(`'stop' (the provider's "pause_turn")`);
    expect(describeFinish('stop', 'end_turn')).toBe("'stop'");
  });

  it('takes every other reason as a possible cut: tool calls, errors, `other` named or not', () => {
    const reasons: Array<[string, string | undefined]> = [
      ['length', 'max_tokens'],
      ['tool-calls', 'tool_calls'],
      ['tool-calls', undefined],
      ['error', 'error'],
      ['interrupted', undefined], // AI SDK 7: the stream ended without a completion signal
      ['other', undefined], // no finish reason arrived (ADR 0032)
      ['other', 'end_turn_unknown'], // a provider reason the AI SDK does not map
      ['other', 'FINISH_REASON_UNSPECIFIED'],
      ['unknown', undefined], // the v2 name AI SDK 5 used
      ['stopped', 'stop'], // a reason no AI SDK defines
      ['', undefined],
      ['STOP', 'STOP'],
    ];
    for (const [reason, raw] of reasons) expect(isUnfinished(reason as FinishReason, raw)).toBe(true);
  });

  it('takes a value that is no string as unfinished, also the provider specification object of `stop`', () => {
    for (const value of [undefined, null, { unified: 'stop', raw: 'stop' }, ['stop']]) {
      expect(isUnfinished(value as unknown as FinishReason, 'stop')).toBe(true);
    }
  });
});

describe('finishWithTools', () => {
  it('reads `stop` as `tool-calls` when the completion holds a tool call, and keeps any other reason', () => {
    expect(finishWithTools('stop', true)).toBe('tool-calls');
    expect(finishWithTools('stop', false)).toBe('stop');
    for (const reason of ['length', 'content-filter', 'error', 'other', 'tool-calls'] as FinishReason[]) {
      expect(finishWithTools(reason, true)).toBe(reason);
    }
  });
});

describe('describeFinish', () => {
  it("names a known reason, `other` with the provider's reason or none, and a reason the AI SDK does not define", () => {
    expect(describeFinish('tool-calls', 'tool_calls')).toBe("'tool-calls'");
    expect(describeFinish('other', undefined)).toBe("'other', no finish reason arrived");
    expect(describeFinish('other', 'end_turn_x')).toBe(`'other' (the provider's "end_turn_x")`);
    expect(describeFinish('other', 'x'.repeat(300))).toHaveLength(`'other' (the provider's "")`.length + 40);
    expect(describeFinish('unknown' as FinishReason, undefined)).toBe(
      '"unknown", a finish reason the AI SDK does not define',
    );
    expect(describeFinish(undefined as unknown as FinishReason, undefined)).toBe('no finish reason');
  });
});
