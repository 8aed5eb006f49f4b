// Scale: the rendered reading of adversarial markup and links, bounded by its growth (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { growth } from '../../../tests/adversarial/growth.js';
import { renderForReader, renderMarkup } from './decode-for-reader.js';

describe('renderForReader', () => {
  it('grows linearly on hidden elements, details, links and brackets left open or nested: 8× the text costs well under 20× the time', () => {
    const units = [
      '<span hidden>',
      '<b style="display:',
      '<details>',
      '<details><summary>',
      '<script>',
      '[a](b ',
      '](',
      '[[[[',
      '](((',
      '![a](b)',
      '<audio>',
      '<bdo a="x" ',
      '<bdo dir=&#',
    ];
    for (const unit of units) {
      const make = (n: number) => {
        const text = `x${unit.repeat(n)}`;
        return () => {
          renderForReader(text);
          renderMarkup(text, true);
        };
      };
      expect({ unit, linear: growth(make, 16 * 1024, 20) < 20 }).toEqual({ unit, linear: true });
    }
  }, 300_000);

  it('grows linearly on style values of any length, read whole: 8× the text costs well under 20× the time', () => {
    const styles: Array<(n: number) => string> = [
      (n) => `<b style="${'display :'.repeat(n)}">z</b>`,
      (n) => `<b style="opacity:${'0'.repeat(n)}1">z</b>`,
      (n) => `<b style="font-size:0.${'0'.repeat(n)}1">z</b>`,
      (n) => `<b style='${'a"'.repeat(n)}display:none'>z</b>`,
      (n) => `<b style="display:${' '.repeat(n)}&#110;">z</b>`,
      (n) => `<b style="display:${'/*'.repeat(n)}">z</b>`,
      (n) => `<b style="display:${'/**/*'.repeat(n)}">z</b>`,
      (n) => `${'<b style="&#110;'.repeat(n)}`,
      (n) => `${'<i title=x style=a hidden=b open '.repeat(n)}>`,
      (n) => '<i style="visibility:hidden">x</i>'.repeat(n),
    ];
    for (const [index, style] of styles.entries()) {
      const make = (n: number) => {
        const text = `x${style(n)}y`;
        return () => renderForReader(text);
      };
      // From 64 Ki units: runs of tens of milliseconds, whose CPU time a loaded runner does not swamp.
      expect({ index, linear: growth(make, 64 * 1024, 20) < 20 }).toEqual({ index, linear: true });
    }
  }, 300_000);

  it('grows linearly on frames, shadow roots, MathML, style sheets, definitions and phantoms: 8× the text costs well under 20× the time', () => {
    const texts: Array<(n: number) => string> = [
      (n) => '<math><semantics><mi>'.repeat(n),
      (n) => '<semantics><mi>x</mi><annotation>y</annotation></semantics>'.repeat(n),
      (n) => '<span><template shadowrootmode=open>x'.repeat(n),
      (n) => '<b><template shadowrootmode=open>x</template>y</b>'.repeat(n),
      (n) => `<iframe srcdoc="${'&lt;iframe srcdoc=&quot;'.repeat(n)}">`,
      (n) => '<iframe src="data:text/html,%3Cb%3Ex">'.repeat(n),
      (n) => `<style>${'.a::before{content:"x" attr(t)}'.repeat(n)}</style>${'<b class=a t=y>'.repeat(n)}`,
      (n) => `<style>${'b::after{content:"'.repeat(n)}</style><b>`,
      (n) => `<style>${'{'.repeat(n)}${'[a::before{content:attr('.repeat(n)}</style>`,
      (n) => `<b>${'[a]: /x\n[^b]: y\n'.repeat(n)}`,
      (n) => `<b>${'\\phantom{'.repeat(n)}`,
      (n) => `<b>${'\\phantom{x}{'.repeat(n)}`,
    ];
    for (const [index, make] of texts.entries()) {
      const run = (n: number) => {
        const text = `x${make(n)}y`;
        return () => renderForReader(text);
      };
      expect({ index, linear: growth(run, 16 * 1024, 20) < 20 }).toEqual({ index, linear: true });
    }
  }, 300_000);
});
