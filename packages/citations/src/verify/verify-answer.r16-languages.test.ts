import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import { verifyAnswer } from './verify-answer.js';

// The Licence Ouverte 2.0 (etalab-2.0): French guillemets, spaced, with elisions before them.
const LICENCE = passage(
  'Le « Concédant » concède au « Réutilisateur » un droit non exclusif et gratuit\n' +
    'de libre « Réutilisation » de l’« Information » objet de la présente licence,\n' +
    'à des fins commerciales ou non, dans le monde entier et pour une durée\n' +
    'illimitée, dans les conditions exprimées ci-dessous.\n\n' +
    'Le « Réutilisateur » est libre de réutiliser l’« Information » :\n\n' +
    '- de la reproduire, la copier,\n',
);
const N = '\u202f'; // narrow no-break space
const NB = '\u00a0';
const codes = (answer: string): string[] => streamedCodes(answer, [LICENCE], {}, [1, 3]);
/** The cited text of each citation of `answer`. */
const cited = (answer: string): string[] => verifyAnswer(answer, [LICENCE]).citations.map((c) => c.text);

describe('verifyAnswer French guillemets', () => {
  it('checks a spaced quotation holding a nested one whole: roles swapped are not found', () => {
    expect(codes('La licence dit : « Le « Réutilisateur » concède au « Concédant » un droit » [1].')).toEqual(
      ['quote_not_found'],
    );
    expect(
      codes(
        `La licence dit${N}: «${N}Le «${N}Réutilisateur${N}» concède au «${N}Concédant${N}» un droit${N}» [1].`,
      ),
    ).toEqual(['quote_not_found']);
    expect(
      codes(
        `La licence dit${NB}: «${NB}Le «${NB}Réutilisateur${NB}» concède au «${NB}Concédant${NB}» un droit${NB}» [1].`,
      ),
    ).toEqual(['quote_not_found']);
  });

  it('accepts the nested quotation the passage does hold, spaced any way', () => {
    for (const space of [' ', N, NB]) {
      const s = space;
      const answer = `La licence dit${s}: «${s}Le «${s}Concédant${s}» concède au «${s}Réutilisateur${s}» un droit${s}» [1].`;
      expect(codes(answer), JSON.stringify(space)).toEqual([]);
      expect(cited(answer), JSON.stringify(space)).toContain(
        'Le « Concédant » concède au « Réutilisateur » un droit',
      );
    }
    expect(codes(`Le Concédant accorde « un droit non exclusif et gratuit${NB}» [1].`)).toEqual([]);
    expect(codes(`Le Concédant accorde « un droit exclusif et payant${NB}» [1].`)).toEqual([
      'quote_not_found',
    ]);
  });

  it('reads an apostrophe before a guillemet as an elision, not a closing mark', () => {
    for (const apostrophe of ['’', "'"])
      for (const space of [' ', N, NB]) {
        const answer = `Le Réutilisateur est libre de réutiliser l${apostrophe}«${space}Information${space}» [1].`;
        expect(codes(answer), answer).toEqual([]);
      }
    // With a quotation before it on the claim: no quotation is cut at the elision.
    const answer = 'Le « Réutilisateur » est libre de réutiliser l’« Information » [1].';
    expect(codes(answer)).toEqual([]);
    expect(cited(answer)).not.toContain('est libre de réutiliser l');
    // A quotation that runs on past an elision is still checked whole.
    expect(codes('Il est « libre de réutiliser l’« Information » à volonté » [1].')).toEqual([
      'quote_not_found',
    ]);
    expect(codes('Il est « libre de réutiliser l’« Information » : » [1].')).toEqual([]);
  });
});

describe('verifyAnswer Hebrew acronyms', () => {
  const HEBREW = passage(
    'לפי חוק ארה״ב מעניק הרישיון זכות להעתיק ולהפיץ את התוכנה ללא תשלום. יש לציין את המקור.',
  );
  const ASCII = passage(
    'לפי חוק ארה"ב מעניק הרישיון זכות להעתיק ולהפיץ את התוכנה ללא תשלום. ד"ר כהן כתב זאת.',
  );
  const hebrew = (answer: string, source = HEBREW): string[] => streamedCodes(answer, [source], {}, [1, 3]);

  it('reads gershayim (or a double mark) between two Hebrew letters as an acronym mark, not a quotation mark', () => {
    expect(hebrew('לפי חוק ארה״ב הרישיון מעניק זכות להעתיק ולהפיץ את התוכנה [1].')).toEqual([]);
    expect(hebrew('ד״ר כהן כתב שהרישיון מעניק זכות להעתיק את התוכנה [1].')).toEqual([]);
    expect(hebrew('לפי חוק ארה"ב הרישיון מעניק זכות להעתיק ולהפיץ את התוכנה [1].', ASCII)).toEqual([]);
    expect(hebrew('לפי חוק ארה״ב, "יש לציין את המקור" [1].')).toEqual([]);
    expect(hebrew('לפי חוק ארה״ב, ״יש לציין את המקור״ [1].')).toEqual([]);
    // The quotation after an acronym is still checked.
    expect(hebrew('לפי חוק ארה״ב, "יש לשלם על התוכנה" [1].')).toEqual(['quote_not_found']);
    expect(hebrew('לפי ד"ר כהן, "אסור להעתיק את התוכנה" [1].', ASCII)).toEqual(['quote_not_found']);
  });

  it('still reads a mark after a one-letter prefix as opening a quotation (ה"חוק")', () => {
    // ל + "…": the prefix glued to a quotation; the quotation is checked.
    expect(hebrew('הרישיון מתיר ל"העתיק ולהפיץ את כל התוכנה בתשלום" [1].')).toEqual(['quote_not_found']);
    expect(hebrew('הרישיון מעניק ל"זכות להעתיק ולהפיץ את התוכנה" [1].')).toEqual([]);
  });
});
