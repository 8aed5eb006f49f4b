/**
 * A line left with nothing but layout after its units were cut: blank, a list bullet or number, a heading's `#`s,
 * block-quote markers or a table row's delimiters. It is removed, so a cut neither leaves a stray marker nor opens a
 * blank line inside a paragraph. No two alternatives overlap, so the test is linear in the line.
 */
export const EMPTIED_LINE = /^[ \t]*(?:(?:[-*+\u2022]|[0-9]{1,3}[.)]|#{1,6})[ \t]*|[>|][ \t>|]*)?$/;

// A line that may still turn out to be an emptied line once it ends.
const MAY_EMPTY = /^[ \t]*(?:[-*+\u2022][ \t]*|[0-9]{1,3}(?:[.)][ \t]*)?|#{1,6}[ \t]*|[>|][ \t>|]*)?$/;

// What may stand on a line before the start of a block (indentation, block-quote markers, list bullets and numbers).
const BEFORE_BLOCK = ' \t>-+*\u20220123456789.)';

// The first characters of a block construct (a fence, a heading, a block quote, a list item, a thematic break, a
// setext underline, an HTML block, a table row, a link reference or footnote definition).
const BLOCK_HEAD = '`~#>-+*_=<|[0123456789';

/**
 * Written before text a cut moved to where a block may start, when its first character may open one: a character
 * reference, so the line is a paragraph's text as it was in the completion, and renders as a space (leading spaces
 * of a block do not show). A backslash escape would not do: `\<!-- … -->` shows the comment it would have hidden.
 */
export const BLOCK_GUARD = '&#32;';

/**
 * `acceptedText` computed as the completion is read: the caller hands over the completion in order, kept text
 * with `keep` and each cut unit's text with `cut`, and `take` returns the part of the accepted text that can no
 * longer change. Everything `take` and `finish` return, joined, is exactly `acceptedText(completion, cuts)`
 * (which is written with this class). Work is linear in the completion: only text not yet returned is looked at
 * again.
 *
 * What a cut leaves: the unit goes with the spaces and tabs after it; in a table row (a line that starts with `|`)
 * the unit's cell delimiters stay, so no cell moves to another column; text the cut moved to where a block may
 * start (a line's start, after a list bullet or a block-quote marker) is guarded by {@link BLOCK_GUARD} when its
 * first character may open a block, since in the completion it was a paragraph's text; a line left with nothing but
 * layout is removed ({@link EMPTIED_LINE}), and the spaces a cut left at a line's end are dropped. Lines no cut
 * touched stay exactly as written.
 */
export class AcceptedTextWriter {
  private started = false; // something was returned: the leading trim is over
  private skipSpaces = false; // the spaces and tabs after a cut unit are cut with it
  private guard = false; // the next kept text follows a cut where a block may start
  private pending = ''; // finished lines (with their line breaks) not yet returned
  private lineRest = ''; // the current line's text not yet returned
  private lineHead: string | null = ''; // the whole current line while it may still be an emptied line
  private lineTouched = false; // a unit was cut from the current line
  private beforeBlock = true; // the current line so far holds only what may stand before a block's start
  private row: boolean | null = null; // the completion's current line starts with `|`; null: nothing seen yet

  /** Completion text that stays (layout, accepted units). */
  keep(text: string): void {
    this.read(text);
    let rest = text;
    if (this.skipSpaces) {
      let i = 0;
      while (i < rest.length && (rest[i] === ' ' || rest[i] === '\t')) i++;
      rest = rest.slice(i);
      if (rest !== '') this.skipSpaces = false;
    }
    if (rest === '') return;
    if (this.guard && BLOCK_HEAD.includes(rest[0]!)) this.addToLine(BLOCK_GUARD);
    this.guard = false;
    for (let at = rest.indexOf('\n'); at !== -1; at = rest.indexOf('\n')) {
      this.addToLine(rest.slice(0, at));
      if (this.endLine()) this.pending += '\n';
      rest = rest.slice(at + 1);
    }
    this.addToLine(rest);
  }

  /** A rejected unit, `text` in the completion, was cut here. */
  cut(text: string): void {
    this.read(text);
    this.lineTouched = true;
    if (this.row === true && !text.includes('\n')) {
      // The cell delimiters stay, one space apart; the spaces after the unit stay too.
      const delimiters = cellDelimiters(text);
      if (delimiters > 0) {
        this.guard = false;
        this.addToLine(`${'| '.repeat(delimiters - 1)}|`);
      }
      this.skipSpaces = false;
      return;
    }
    this.skipSpaces = true;
    this.guard = this.beforeBlock;
  }

  /** The accepted text that became final since the last call. */
  take(): string {
    const line = this.lineHead === null ? trimSpacesEnd(this.lineRest) : '';
    const candidate = this.pending + line;
    const from = this.started ? 0 : candidate.length - candidate.trimStart().length;
    const to = candidate.trimEnd().length;
    if (to <= from) return '';
    if (to <= this.pending.length) {
      this.pending = this.pending.slice(to);
    } else {
      this.lineRest = this.lineRest.slice(to - this.pending.length);
      this.pending = '';
    }
    this.started = true;
    return candidate.slice(from, to);
  }

  /** The end of the completion: the rest of the accepted text. */
  finish(): string {
    this.endLine();
    const rest = this.started ? this.pending : this.pending.trimStart();
    this.pending = '';
    return rest.trimEnd();
  }

  /** Follows the completion's lines, to tell a table row (a line whose first character is `|`). */
  private read(text: string): void {
    const lineStart = text.lastIndexOf('\n');
    let at = 0;
    if (lineStart !== -1) {
      this.row = null;
      at = lineStart + 1;
    }
    if (this.row !== null) return;
    while (at < text.length && (text[at] === ' ' || text[at] === '\t')) at++;
    if (at < text.length) this.row = text[at] === '|';
  }

  private addToLine(text: string): void {
    if (text === '') return;
    this.lineRest += text;
    if (this.beforeBlock) for (const char of text) if (!BEFORE_BLOCK.includes(char)) this.beforeBlock = false;
    if (this.lineHead !== null) {
      this.lineHead += text;
      if (!MAY_EMPTY.test(this.lineHead)) this.lineHead = null;
    }
  }

  /** Moves the current line into `pending` as `acceptedText` would leave it; false when it is removed. */
  private endLine(): boolean {
    const removed = this.lineTouched && this.lineHead !== null && EMPTIED_LINE.test(this.lineHead);
    if (!removed) this.pending += this.lineTouched ? trimSpacesEnd(this.lineRest) : this.lineRest;
    this.lineRest = '';
    this.lineHead = '';
    this.lineTouched = false;
    this.beforeBlock = true;
    this.guard = false;
    return !removed;
  }
}

/** The unescaped `|`s in a cut unit's text: the cell delimiters it holds. */
function cellDelimiters(text: string): number {
  let count = 0;
  for (let at = text.indexOf('|'); at !== -1; at = text.indexOf('|', at + 1))
    if (text[at - 1] !== '\\') count++;
  return count;
}

function trimSpacesEnd(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return line.slice(0, end);
}
