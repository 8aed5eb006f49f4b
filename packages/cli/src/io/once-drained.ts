/**
 * Calls `listener` once `stream` emits 'drain', or at once when `stopped` (closed or failed: no 'drain' will come). The
 * waiter sits in `waiting` until then, so that whoever stops the output can wake it.
 */
export function onceDrained(
  stream: NodeJS.WritableStream,
  waiting: Set<() => void>,
  stopped: boolean,
  listener: () => void,
): void {
  if (stopped) {
    listener();
    return;
  }
  const resume = (): void => {
    waiting.delete(resume);
    stream.off('drain', resume);
    listener();
  };
  waiting.add(resume);
  stream.once('drain', resume);
}
