import { EMPTIED_LINE } from '../synthesize/accepted-text.js';

// A line that may still turn out to be an emptied line (a bullet, a number or a heading's `#`s, nothing else) once it
// ends.
const MAY_EMPTY = /^[ \t]*(?:[-*+\u2022][ \t]*|[0-9]{1,3}(?:[.)][ \t]*)?|#{1,6}[ \t]*)?$/;

/**
 * `acceptedText` computed as the completion is read: the caller hands over the completion in order, kept text
 * with `keep` and each rejected unit with `cut`, and `take` returns the part of the accepted text that can no
 * longer change. Everything `take` and `finish` return, joined, is exactly `acceptedText(completion, cuts)`.
 * Work is linear in the completion: only text not yet returned is ever looked at again.
 */
export class AcceptedTextWriter {
  private started = false; // something was returned: the leading trim is over
  private skipSpaces = false; // the spaces and tabs after a cut unit are cut with it
  private pending = ''; // finished lines (with their line breaks) not yet returned
  private lineRest = ''; // the current line's text not yet returned
  private lineHead: string | null = ''; // the whole current line while it may still be an emptied line
  private lineTouched = false; // a unit was cut from the current line

  /** Completion text that stays (layout, accepted units). */
  keep(text: string): void {
    let rest = text;
    if (this.skipSpaces) {
      let i = 0;
      while (i < rest.length && (rest[i] === ' ' || rest[i] === '\t')) i++;
      rest = rest.slice(i);
      if (rest !== '') this.skipSpaces = false;
    }
    for (let at = rest.indexOf('\n'); at !== -1; at = rest.indexOf('\n')) {
      this.addToLine(rest.slice(0, at));
      if (this.endLine()) this.pending += '\n';
      rest = rest.slice(at + 1);
    }
    this.addToLine(rest);
  }

  /** A rejected unit was cut here. */
  cut(): void {
    this.lineTouched = true;
    this.skipSpaces = true;
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

  private addToLine(text: string): void {
    if (text === '') return;
    this.lineRest += text;
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
    return !removed;
  }
}

function trimSpacesEnd(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return line.slice(0, end);
}
