import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { extractiveModel } from './extractive-model.js';

function parameterOf(options: Record<string, unknown>): string | undefined {
  try {
    extractiveModel(options);
    return undefined;
  } catch (error) {
    expect(error).toEqual(expect.any(InvalidArgumentError));
    return (error as InvalidArgumentError).parameter;
  }
}

describe('extractiveModel option checks', () => {
  it('refuses a questionLabel that is blank, spans lines or is a bare word that starts ordinary source lines', () => {
    // Review repro: '' and ' ' read the question as part of the last source; 'The' cuts a source at its own lines.
    for (const questionLabel of [
      '',
      ' ',
      '\t',
      '\u200b',
      '\u3164',
      'The',
      'Question',
      'Q',
      '42',
      'Question\n:',
      'Q:\u200b\n',
      7,
    ]) {
      expect([questionLabel, parameterOf({ questionLabel })]).toEqual([questionLabel, 'questionLabel']);
    }
    for (const questionLabel of ['Question:', 'Q:', 'Frage:', 'Question: ', '\u8cea\u554f\uff1a', '>>']) {
      expect(parameterOf({ questionLabel })).toBeUndefined();
    }
  });

  it('refuses a noSourceToken that is blank or holds a citation marker', () => {
    for (const noSourceToken of [
      '',
      '  ',
      '\u200b',
      '\n',
      '[1]',
      'NO_SOURCE [2]',
      '[1-3]',
      'none [1, 2]',
      3,
    ]) {
      expect([noSourceToken, parameterOf({ noSourceToken })]).toEqual([noSourceToken, 'noSourceToken']);
    }
    for (const noSourceToken of ['NO_SOURCE', 'I do not know.', 'KEINE_QUELLE']) {
      expect(parameterOf({ noSourceToken })).toBeUndefined();
    }
  });

  it('refuses a misspelt option instead of using the default in its place', () => {
    expect(parameterOf({ maxSentence: 1 })).toBe('options.maxSentence');
    expect(parameterOf({ noSourceTokens: 'KEINE_QUELLE' })).toBe('options.noSourceTokens');
    expect(parameterOf({ maxSentences: 1, noSourceToken: 'NONE', locale: 'de' })).toBeUndefined();
  });
});
