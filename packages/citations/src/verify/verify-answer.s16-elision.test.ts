import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import { EITHER, markRoles, SINGLE } from './quotation-marks.js';

// The Licence Ouverte 2.0 (etalab-2.0): French guillemets, spaced, with elisions before them.
const LICENCE = passage(
  'Le « Concédant » concède au « Réutilisateur » un droit non exclusif et gratuit\n' +
    'de libre « Réutilisation » de l’« Information » objet de la présente licence.\n\n' +
    'Le « Réutilisateur » est libre de réutiliser l’« Information » :\n',
);
const codes = (answer: string): string[] => streamedCodes(answer, [LICENCE], {}, [1, 3]);
/** What the single mark `mark` (first found) in `answer` can do where it stands. */
const roles = (answer: string, mark = '\u2019'): number =>
  markRoles(answer, answer.indexOf(mark), 1, SINGLE, EITHER, mark.codePointAt(0)!);

describe('verifyAnswer single marks before a guillemet', () => {
  it('reads a mark after a word that is no elided one as closing a quotation: fabricated ones are checked', () => {
    expect(codes('Il a écrit ‘le Réutilisateur paie le Concédant’« Information » [1].')).toEqual([
      'quote_not_found',
    ]);
    expect(codes("Il a écrit 'le Réutilisateur paie le Concédant'« Information » [1].")).toEqual([
      'quote_not_found',
    ]);
    expect(codes('‘Le Concédant concède tout’« Information » [1].')).toEqual(['quote_not_found']);
    expect(codes('The licence says ‘the user must pay a fee’«Information» [1].')).toEqual([
      'quote_not_found',
    ]);
    expect(codes('The licence says ‘the user must pay a fee’‹Information› [1].')).toEqual([
      'quote_not_found',
    ]);
  });

  it('reads an elided word’s mark as closing a single quotation left open before it', () => {
    expect(codes('Il a écrit ‘le Réutilisateur paie l’« Information » [1].')).toEqual(['quote_not_found']);
    expect(codes("Il a écrit 'le Réutilisateur paie l'« Information » [1].")).toEqual(['quote_not_found']);
  });

  it('still reads an elided word before a guillemet as an elision', () => {
    for (const apostrophe of ['’', "'"]) {
      expect(codes(`Le Réutilisateur est libre de réutiliser l${apostrophe}« Information » [1].`)).toEqual(
        [],
      );
      expect(codes(`Le Réutilisateur est libre de réutiliser L${apostrophe}« Information » [1].`)).toEqual(
        [],
      );
    }
    for (const word of [
      'l',
      'L',
      'd',
      'j',
      'm',
      'n',
      's',
      't',
      'c',
      'qu',
      'Qu',
      'jusqu',
      'lorsqu',
      'puisqu',
      'quelqu',
      'presqu',
    ])
      for (const apostrophe of ['\u2019', "'"])
        expect(roles(`Il dit ${word}${apostrophe}« Information ».`, apostrophe), word).toBe(0);
    // A word ending in an elided word's letters is no elided word.
    for (const word of ['Concédant', 'sel', 'bad', 'loquet', 'fee'])
      expect(roles(`Il dit ${word}’« Information ».`), word).not.toBe(0);
    // Nor is the end of a word invisible characters part from the rest of it.
    expect(roles(`Il dit Concédantl${'\u200b'.repeat(7)}’« Information ».`)).not.toBe(0);
  });
});
