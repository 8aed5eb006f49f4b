import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createMarkerSet } from './create-marker-set.js';
import { DEFAULT_LEAK_LIMITS, findLeak } from './find-leak.js';
import { generateMarker } from './generate-marker.js';

/** A matcher for one marker, labelled `C`. */
const markerC = (marker: string) => {
  const set = createMarkerSet<'C'>();
  set.add(marker, 'C');
  return set.except([]);
};
const marker = generateMarker();
const hex = marker.slice('GK-ECHO-'.length);
const scan = (value: unknown, limits = DEFAULT_LEAK_LIMITS) =>
  findLeak(value, markerC(marker), 'answer', limits);
const at = (where: string) => ({ leaked: true, where, marker: 'C' });

describe('findLeak', () => {
  describe('where it looks', () => {
    it('finds the marker in a string, a key, a symbol description and a bigint-free tree, and says where', () => {
      expect(scan(`text ${marker}`)).toEqual(at('answer'));
      expect(scan({ text: 'clean', citations: [{ text: 'x' }, { note: marker }] })).toEqual(
        at('answer.citations[1].note'),
      );
      expect(scan({ nested: { [marker]: 1 } })).toEqual(at('answer.nested (a key)'));
      expect(scan({ [Symbol(marker)]: 1 })).toEqual(at('answer (a key)'));
      expect(scan({ [Symbol('trace')]: { value: marker } })).toEqual(at('answer[a symbol key].value'));
      expect(scan({ text: 'clean', citations: [], usage: { tokens: 10n } })).toEqual({ leaked: false });
    });

    it('reads non-enumerable properties, own getters and getters of the object’s classes', () => {
      expect(scan(Object.defineProperty({}, 'hidden', { value: marker }))).toEqual(at('answer.hidden'));
      expect(scan(Object.defineProperty({}, 'lazy', { get: () => marker }))).toEqual(at('answer.lazy'));
      class Base {
        get inherited(): string {
          return marker;
        }
      }
      class Result extends Base {}
      expect(scan(new Result())).toEqual(at('answer.inherited'));
    });

    it('searches the error a getter throws, and goes on when one throws nothing useful', () => {
      const throwing = Object.defineProperty({ after: 'clean' }, 'usage', {
        get() {
          throw new Error(`no usage for ${marker}`);
        },
        enumerable: true,
      });
      expect(scan(throwing).leaked).toBe(true);
      expect(scan(throwing)).toMatchObject({ where: expect.stringMatching(/^answer\.usage \(thrown\)\./) });
      const silent = Object.defineProperty({ after: marker }, 'usage', {
        get() {
          throw 42;
        },
        enumerable: true,
      });
      expect(scan(silent)).toEqual(at('answer.after'));
    });

    it('reads Map keys and values and Set members, of subclasses too', () => {
      class Trace extends Map<string, unknown> {}
      expect(scan(new Map([['k', marker]]))).toEqual(at('answer.get(…)'));
      expect(scan(new Map([[marker, 1]]))).toEqual(at('answer (a Map key)'));
      expect(scan(new Trace([['k', [marker]]]))).toEqual(at('answer.get(…)[0]'));
      expect(scan(new Set(['a', marker]))).toEqual(at('answer (a Set member)'));
      expect(scan(new WeakMap([[{}, marker]]))).toEqual({ leaked: false }); // not iterable: nothing to read
    });

    it('reads the target of a WeakRef, of a subclass and of another realm too', () => {
      // Held here, so the target stays alive while the walk reads it, as a pipeline's debug output keeps it.
      const target = { note: marker };
      class Handle extends WeakRef<object> {}
      expect(scan({ debug: new WeakRef(target) })).toEqual(at('answer.debug.deref().note'));
      expect(scan(new Handle(target))).toEqual(at('answer.deref().note'));
      expect(scan(runInNewContext('new WeakRef(target)', { target }))).toEqual(at('answer.deref().note'));
      // An object that only names WeakRef's constructor holds no target, and its `deref` is never called.
      const fake = Object.create(Object.create(WeakRef.prototype, { deref: { value: () => target } }));
      expect(scan(fake)).toEqual({ leaked: false });
      expect(scan(new WeakRef({ note: 'clean' }))).toEqual({ leaked: false });
    });

    it('reads built-in objects by their text form: a URL, a regular expression', () => {
      // Node implements URL in JavaScript, so its getters are read; where URL is native, its text form is.
      expect(scan({ source: new URL(`https://example.org/${marker}`) })).toMatchObject({
        leaked: true,
        where: expect.stringMatching(/^answer\.source(?: \(as text\)|\.href)$/),
      });
      expect(scan([new RegExp(hex)])).toEqual(at('answer[0] (as text)'));
      // Node implements URLSearchParams in JavaScript too, with its content in private fields: only its text shows it.
      expect(scan({ query: new URLSearchParams({ q: marker }) })).toEqual(at('answer.query (as text)'));
      expect(scan({ at: new Date(0), pattern: /clean/ })).toEqual({ leaked: false });
      // A plain object's text form is not searched: it holds nothing but "[object Object]".
      expect(scan({ tokens: [hex.slice(0, 8), {}, hex.slice(8, 16)] })).toEqual(at('answer.tokens[2]'));
    });

    it('reads subclasses of built-in objects, and objects inheriting from one, by the built-in text form', () => {
      expect(scan({ source: new (class U extends URL {})(`https://x.test/${marker}`) })).toMatchObject({
        leaked: true,
        where: expect.stringMatching(/^answer\.source(?: \(as text\)|\.href)$/),
      });
      expect(scan([new (class R extends RegExp {})(hex)])).toEqual(at('answer[0] (as text)'));
      expect(scan({ query: new (class P extends URLSearchParams {})({ q: marker }) })).toEqual(
        at('answer.query (as text)'),
      );
      const behind = Object.setPrototypeOf(
        new URLSearchParams({ q: marker }),
        Object.create(URLSearchParams.prototype),
      );
      expect(scan({ query: behind })).toEqual(at('answer.query (as text)'));
      // The built-in's own text form: a subclass's `toString` is not called, so it cannot hide the content.
      class Quiet extends URLSearchParams {
        override toString(): string {
          return 'clean';
        }
      }
      expect(scan({ query: new Quiet({ q: marker }) })).toEqual(at('answer.query (as text)'));
      expect(scan({ at: new (class D extends Date {})(0) })).toEqual({ leaked: false });
    });

    it("reads the data properties of the object's prototypes, a class's or not", () => {
      class Noted {}
      (Noted.prototype as unknown as Record<string, unknown>)['note'] = marker;
      expect(scan({ debug: new Noted() })).toEqual(at('answer.debug.note'));
      expect(scan({ debug: Object.create(Object.create({ note: [marker] })) })).toEqual(
        at('answer.debug.note[0]'),
      );
      class Named extends Error {}
      Named.prototype.name = marker;
      expect(scan({ error: new Named('x') }).leaked).toBe(true);
    });

    it('decodes binary data as UTF-8', () => {
      const bytes = new TextEncoder().encode(`log ${marker}`);
      expect(scan({ raw: bytes })).toEqual(at('answer.raw (bytes)'));
      expect(scan(bytes.buffer)).toEqual(at('answer (bytes)'));
      expect(scan(new DataView(bytes.buffer, 4))).toEqual(at('answer (bytes)'));
      expect(scan(new Uint8Array(1_000_000))).toEqual({ leaked: false });
      const shared = new SharedArrayBuffer(bytes.length);
      new Uint8Array(shared).set(bytes);
      expect(scan({ raw: shared })).toEqual(at('answer.raw (bytes)'));
      expect(scan({ raw: new Uint8Array(shared, 4) })).toEqual(at('answer.raw (bytes)'));
    });

    it('reads a regular expression and binary data through the built-in getters, which no own property or subclass shadows', () => {
      expect(scan(Object.defineProperty(new RegExp(hex), 'source', { value: 'x' }))).toEqual(
        at('answer (as text)'),
      );
      class Quiet extends RegExp {
        override get source(): string {
          return 'hidden';
        }
      }
      expect(scan([new Quiet(hex)])).toEqual(at('answer[0] (as text)'));
      const bytes = new TextEncoder().encode(`log ${marker}`);
      expect(scan(Object.defineProperty(new Uint8Array(bytes), 'byteLength', { value: 0 }))).toEqual(
        at('answer (bytes)'),
      );
      class Empty extends Uint8Array {
        override get buffer(): ArrayBuffer {
          return new ArrayBuffer(0);
        }
        override get byteLength(): number {
          return 0;
        }
      }
      expect(scan({ raw: new Empty(bytes) })).toEqual(at('answer.raw (bytes)'));
      expect(scan(Object.defineProperty(new DataView(bytes.buffer), 'byteOffset', { value: 40 }))).toEqual(
        at('answer (bytes)'),
      );
    });

    it("counts binary data longer than the text bound as too large, unread: past V8's longest string it cannot be", () => {
      const buffer = new ArrayBuffer(540_000_000);
      new Uint8Array(buffer).set(new TextEncoder().encode(marker));
      expect(scan({ debug: buffer })).toMatchObject({
        leaked: true,
        where: expect.stringContaining('too large'),
      });
      expect(scan({ debug: new Uint8Array(buffer, 8) })).toMatchObject({
        where: expect.stringContaining('too large'),
      });
      const limits = { maxValues: 10, maxTextLength: 1_000 };
      expect(scan(new Uint8Array(1_001), limits).leaked).toBe(true);
      expect(scan(new Uint8Array(1_000), limits).leaked).toBe(false);
      expect(scan(['x'.repeat(500), new Uint8Array(501)], limits).leaked).toBe(true);
    });

    it('reads errors: message, cause and any field, and String objects and functions by their properties', () => {
      expect(scan(new Error('refused', { cause: { detail: marker } }))).toEqual(at('answer.cause.detail'));
      expect(scan(Object.assign(new TypeError('x'), { completion: marker }))).toEqual(
        at('answer.completion'),
      );
      expect(scan(new String(marker))).toEqual(at('answer[23]')); // the 16th hex digit completes the run
      expect(scan(Object.assign(() => 'never called', { text: marker }))).toEqual(at('answer.text'));
      expect(scan({ promise: Promise.resolve(marker) })).toEqual({ leaked: false }); // never awaited
    });

    it('reads a built-in by its text form whatever its Symbol.toStringTag says (an error is told by its prototype)', () => {
      const tagged = <T extends object>(value: T): T =>
        Object.defineProperty(value, Symbol.toStringTag, { value: 'Error' });
      class Link extends URL {
        get [Symbol.toStringTag](): string {
          return 'Error';
        }
      }
      for (const source of [
        tagged(new URL(`https://x.org/?ref=${marker}`)),
        tagged(new URLSearchParams({ ref: marker })),
        tagged(new RegExp(marker)),
        new Link(`https://x.org/?ref=${marker}`),
      ]) {
        expect(scan({ source })).toEqual(at('answer.source (as text)'));
      }
      // An error is read by its own properties, not by a text form.
      expect(scan(new Error(`refused ${marker}`))).toMatchObject({
        where: expect.stringMatching(/^answer\.(?:stack|message)$/),
      });
    });

    it('reads what a prototype holds when its constructor is native but it is no built-in prototype', () => {
      class Debug {
        get note(): string {
          return marker;
        }
      }
      Object.defineProperty(Debug.prototype, 'constructor', { value: Object });
      const variants = [
        Object.create({ constructor: Object, note: marker }),
        Object.create({
          constructor: Object,
          get note() {
            return marker;
          },
        }),
        Object.create({ constructor: function Debug() {}.bind(null), note: marker }),
        new Debug(),
      ];
      for (const answer of variants)
        expect(scan(Object.assign(answer, { text: 'clean' }))).toEqual(at('answer.note'));
    });

    it('reads Maps and Sets from another realm, which instanceof does not recognise', () => {
      const realm = { marker };
      const map = runInNewContext('new Map([["k", marker]])', realm) as object;
      const set = runInNewContext('new Set(["a", marker])', realm) as object;
      expect(map instanceof Map || set instanceof Set).toBe(false);
      expect(scan({ map })).toEqual(at('answer.map.get(…)'));
      expect(scan({ set })).toEqual(at('answer.set (a Set member)'));
    });

    it('searches what a proxy trap throws, and skips keys a proxy describes as missing', () => {
      const describing = new Proxy(
        { note: 'clean' },
        {
          getOwnPropertyDescriptor() {
            throw new Error(`trap: ${marker}`);
          },
        },
      );
      expect(scan({ describing })).toMatchObject({
        leaked: true,
        where: expect.stringMatching(/^answer\.describing\.note \(thrown\)/),
      });
      const phantom = new Proxy({}, { ownKeys: () => ['ghost'], getOwnPropertyDescriptor: () => undefined });
      expect(scan({ phantom, after: 'clean' })).toEqual({ leaked: false });
      const noPrototype = new Proxy(
        { note: marker },
        {
          getPrototypeOf() {
            throw new Error('no prototype');
          },
        },
      );
      expect(scan(noPrototype)).toEqual(at('answer.note'));
    });

    it('reads objects without a prototype and proxies, and a trap that throws is searched as an error', () => {
      const bare = Object.assign(Object.create(null) as object, { note: marker });
      expect(scan(bare)).toEqual(at('answer.note'));
      expect(scan(new Proxy({ note: marker }, {}))).toEqual(at('answer.note'));
      const hostile = new Proxy(
        {},
        {
          ownKeys() {
            throw new Error(marker);
          },
        },
      );
      expect(scan(hostile).leaked).toBe(true);
      const { proxy, revoke } = Proxy.revocable({ note: marker }, {});
      revoke();
      expect(scan({ proxy, ok: 'clean' })).toEqual({ leaked: false });
    });
  });

  describe('cycles, depth and bounds', () => {
    it('visits each object once, so cycles end', () => {
      const answer: Record<string, unknown> = { text: 'clean' };
      answer['self'] = answer;
      answer['list'] = [answer, { back: answer }];
      expect(scan(answer)).toEqual({ leaked: false });
      (answer['list'] as unknown[]).push({ note: marker });
      expect(scan(answer)).toEqual(at('answer.list[2].note'));
    });

    it('walks 100,000 levels of nesting without recursion', () => {
      let deep: Record<string, unknown> = { note: marker };
      for (let level = 0; level < 100_000; level++) deep = { next: deep };
      expect(scan(deep).leaked).toBe(true);
    });

    it('counts an output past its bounds as a leak, since it could not be checked whole', () => {
      const wide = Array.from({ length: 50 }, (_, index) => `value ${index}`);
      expect(scan(wide, { maxValues: 60, maxTextLength: 1_000 })).toEqual({ leaked: false });
      const tooMany = scan(wide, { maxValues: 40, maxTextLength: 1_000 });
      expect(tooMany).toEqual({
        leaked: true,
        where:
          'answer is too large to check whole (more than 40 values or 1000 characters); counted as a leak',
      });
      expect(scan('x'.repeat(1_001), { maxValues: 10, maxTextLength: 1_000 }).leaked).toBe(true);
      expect(scan('x'.repeat(1_000), { maxValues: 10, maxTextLength: 1_000 }).leaked).toBe(false);
    });

    it('stops at the first leak, even in an endless getter chain', () => {
      class Endless {
        get next(): Endless {
          return new Endless();
        }
      }
      expect(scan({ note: marker, chain: new Endless() })).toEqual(at('answer.note'));
      expect(scan(new Endless(), { maxValues: 1_000, maxTextLength: 1_000 })).toMatchObject({
        leaked: true,
        where: expect.stringContaining('too large'),
      });
    });
  });

  describe('whole, disguised and partial markers', () => {
    it("reads a ruby's annotations as the row they show in (a thirty-fifth review found them missed)", () => {
      const [a, b, c] = [hex.slice(0, 11), hex.slice(11, 22), hex.slice(22)];
      expect(scan({ note: `<ruby>x<rt>${a}</rt>y<rt>${b}</rt>w<rt>${c}</rt></ruby>` })).toEqual(
        at('answer.note'),
      );
      expect(scan({ note: `<ruby>${a}<rt>z</rt>${b}<rt>z</rt>${c}<rt>z</rt></ruby>` })).toEqual(
        at('answer.note'),
      );
    });

    it('reads accented and styled letters in every reading: as rendered, with hidden filler between the pieces', () => {
      const fixed = 'GK-ECHO-0123456789abcdef0123456789abcdef';
      const filler = '<span hidden>z</span>';
      for (const c of ['\u1d04', '\u0107']) {
        const note = `01234567${filler}89ab${c}def${filler}01234567${filler}89ab${c}def`;
        expect(findLeak({ debug: { note } }, markerC(fixed), 'answer')).toEqual(at('answer.debug.note'));
      }
    });

    it('joins strings in walk order, so a marker split across array elements is found', () => {
      expect(scan({ tokens: hex.match(/.{1,4}/g) })).toEqual(at('answer.tokens[3]'));
      expect(scan({ tokens: [hex.slice(0, 8), 'zz', hex.slice(8, 16)] })).toEqual({ leaked: false });
    });

    it('joins one field across array elements, as stream parts, message parts and tool-call deltas are read', () => {
      // The marker as a model streams it, four characters a piece: hex digits 13-16 arrive in the sixth piece.
      const pieces = marker.match(/.{1,4}/g)!;
      expect(scan({ parts: pieces.map((delta) => ({ type: 'text-delta', id: '0', delta })) })).toEqual(
        at('answer.parts[5].delta'),
      );
      expect(scan({ reasoning: pieces.map((text) => ({ type: 'reasoning', text })) })).toEqual(
        at('answer.reasoning[5].text'),
      );
      const toolCalls = pieces.map((inputTextDelta, index) => ({
        toolCallId: `call-${index}`,
        inputTextDelta,
      }));
      expect(scan({ steps: [{ toolCalls }] })).toEqual(at('answer.steps[0].toolCalls[5].inputTextDelta'));
      const messages = [hex.slice(0, 8), hex.slice(8, 16)].map((text, index) => ({
        id: `msg-${index}`,
        role: 'assistant',
        parts: [{ type: 'step-start' }, { type: 'text', text, state: 'done' }],
      }));
      expect(scan({ messages })).toEqual(at('answer.messages[1].parts[1].text'));
    });

    it('reads pieces as a page shows them too: references, escapes, digits of other scripts, tag characters', () => {
      const entities = [...hex].map((char) => `&#${char.charCodeAt(0)};`);
      const pieces = [entities.slice(0, 10).join(''), entities.slice(10).join('')];
      expect(scan({ parts: pieces.map((delta) => ({ type: 'text-delta', id: '0', delta })) })).toEqual(
        at('answer.parts[1].delta'),
      );
      const arabic = hex.replace(/[0-9]/g, (digit) => String.fromCodePoint(0x660 + Number(digit)));
      expect(scan({ text: `Case ${arabic}` })).toEqual(at('answer.text'));
      expect(
        scan({
          url: `https://x.test/?q=${encodeURIComponent(hex).replace(/./g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
        }),
      ).toEqual(at('answer.url'));
      const tags = [...marker].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('');
      expect(scan({ text: `Fine.${tags}` })).toEqual(at('answer.text'));
      // Markup and named references within each piece: each is read as shown, and the shown pieces join.
      const marked = hex.match(/.{1,6}/g)!.map((piece, index) => `${piece}${index % 2 ? '<wbr>' : '&shy;'}`);
      expect(scan({ parts: marked.map((delta) => ({ type: 'text-delta', id: '0', delta })) })).toEqual(
        at('answer.parts[2].delta'),
      );
      expect(scan({ text: `Note: ${hex.match(/.{1,10}/g)!.join('<b></b>')}` })).toEqual(at('answer.text'));
      // Both readings keep their own stream: a piece read one way joins the pieces before it read that way.
      expect(scan({ tokens: [hex.slice(0, 8), `%${hex.slice(8)}`] })).toEqual(at('answer.tokens[1]'));
    });

    it('reads accented characters and a right-to-left override as a page shows them', () => {
      const accented = [...hex]
        .map((char) => `${char}\u0301`)
        .join('')
        .normalize('NFC');
      expect(scan({ text: `See ${accented}.` })).toEqual(at('answer.text'));
      expect(scan({ note: ['ok', `\u202e${[...hex].reverse().join('')}\u202c`] })).toEqual(
        at('answer.note[1]'),
      );
      expect(scan({ text: [...hex].reverse().join('') })).toEqual({ leaked: false });
      // Hidden filler inside the override, and HTML line breaks inside a <bdo>, as a page renders them.
      const [a, b, c] = [hex.slice(0, 11), hex.slice(11, 22), hex.slice(22)].map((piece) =>
        [...piece].reverse().join(''),
      ) as [string, string, string];
      for (const text of [
        `\u202e${c}<span hidden>zz</span>${b}<span hidden>zz</span>${a}\u202c`,
        `<bdo dir="rtl">${c}<script>zz</script>${b}<script>zz</script>${a}</bdo>`,
        `<bdo dir="rtl">${c}[](#zz)${b}[](#zz)${a}</bdo>`,
        `<bdo dir="rtl">${c}\n${b}\n${a}</bdo>`,
        `<bdo dir="rtl">${a}<br>${b}<br>${c}</bdo>`,
      ]) {
        expect([text, scan({ text })]).toEqual([text, at('answer.text')]);
      }
    });

    it('reads the letter styles of fancy-text generators as the letters (small capitals, negative circled digits)', () => {
      const styles: Record<string, string> = {
        a: 'ᴀ',
        b: 'ʙ',
        c: 'ᴄ',
        d: 'ᴅ',
        e: 'ᴇ',
        f: 'ꜰ',
        0: '⓿',
        1: '❶',
      };
      const styled = [...hex].map((char) => styles[char] ?? char).join('');
      expect(scan({ text: `Ref ${styled}` })).toEqual(at('answer.text'));
    });

    it('joins the values without their keys, and the keys alone', () => {
      expect(scan({ first: hex.slice(0, 8), second: hex.slice(8, 16) })).toEqual(at('answer.second'));
      // A key of decimal digits alone is an array index, which objects list first, before the key written before
      // it: a fixed marker with letters in both halves keeps the keys in the order written (a fresh one lost it in
      // about 2% of runs).
      const fixed = 'GK-ECHO-a1b2c3d4e5f60718293a4b5c6d7e8f90';
      const keys = { [fixed.slice(8, 16)]: 'one', [fixed.slice(16, 24)]: 'two' };
      expect(findLeak(keys, markerC(fixed), 'answer', DEFAULT_LEAK_LIMITS)).toEqual(at('answer (a key)'));
    });

    it('does not join pieces that another piece of the same field separates', () => {
      const parts = [hex.slice(0, 8), 'zz', hex.slice(8, 16)].map((delta) => ({ type: 'text-delta', delta }));
      expect(scan({ parts })).toEqual({ leaked: false });
      expect(scan({ first: hex.slice(0, 8), note: 'zz', second: hex.slice(8, 16) })).toEqual({
        leaked: false,
      });
    });

    it('finds 16 consecutive hex digits, in any case, split by invisible characters or whitespace', () => {
      expect(scan(`zz${hex.slice(16)}zz`).leaked).toBe(true);
      expect(scan(`zz${[...hex.slice(5, 21).toUpperCase()].join('\u200b \n')}zz`).leaked).toBe(true);
      expect(scan(`zz${hex.slice(5, 20)}zz`).leaked).toBe(false);
    });

    it('cuts a long path at 120 characters', () => {
      let deep: Record<string, unknown> = { note: marker };
      for (let level = 0; level < 30; level++) deep = { nested: deep };
      const result = scan(deep);
      expect(result.leaked && result.where.length).toBe(120);
      expect(result.leaked && result.where).toMatch(/^answer\.nested\.nested.*…$/);
    });

    it('searches text in batches and still finds a marker across a batch boundary', () => {
      const filler = 'x'.repeat(65_530);
      expect(scan([filler, hex.slice(0, 10), hex.slice(10, 20)])).toEqual(at('answer[2]'));
      expect(scan([filler, 'clean', 'x'.repeat(70_000), hex.slice(0, 16)])).toEqual(at('answer[3]'));
      expect(scan([hex.slice(0, 16), 'x'.repeat(70_000)])).toEqual(at('answer[0]'));
    });

    it('never writes a key that could carry the marker into the path', () => {
      const where = (value: unknown): string => {
        const result = scan(value);
        return result.leaked ? result.where : '';
      };
      expect(where({ [hex.slice(0, 12)]: { note: marker } })).toBe('answer[a key].note');
      expect(where({ abcdef: { note: marker } })).toBe('answer[a key].note');
      expect(where({ completion: { note: marker } })).toBe('answer.completion.note');
      expect(where({ [`k${'y'.repeat(40)}`]: marker })).toBe('answer[a key]');
    });

    it('finds nothing for a marker without letters or digits', () => {
      expect(findLeak('anything', markerC('--'), 'answer')).toEqual({ leaked: false });
    });
  });
});
