import { checkArgument } from '@gk/internal';
import { createMarkerSet } from './create-marker-set.js';
import { annotationsForReader, decodeForReader, renderForReader } from './decode-for-reader.js';
import { laidOutReadings } from './lay-out-right-to-left.js';
import { squash, squashLetterForms } from './squash.js';

/**
 * Whether an echo marker occurs in a text, also under disguises and in part.
 *
 * Both sides are NFKC-normalised, lowercased and reduced to ASCII letters and digits before the marker's hex
 * characters are searched, so case changes, inserted zero-width characters, spaces, line breaks, hyphens or other
 * punctuation, and fullwidth forms are all caught, as is the hex part without its prefix; the text is searched
 * NFKD-normalised too, with the letter styles of fancy-text generators read as letters (see `squashLetterForms`), so
 * a marker with a diacritic on its letters (`á`, `a` + U+0301), in small capitals (`ᴀ`), negative circled or squared
 * letters (`🅐`, `🅰`), regional indicators or dingbat digits (`❶`, `➀`) is caught. Any run of 16
 * consecutive hex digits of the marker counts as the marker (a marker shorter than that must occur whole). The
 * text is also read as a page shows it (see `decodeForReader`): HTML tags and comments removed (`<wbr>`, `<b></b>`,
 * `<!---->` between its characters), character references decoded (`&#48;`, `&shy;`, `&ZeroWidthSpace;`), and
 * percent-escapes (`%30`) and digits of other scripts (`٠`, `०`) read as ASCII; and once more as it renders (see
 * `renderForReader`): hidden elements' content dropped (`<span hidden>`, `display:none`, `<script>` between its
 * pieces, a ruby's annotations above its base), markdown links and images read as their text (`[0a1b](#)[2c3d](#)`),
 * and a ruby's annotations read as the row they show in (see `annotationsForReader`); and each of these readings with what a
 * right-to-left override (U+202E, `<bdo dir="rtl">`) governs reversed and with right-to-left runs laid out, as a page
 * shows them (see `laidOutReadings`); every reading with letter forms read too. Not caught: other re-encodings
 * (base64, reversal without an override, spelled-out digits) and look-alike letters from other scripts.
 */
export function containsMarker(text: string, marker: string): boolean {
  checkArgument(typeof text === 'string', 'text', 'a string', text);
  checkArgument(typeof marker === 'string', 'marker', 'a string', marker);
  const markers = createMarkerSet<true>();
  markers.add(marker, true);
  const matcher = markers.except([]);
  // A marker with no letter or digit after its prefix could match nothing: every text would look clean.
  checkArgument(matcher.window > 0, 'marker', 'a marker with a letter or digit after its prefix', marker);
  const readings = [text, decodeForReader(text), renderForReader(text), annotationsForReader(text)];
  // Every reading, and each as a page lays out its bidi text, with letter forms read too: a disguise of one reading
  // (hidden filler) and one of another kind (an accent, a right-to-left run) may be combined.
  for (const reading of [...readings, ...laidOutReadings(readings)]) {
    if (reading === null) continue;
    if (matcher.find(squash(reading)) === true || matcher.find(squashLetterForms(reading) ?? '') === true)
      return true;
  }
  return false;
}
