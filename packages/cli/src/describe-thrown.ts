import { describeValue } from '@gk/internal';

/**
 * What a user's module, pipeline or factory threw, for a message: `name: message` for an error, its text for any other
 * value, and with `stack` the error's stack where it has one. Never throws: a value whose `toString`, `name`, `message`
 * or `stack` throws (or that has no `toString`, as `Object.create(null)`) is described by its type.
 */
export function describeThrown(error: unknown, { stack = false }: { stack?: boolean } = {}): string {
  try {
    if (error instanceof Error) {
      const trace = stack ? error.stack : undefined;
      return typeof trace === 'string' && trace !== ''
        ? trace
        : `${String(error.name)}: ${String(error.message)}`;
    }
    return String(error);
  } catch {
    return `${describeValue(error)} (one that cannot be shown as text)`;
  }
}
