/** Colour functions for the terminal; each is the identity when colour is off. */
export interface TerminalStyle {
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  cyan(text: string): string;
}

const wrap =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string): string => text;

/** Colour only on a TTY and only when `NO_COLOR` is unset or empty (https://no-color.org). */
export function createTerminalStyle(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): TerminalStyle {
  const colour = stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '');
  if (!colour) return { bold: plain, dim: plain, green: plain, yellow: plain, red: plain, cyan: plain };
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    red: wrap(31, 39),
    cyan: wrap(36, 39),
  };
}
