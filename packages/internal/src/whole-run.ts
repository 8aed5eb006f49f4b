let runs = 0;

/**
 * Source of a regex reading a whole run of `charClass` (a class of one character: `\\p{Nd}`, `[\\s#*_>]`) as
 * `${charClass}+` reads it where what follows in the pattern cannot start with one of its characters, so that giving
 * some back never finds another match. Read in pieces of at most 2^16, each read ahead and then taken by a
 * backreference: a lookahead keeps no backtrack entry once it matched, while V8 keeps one per character a repeated
 * class reads in a string beyond Latin-1, and in any string once it compiles patterns without optimizations (ADR
 * 0068, 0069), so `${charClass}+` overflows its stack on a run of millions. Each call names its group anew
 * (`wholeRun0`, `wholeRun1`, ...), so a pattern may hold several; read a match's own groups by name.
 */
export function wholeRun(charClass: string): string {
  const name = `wholeRun${runs++}`;
  return `(?:(?=(?<${name}>${charClass}{1,65536}))\\k<${name}>)+`;
}
