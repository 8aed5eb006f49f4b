/**
 * An append-only log read as an async iterable: every iteration starts from the first entry and waits for the
 * next one, so a reader that starts late misses nothing. It ends when the log is closed, or throws the error it
 * failed with after the entries written before the failure.
 */
export class EventLog<T> implements AsyncIterable<T> {
  private readonly entries: T[] = [];
  private state: { ended: false } | { ended: true; failed: boolean; error: unknown } = { ended: false };
  private wake: Array<() => void> = [];

  append(entry: T): void {
    if (this.state.ended) return;
    this.entries.push(entry);
    this.notify();
  }

  close(): void {
    if (this.state.ended) return;
    this.state = { ended: true, failed: false, error: undefined };
    this.notify();
  }

  fail(error: unknown): void {
    if (this.state.ended) return;
    this.state = { ended: true, failed: true, error };
    this.notify();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let next = 0;
    for (;;) {
      if (next < this.entries.length) {
        yield this.entries[next++] as T;
        continue;
      }
      const state = this.state;
      if (state.ended) {
        if (state.failed) throw state.error;
        return;
      }
      await new Promise<void>((resolve) => this.wake.push(resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = [];
    for (const resolve of wake) resolve();
  }
}
