import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import type { Passage } from '../types.js';
import { formatSources } from './format-sources.js';
import { InvalidPassageError } from './invalid-passage-error.js';
import { parseMarkers } from './parse-markers.js';

// formatSources and parseMarkers read each option, and formatSources each passage field, once: a misspelt option
// is refused (it would leave its default on, silently), and a value that throws when read is refused with a code.
const caught = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
};
const boom = new Error('boom');
const P: Passage = { documentId: 'd', chunkId: 'c', text: 'x', start: 0, end: 1 };

describe('formatSources', () => {
  it('renders the title it checked (a getter cannot hand the heading a Symbol)', () => {
    let read = 0;
    const passage = {
      ...P,
      get title() {
        return read++ === 0 ? 'Title' : Symbol('late');
      },
    };
    expect(formatSources([passage as never])).toBe('[1] Title\nx');
  });

  it('refuses a passage that throws when read, the error as its cause', () => {
    const passage = {
      ...P,
      get text(): never {
        throw boom;
      },
    };
    const error = caught(() => formatSources([passage as never]));
    expect(InvalidArgumentError.isInstance(error) || InvalidPassageError.isInstance(error)).toBe(true);
    expect((error as Error).cause).toBe(boom);
  });

  it('refuses an option key that is no option, and options that throw when read', () => {
    const error = caught(() => formatSources([P], { stlye: 'handles' } as never));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error).toMatchObject({ parameter: 'options.stlye' });
    expect((error as Error).message).toMatch(/no such option \(the options are style\)/);
    const throwing = caught(() =>
      formatSources([P], {
        get style(): never {
          throw boom;
        },
      }),
    );
    expect(throwing).toBeInstanceOf(InvalidArgumentError);
    expect((throwing as Error).cause).toBe(boom);
  });
});

describe('parseMarkers', () => {
  it('refuses an option key that is no option, and options that throw when read', () => {
    const error = caught(() => parseMarkers('[1-3]', { range: true } as never));
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error).toMatchObject({ parameter: 'options.range' });
    expect((error as Error).message).toMatch(/no such option \(the options are ranges\)/);
    const throwing = caught(() =>
      parseMarkers('[1]', {
        get ranges(): never {
          throw boom;
        },
      }),
    );
    expect(throwing).toBeInstanceOf(InvalidArgumentError);
    expect((throwing as Error).cause).toBe(boom);
  });

  it('reads ranges once', () => {
    let read = 0;
    const options = {
      get ranges() {
        return read++ === 0 ? true : 'yes';
      },
    };
    expect(parseMarkers('[1-3]', options as never).map((m) => m.numbers)).toEqual([[1, 2, 3]]);
  });
});
