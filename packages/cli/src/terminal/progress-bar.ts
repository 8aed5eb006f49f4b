/** A stream the progress bar can draw on (standard error). */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): boolean;
}

/** Options for {@link createProgressBar}. */
export interface ProgressBarOptions {
  stream: ProgressStream;
  /** What is counted, e.g. `lines` or `questions`. */
  unit: string;
  /** The total in the same unit as `done`, or in bytes when progress is measured in bytes; unknown when absent. */
  total?: number;
  /** Clock in milliseconds; injectable for tests. */
  now?: () => number;
  /** Redraw at most this often (default 100 ms). */
  intervalMs?: number;
}

/** A progress bar that draws only on a TTY. */
export interface ProgressBar {
  /** `done` items so far; `position` (same unit as `total`, default `done`) drives the bar and the ETA. */
  update(done: number, position?: number): void;
  /** Erases the bar. */
  finish(): void;
}

/** Draws `[#####-----] 1,234 lines · 5,678/s · ETA 12s` on one line of a TTY; does nothing otherwise. */
export function createProgressBar(options: ProgressBarOptions): ProgressBar {
  const { stream, unit, total } = options;
  if (stream.isTTY !== true) return { update: () => {}, finish: () => {} };
  const now = options.now ?? (() => performance.now());
  const interval = options.intervalMs ?? 100;
  const started = now();
  let last = -Infinity;
  let drawn = false;
  return {
    update(done, position = done) {
      const time = now();
      if (time - last < interval) return;
      last = time;
      stream.write(
        `\r${formatProgress({ done, position, total, unit, elapsedMs: time - started, width: stream.columns ?? 80 })}\u001b[K`,
      );
      drawn = true;
    },
    finish() {
      if (drawn) stream.write('\r\u001b[K');
      drawn = false;
    },
  };
}

/** The text of one progress line (no control characters). */
export function formatProgress(state: {
  done: number;
  position: number;
  total: number | undefined;
  unit: string;
  elapsedMs: number;
  width: number;
}): string {
  const { done, position, total, unit, elapsedMs } = state;
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 ? done / seconds : 0;
  const parts = [`${done.toLocaleString('en-US')} ${unit}`, `${Math.round(rate).toLocaleString('en-US')}/s`];
  let bar = '';
  if (total !== undefined && total > 0) {
    const share = Math.min(1, Math.max(0, position / total));
    const remaining = share > 0 ? (seconds / share) * (1 - share) : Number.NaN;
    parts.push(Number.isFinite(remaining) ? `ETA ${formatDuration(remaining)}` : 'ETA …');
    const size = Math.max(10, Math.min(30, state.width - 60));
    const filled = Math.round(share * size);
    bar = `[${'#'.repeat(filled)}${'-'.repeat(size - filled)}] ${Math.floor(share * 100)}% `;
  }
  return `${bar}${parts.join(' · ')}`;
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}
