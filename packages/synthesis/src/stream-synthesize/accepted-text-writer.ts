import { wholeRun } from '@gk/internal';
/**
 * A line left with nothing but layout after its units were cut: blank, a list bullet or number, a heading's `#`s,
 * block-quote markers or a table row's delimiters. It is removed, so a cut neither leaves a stray marker nor opens a
 * blank line inside a paragraph. No two alternatives overlap, so the test is linear in the line.
 */
export const EMPTIED_LINE = /^[ \t]*(?:(?:[-*+\u2022]|[0-9]{1,3}[.)]|#{1,6})[ \t]*|[>|][ \t>|]*)?$/;

/**
 * How far a line that may still turn out to be an emptied line once it ends has got, read one character at a time
 * so a line cut unit by unit is read once, not again at every cut (a review found a long table row of cut cells
 * quadratic): `indent` only spaces and tabs so far; `digits` and `hashes` (with their count) a list number or a
 * heading's `#`s begun; `marker` a bullet, a number's `.` or `)` or the `#`s, then only spaces and tabs; `quote`
 * block-quote markers and a row's delimiters. The line may be emptied while it matches
 * `^[ \t]*(?:[-*+\u2022][ \t]*|[0-9]{1,3}(?:[.)][ \t]*)?|#{1,6}[ \t]*|[>|][ \t>|]*)?$`.
 */
type LineHeadState = 'indent' | 'digits' | 'hashes' | 'marker' | 'quote';

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
 * layout is removed ({@link EMPTIED_LINE}), except a table's header row, kept with empty cells; the line after a
 * removed one is guarded too when it could open a block only as a paragraph's first line (4 or more columns of
 * indentation: an indented code block); the spaces a cut left at a line's end are dropped. Lines no cut touched
 * stay exactly as written, but for that guard.
 */
export class AcceptedTextWriter {
  private started = false; // something was returned: the leading trim is over
  private skipSpaces = false; // the spaces and tabs after a cut unit are cut with it
  private guard = false; // the next kept text follows a cut where a block may start
  private pending = ''; // finished lines (with their line breaks) not yet returned
  private lineRest = ''; // the current line's text not yet returned
  private lineHead: string | null = ''; // the whole current line while it may still be an emptied line
  private headState: LineHeadState = 'indent'; // how far `lineHead` has got, while it is not null
  private headCount = 0; // the digits or `#`s of `lineHead`, in state `digits` or `hashes`
  private lineTouched = false; // a unit was cut from the current line
  private beforeBlock = true; // the current line so far holds only what may stand before a block's start
  private row: boolean | null = null; // the completion's current line starts with `|`; null: nothing seen yet
  private afterRemoved = false; // the current line may now start a paragraph it did not start in the completion
  private orphan = -1; // the content column of a removed list item's line while its later lines go on; -1: none
  private indent = 0; // the columns of indentation of the current line so far
  private blank = true; // the current line so far holds only spaces and tabs
  private lineChecked = false; // the current line's start was checked for a block it may open after a removed line
  private held: string | null = null; // an emptied table row, kept when the current line is a delimiter row
  private delimiterSoFar = true; // the current line so far holds only what a table's delimiter row may hold

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
    const line = this.lineHead === null && this.held === null ? trimSpacesEnd(this.lineRest) : '';
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
    this.held = null; // no delimiter row follows: the emptied row goes
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
    for (let at = 0; this.blank && at < text.length; at++) {
      if (text[at] === ' ') this.indent++;
      else if (text[at] === '\t') this.indent += 4 - (this.indent % 4);
      else this.blank = false;
    }
    if (this.lineHead !== null) {
      this.lineHead = this.mayEmpty(text) ? this.lineHead + text : null;
    }
    if (this.delimiterSoFar) {
      for (const char of text) if (!DELIMITER_ROW.includes(char)) this.delimiterSoFar = false;
      // The line is no delimiter row: the emptied row held before it was no header, and goes.
      if (!this.delimiterSoFar && this.held !== null) this.dropHeld();
    }
    // Nothing of the line has been returned yet: the guard can still go before it.
    if (this.afterRemoved && this.held === null && this.lineHead === null) this.checkLineStart();
  }

  /** Reads `text`, next on the line, into `headState`: whether the line may still be an emptied line. */
  private mayEmpty(text: string): boolean {
    for (const char of text) {
      const space = char === ' ' || char === '\t';
      switch (this.headState) {
        case 'indent':
          if (space) break;
          if ('-*+\u2022'.includes(char)) this.headState = 'marker';
          else if (char === '>' || char === '|') this.headState = 'quote';
          else if (char === '#' || (char >= '0' && char <= '9')) {
            this.headState = char === '#' ? 'hashes' : 'digits';
            this.headCount = 1;
          } else return false;
          break;
        case 'digits':
          if (char === '.' || char === ')') this.headState = 'marker';
          else if (char >= '0' && char <= '9' && this.headCount < 3) this.headCount++;
          else return false;
          break;
        case 'hashes':
          if (space) this.headState = 'marker';
          else if (char === '#' && this.headCount < 6) this.headCount++;
          else return false;
          break;
        case 'marker':
          if (!space) return false;
          break;
        case 'quote':
          if (!space && char !== '>' && char !== '|') return false;
          break;
      }
    }
    return true;
  }

  /**
   * The line after a removed one, in the completion a paragraph's next line, may now be a paragraph's first line:
   * where it could then open a block no paragraph line does (an indented code block, an HTML block, a link
   * reference definition, a list not numbered from 1), {@link BLOCK_GUARD} goes before it. A block a paragraph's
   * line opens too (a list item, a heading, a fence, a block quote, a table row) opened in the completion as well.
   */
  private checkLineStart(): void {
    if (this.lineChecked) return;
    this.lineChecked = true;
    const at = blockOnlyFirstAt(this.lineRest);
    if (at !== -1) this.lineRest = this.lineRest.slice(0, at) + BLOCK_GUARD + this.lineRest.slice(at);
  }

  private dropHeld(): void {
    this.held = null;
    this.afterRemoved = true;
  }

  /**
   * Moves the current line into `pending` as `acceptedText` would leave it; false when it is removed, or held: a
   * table row left with nothing but its delimiters is kept (with its cells empty) when a delimiter row follows it,
   * since the rows under a header are a table only with it.
   */
  private endLine(): boolean {
    if (this.held !== null) {
      if (this.delimiterSoFar && isDelimiterRowOf(this.lineRest, this.held)) this.pending += `${this.held}\n`;
      else this.dropHeld();
      this.held = null;
    }
    if (this.afterRemoved) this.checkLineStart();
    const removed = this.lineTouched && this.lineHead !== null && EMPTIED_LINE.test(this.lineHead);
    if (removed && this.lineHead!.trimStart().startsWith('|')) this.held = trimSpacesEnd(this.lineRest);
    else if (!removed) this.pending += this.lineTouched ? trimSpacesEnd(this.lineRest) : this.lineRest;
    // A removed list item's later lines, its content, may now start paragraphs after a blank line: each is checked
    // as the line after a removed one, until a line less indented than the item's content.
    if (removed && this.held === null && LIST_ITEM.test(this.lineHead!))
      this.orphan = this.lineHead!.trimEnd().length + 1;
    else if (!removed && !this.blank && this.indent < this.orphan) this.orphan = -1;
    this.lineRest = '';
    this.lineHead = '';
    this.headState = 'indent';
    this.headCount = 0;
    this.lineTouched = false;
    this.beforeBlock = true;
    this.guard = false;
    this.afterRemoved = (removed && this.held === null) || (this.blank && !removed && this.orphan !== -1);
    this.lineChecked = false;
    this.delimiterSoFar = true;
    this.indent = 0;
    this.blank = true;
    return !removed;
  }
}

// What a table's delimiter row (`|---|:--:|`) holds.
const DELIMITER_ROW = ' \t|-:';

/** Whether `line` (only {@link DELIMITER_ROW}'s characters) is a delimiter row for the header `row`: one `-` cell a column. */
function isDelimiterRowOf(line: string, row: string): boolean {
  const cells = cellsOf(line);
  return cells.length === cellsOf(row).length && cells.every((cell) => DELIMITER_CELL.test(cell));
}
// `^[ \t]*:?-+:?[ \t]*$` with its runs read whole in pieces (`wholeRun`): the repeated classes kept a backtrack entry
// per character once V8 compiles patterns without optimizations, and a cell of millions of dashes overflowed its stack.
const DELIMITER_CELL = /* @__PURE__ */ (() =>
  new RegExp(`^(?:${wholeRun('[ \\t]')})?:?${wholeRun('-')}:?(?:${wholeRun('[ \\t]')})?$`))();

/** The cells of a row of a table, read without the `|`s at its ends. */
function cellsOf(row: string): string[] {
  let text = row.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|')) text = text.slice(0, -1);
  return text.split('|');
}

// A list item's marker, and nothing after it, at the start of a line.
const LIST_ITEM = /^[ \t]*(?:[-*+\u2022]|[0-9]{1,3}[.)])[ \t]*$/;

/**
 * Where a line (as read so far, up to its first text) opens a block only as a paragraph's first line, not as its
 * next line: after its block-quote markers, indentation of four columns or more (an indented code block), `<` (an
 * HTML block), `[` (a link reference or footnote definition) or an ordered list item numbered other than 1; -1 when
 * it opens none.
 */
function blockOnlyFirstAt(line: string): number {
  let start = 0; // after the block-quote markers, each with the one space that may follow it
  for (let at = start; ; ) {
    while (at < line.length && at - start < 3 && line[at] === ' ') at++;
    if (line[at] !== '>') break;
    start = line[at + 1] === ' ' || line[at + 1] === '\t' ? at + 2 : at + 1;
    at = start;
  }
  let at = start;
  let column = 0;
  for (; at < line.length && (line[at] === ' ' || line[at] === '\t'); at++)
    column = line[at] === '\t' ? column + 4 - (column % 4) : column + 1;
  if (at === line.length) return -1;
  if (column >= 4 || line[at] === '<' || line[at] === '[') return start;
  const item = /^([0-9]{1,9})[.)](?:[ \t]|$)/.exec(line.slice(at, at + 12));
  return item !== null && Number(item[1]) !== 1 ? start : -1;
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
