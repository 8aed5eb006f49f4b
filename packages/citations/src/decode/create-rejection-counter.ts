import { InvalidArgumentError } from '@gk/internal';
import { refuseUnreadable } from '../verify/refuse-unreadable.js';

/** One rejection to count: which task produced the output, and the reason code it was rejected with. */
export interface RejectionEvent {
  /** A bounded label such as `judge` or `extract-claims`; never model output. */
  task: string;
  /** A reason code such as `not_json` or `quote_not_found`. */
  reason: string;
}

/** A count of rejections for one `{ task, reason }` pair. */
export interface RejectionCount {
  task: string;
  reason: string;
  count: number;
}

/** A counter of rejected model outputs, readable as data and as Prometheus text. */
export interface RejectionCounter {
  /** Adds one rejection (or `count`, a non-negative integer) for `{ task, reason }`. */
  record(event: RejectionEvent, count?: number): void;
  /** Every pair recorded so far, sorted by task then reason; a copy. */
  snapshot(): RejectionCount[];
  /** The counts as `gk_model_invalid_output_total` in the Prometheus text exposition format. */
  toPrometheus(): string;
}

/** The metric name rendered by {@link RejectionCounter.toPrometheus}. */
export const rejectionMetricName = 'gk_model_invalid_output_total';

/**
 * A small, dependency-free counter of rejected model outputs by `{ task, reason }`, so a model that fails
 * systematically is visible; label values are escaped per the Prometheus text format.
 */
export function createRejectionCounter(): RejectionCounter {
  const counts = new Map<string, Map<string, number>>();
  const snapshot = (): RejectionCount[] => {
    const rows: RejectionCount[] = [];
    for (const [task, byReason] of counts) {
      for (const [reason, count] of byReason) rows.push({ task, reason, count });
    }
    return rows.sort((a, b) => compare(a.task, b.task) || compare(a.reason, b.reason));
  };
  return {
    record(event: RejectionEvent, count = 1): void {
      let task: unknown;
      let reason: unknown;
      try {
        ({ task, reason } = event ?? {});
      } catch (cause) {
        refuseUnreadable(cause, 'event', 'a rejection event');
      }
      if (typeof task !== 'string' || task === '' || typeof reason !== 'string' || reason === '') {
        throw new InvalidArgumentError({
          parameter: 'event',
          expected: 'a rejection event with a non-empty string task and reason',
          received: event,
        });
      }
      if (!Number.isSafeInteger(count) || count < 0) {
        throw new InvalidArgumentError({
          parameter: 'count',
          expected: 'a non-negative integer',
          received: count,
        });
      }
      let byReason = counts.get(task);
      if (byReason === undefined) {
        byReason = new Map();
        counts.set(task, byReason);
      }
      byReason.set(reason, (byReason.get(reason) ?? 0) + count);
    },
    snapshot,
    toPrometheus(): string {
      let out =
        `# HELP ${rejectionMetricName} Model outputs rejected by validation, by task and reason.\n` +
        `# TYPE ${rejectionMetricName} counter\n`;
      for (const { task, reason, count } of snapshot()) {
        out += `${rejectionMetricName}{task="${escapeLabel(task)}",reason="${escapeLabel(reason)}"} ${count}\n`;
      }
      return out;
    },
  };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Escapes a label value: backslash, double quote and line feed; lone surrogates become U+FFFD (UTF-8 output). */
function escapeLabel(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x5c) out += '\\\\';
    else if (c === 0x22) out += '\\"';
    else if (c === 0x0a) out += '\\n';
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length && isLow(value.charCodeAt(i + 1))) {
      out += value[i]! + value[i + 1]!;
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) out += '\uFFFD';
    else out += value[i]!;
  }
  return out;
}

const isLow = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;
