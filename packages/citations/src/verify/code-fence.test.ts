import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { verdictLines } from '../__fixtures__/verdict-lines.js';
import { type Fence, fenceAfter, openingFence } from './code-fence.js';
import { verifyAnswer } from './verify-answer.js';

const PASSAGES = [source('Water boils at 100 degrees at sea level.', 'physics')];
const CITED = 'Water boils at 100 degrees at sea level [1].';

const outcome = (answer: string): string[] => verdictLines(answer, PASSAGES);

/** Whether a CommonMark renderer shows `text` inside a code block. */
const renderedAsCode = (answer: string, text: string): boolean =>
  [...(marked.parse(answer) as string).matchAll(/<pre><code[^>]*>([^<]*)<\/code><\/pre>/g)].some((block) =>
    block[1]!.includes(text),
  );

/** What each line is: code, a fence, or text, read line by line from no open block. */
function read(lines: string[], joined: boolean[] = []): string[] {
  let open: Fence | null = null;
  return lines.map((line, i) => {
    const step = fenceAfter(open, line, joined[i]);
    open = step.fence;
    return step.delimiter ? 'fence' : step.code ? 'code' : 'text';
  });
}

describe('fenced code blocks read as CommonMark reads them', () => {
  it('reads no citation on a line a renderer shows as code (security regression)', () => {
    const aspirin = 'Aspirin cures cancer [1].';
    for (const answer of [
      // A closing fence is indented at most 3 columns: 4 spaces (or a tab) make the line code.
      `\`\`\`\nlet x = 1;\n    \`\`\`\n${aspirin}\n\`\`\`\n${CITED}`,
      `\`\`\`\nlet x = 1;\n\t\`\`\`\n${aspirin}\n\`\`\`\n${CITED}`,
      // In a block quote no deeper than the fence's, `> ```` is code.
      `\`\`\`\nlet x = 1;\n> \`\`\`\n${aspirin}\n\`\`\`\n${CITED}`,
      // A fence in a nested list item, or in a block quote in one.
      `- - \`\`\`\n    ${aspirin}\n    \`\`\`\n${CITED}`,
      `- > \`\`\`\n  > ${aspirin}\n  > \`\`\`\n\n${CITED}`,
    ]) {
      expect(renderedAsCode(answer, aspirin)).toBe(true);
      const found = outcome(answer);
      expect(found[0]).toBe(`${CITED} → 1`);
      expect(found.filter((line) => line.includes('Aspirin'))).toEqual([`no_marker: ${aspirin}`]);
    }
    // Less indented than its list item's content, the fence ends the item and opens a block of its own: where the
    // lines cannot tell that from a closing fence, the rest of the answer is code.
    const listItem = `- Example:\n  \`\`\`js\n  let a = 1;\n\`\`\`\n${aspirin}\n\`\`\``;
    expect(renderedAsCode(listItem, aspirin)).toBe(true);
    expect(verifyAnswer(listItem, PASSAGES).status).toBe('abstained');
    expect(outcome(`${listItem}\n${CITED}`)).toEqual([]); // no marker read: an abstention
    // A line of a list item's fence less indented than the item's content ends it; so does a quote mark before it.
    expect(outcome(`- \`\`\`\n  let a = 1;\n${aspirin}\n  \`\`\`\n${CITED}`)).toEqual([]);
    expect(outcome(`- > \`\`\`\n> \`\`\`\n> ${aspirin}\n> \`\`\`\n\n${CITED}`)).toEqual([]);
    // CommonMark breaks no line at U+2028: '```' beside one closes nothing, and the lines after it are code.
    const joined = `\`\`\`\nlet x = 1;\u2028\`\`\`\u2028${aspirin}\n\`\`\`\n${CITED}`;
    expect(renderedAsCode(joined, 'Aspirin')).toBe(true);
    expect(outcome(joined)).toEqual([]);
  });

  it('keeps the claims after a fence closed where its container writes it', () => {
    expect(outcome(`- Install it:\n  \`\`\`bash\n  npm i x\n  \`\`\`\n- ${CITED}`)).toEqual([
      `${CITED} → 1`,
      'no_marker: Install it:',
      'no_marker: npm i x',
    ]);
    expect(outcome(`- Steps:\n  - \`\`\`\n    npm i x\n    \`\`\`\n  - ${CITED}`)).toEqual([
      `${CITED} → 1`,
      'no_marker: Steps:',
      'no_marker: npm i x',
    ]);
    for (const answer of [
      `1. Step:\n   \`\`\`\n   npm i x\n   \`\`\`\n2. ${CITED}`,
      `10. \`\`\`\n    npm i x\n    \`\`\`\n11. ${CITED}`,
      `\`\`\`\nnpm i x\n   \`\`\`\n${CITED}`, // a closing fence indented 3 columns
      `- > \`\`\`\n  > npm i x\n  > \`\`\`\n- ${CITED}`,
      `> - \`\`\`\n>   npm i x\n>   \`\`\`\n> ${CITED}`,
      `> \`\`\`\n>    npm i x\n>    \`\`\`\n> ${CITED}`, // 3 columns past the quote's space
    ])
      expect(outcome(answer).filter((line) => !line.startsWith('no_marker: Step'))).toEqual([
        `${CITED} → 1`,
        'no_marker: npm i x',
      ]);
    // Markdown shown in a block: its quote marks and fences are code.
    expect(outcome(`\`\`\`md\n> \`\`\`\n> quoted [1]\n\`\`\`\n${CITED}`)).toEqual([
      `${CITED} → 1`,
      'no_marker: quoted [1]',
    ]);
  });

  it('keeps the claims after fences the lines show closed or ended (regression: they abstained)', () => {
    for (const answer of [
      // A fence indented 1 space is in no list item (no item's content starts 1 column in): a line flush left is
      // code, and a fence indented up to 3 closes it.
      ` \`\`\`python\nx = 1\n \`\`\`\n${CITED}`,
      // Block-quote lines may have up to 3 spaces before the mark.
      `> \`\`\`\n > x\n > \`\`\`\n\n${CITED}`,
      // A bullet on the fence's line puts the content there: a fence indented 4 past it is code, and the next bullet,
      // less indented, ends the item and the block.
      `- \`\`\`bash\n  npm i\n      \`\`\`\n- ${CITED}`,
    ]) {
      expect(renderedAsCode(answer, 'Water')).toBe(false);
      expect(marked.parse(answer)).toContain(CITED);
      expect(outcome(answer)[0]).toBe(`${CITED} → 1`);
      expect(verifyAnswer(answer, PASSAGES).status).toBe('answered');
    }
    // A bullet no less indented than the content is code; so is a quote mark after spaces a fence line's own
    // marks do not show (they may be an earlier list item's content).
    const aspirin = 'Aspirin cures cancer [1].';
    const nested = `- \`\`\`\n  x\n  - ${aspirin}\n\`\`\`\n${CITED}`;
    expect(renderedAsCode(nested, aspirin)).toBe(true);
    expect(outcome(nested)).toEqual([]);
    expect(read(['  > ```', '> x', '> ```', '> y'])).toEqual(['fence', 'code', 'code', 'code']);
    expect(read(['> > ```', '>  > x', '>   > ```', '> > y'])).toEqual(['fence', 'code', 'fence', 'text']);
  });

  // Whether a fence indented 2 or 3 spaces without a bullet is in a list item only the lines before it tell
  // (fenceAfter reads none): these still abstain.
  it.todo(
    'keeps the claim after `1. Install:\\n   ```bash\\n   npm i foo\\n    ```\\n2. …` (closing fence 1 column deeper)',
  );
  it.todo('keeps the claim after `  ```\\nnpm i foo\\n  ```` (a fence indented 2, its code flush left)');

  it('measures indentation past the block quotes, a tab to the next multiple of 4', () => {
    expect(read(['```', 'x', '   ```', 'y'])).toEqual(['fence', 'code', 'fence', 'text']);
    expect(read(['```', 'x', '    ```', 'y'])).toEqual(['fence', 'code', 'code', 'code']);
    expect(read(['```', '  \t```', 'y'])).toEqual(['fence', 'code', 'code']);
    expect(read(['>```', '>x', '>    ```', '> y'])).toEqual(['fence', 'code', 'fence', 'text']);
    expect(read(['> ```', '>     ```', '> y'])).toEqual(['fence', 'code', 'code']);
    expect(read(['- - ```', '    x', '   ```', 'y'])).toEqual(['fence', 'code', 'code', 'code']); // the rest
    expect(read(['1. - ```', '     x', '     ```', 'y'])).toEqual(['fence', 'code', 'fence', 'text']);
    // A blank line, or one of spaces, is no less indented.
    expect(read(['- ```', '', '   ', '  ```', 'y'])).toEqual(['fence', 'code', 'code', 'fence', 'text']);
  });

  it('reads a line a U+2028 or U+2029 joins to another as no fence, and no end of one', () => {
    // CommonMark breaks no line there: the closing fence and the sentence after it are one line of code.
    const answer = '```\nlet x = 1;\u2028```\u2028Aspirin cures cancer [1].\n```';
    expect(renderedAsCode(answer, 'Aspirin cures cancer [1].')).toBe(true);
    const lines = ['```', 'let x = 1;', '```', 'Aspirin cures cancer [1].', '```', 'After [1].'];
    expect(read(lines, [false, true, true, true, false, false])).toEqual([
      'fence',
      'code',
      'code',
      'code',
      'code',
      'code',
    ]);
    expect(read(['```', 'Aspirin cures cancer [1].'], [true, true])).toEqual(['fence', 'code']);
    expect(read(['Text', 'more [1].', 'after'], [true, true, false])).toEqual(['text', 'text', 'text']);
  });

  it('finds the marks of a fence behind any block quotes and list items', () => {
    expect(openingFence('- - ```js')).toMatchObject({ start: 4, end: 7, depth: 0 });
    expect(openingFence('> 1. > ~~~~')).toMatchObject({ start: 7, end: 11, depth: 2 });
    expect(openingFence('-```')).toBeNull(); // a bullet needs a space after it
    expect(openingFence('- ```a`b')).toBeNull();
  });
});
