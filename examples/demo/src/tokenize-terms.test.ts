import { describe, expect, it } from 'vitest';
import { tokenizeTerms } from './tokenize-terms.js';

describe('tokenizeTerms', () => {
  it('drops stop words and folds a few English suffixes', () => {
    expect(tokenizeTerms('Which licence says the changes must be marked?')).toEqual([
      'chang',
      'must',
      'mark',
    ]);
  });

  it('folds four-letter words with their inflections, as it does longer words', () => {
    expect(tokenizeTerms('name file code uses used fees ends')).toEqual(
      tokenizeTerms('names files codes use use fee end'),
    );
    expect(tokenizeTerms('this less plus bias need feed shed free tree')).toEqual([
      'less',
      'plus',
      'bias',
      'need',
      'feed',
      'shed',
      'free',
      'tree',
    ]);
  });

  it('reads a noun in -ion as its verb', () => {
    expect(tokenizeTerms('translation translations violation')).toEqual(
      tokenizeTerms('translate translate violate'),
    );
    expect(tokenizeTerms('lion onion')).toEqual(['lion', 'onion']);
  });

  it('reads an adverb made from an adjective as the adjective, and leaves other words ending in -ly alone', () => {
    expect(tokenizeTerms('publicly commercially remotely')).toEqual(
      tokenizeTerms('public commercial remote'),
    );
    expect(tokenizeTerms('apply supply comply only family')).toEqual(['apply', 'supply', 'comply', 'family']);
  });

  it('adds no term for a contraction or a possessive (straight or curly apostrophe)', () => {
    expect(tokenizeTerms("isn't can't won't don't it's we'll you're I'd I'm they've")).toEqual([]);
    expect(tokenizeTerms('The author’s name isn’t shown')).toEqual(['author', 'nam', 'shown']);
    expect(tokenizeTerms("The software isn't meant for military use")).toEqual(
      tokenizeTerms('The software is not meant for military use'),
    );
  });

  it('returns nothing for empty or hostile input', () => {
    expect(tokenizeTerms('')).toEqual([]);
    expect(tokenizeTerms("\u0000\u200b\ud800 '''' n't 's")).toEqual([]);
  });
});
