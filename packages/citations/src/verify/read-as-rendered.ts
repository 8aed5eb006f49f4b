// Markdown an identifier may hide behind and still render as itself: a backslash escape (`mayor\@evil.example`), a
// character reference (`ECLI&#58;NL:…`, `&commat;`) and emphasis around or inside it (`*mayor*@evil.example`,
// `**ECLI**:NL:…`). Identifiers are read on the text as it renders, in claims and passages alike.

// Named references to the ASCII punctuation identifiers are written with, each name followed by its character (HTML's
// names; case matters: `&Colon;` is ∷), a name before any longer one it starts (`comma` before `commat`).
const NAMED =
  ' amp& colon: sol/ period. comma, commat@ num# percnt% quest? equals= plus+ lowbar_ ast* excl! semi;';
// A backslash before ASCII punctuation, or a decimal, hexadecimal or named character reference (as CommonMark reads
// them), in one left-to-right pass: `\&#64;` is the text `&#64;`, and `&amp;#64;` is too.
const ESCAPE_OR_REFERENCE = /\\([!-/:-@[-`{-~])|&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([a-zA-Z]{2,8}));/g;
// What a reference or an escape stays as it is written for: link syntax (a `\(` or `&lpar;` is no link's parenthesis,
// `&quot;` no title's quote, so decoding them would read prose as a link or a definition as prose), spaces and
// controls (a target with `&#32;` inside is still one target).
const KEPT = /[\s\p{Cc}"'()<>[\]\\`]/u;
const MARKUP = /[\\&*_~]/;

/**
 * `text` as markdown renders it, for reading identifiers: escapes of ASCII punctuation and character references to
 * anything but link syntax, spaces and controls decoded; `*` and `~` runs (emphasis, strikethrough) removed, and `_`
 * runs too unless they stand between two letters, digits or parentheses (where identifiers write them,
 * `first_last@x.org`, `wiki/Python_(language)`, and where they close no emphasis opened before). A delimiter that
 * renders as itself is removed as well: the same text in a claim and a passage reads the same, and the result is only
 * ever compared.
 */
export function readAsRendered(text: string): string {
  if (!MARKUP.test(text)) return text;
  return text
    .replace(
      ESCAPE_OR_REFERENCE,
      (whole, escaped?: string, decimal?: string, hex?: string, name?: string) => {
        const code = decimal ? +decimal : hex ? Number.parseInt(hex, 16) : 0;
        const char =
          escaped ?? (name ? named(name) : code < 0x110000 ? String.fromCodePoint(code) : undefined);
        return char === undefined || KEPT.test(char) ? whole : char;
      },
    )
    .replace(/[*~]+|_+/g, (run, at: number, all: string) =>
      run[0] === '_' && WORD.test(all[at - 1] ?? '') && WORD.test(all[at + run.length] ?? '') ? run : '',
    );
}

/** The character a named reference stands for, if NAMED holds the name (` col` is no name, ` colon:` is). */
function named(name: string): string | undefined {
  const at = NAMED.indexOf(` ${name}`);
  const char = NAMED[at + name.length + 1];
  return at < 0 || /[a-z]/i.test(char!) ? undefined : char;
}

// Beside `_` on both sides, what keeps it: `first_last`, `Python_(language)`.
const WORD = /^[\p{L}\p{N}()]$/u;
