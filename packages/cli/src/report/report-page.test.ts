// The report page in a real browser: Debian's Chromium driven by playwright-core (no browser download).
// Skips with a message when /usr/bin/chromium is absent, except under CI, where a missing browser fails.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import axe from 'axe-core';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calibrationReportFixture, echoReportFixture, evalReportFixture } from '../__fixtures__/artifacts.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../../scripts/chromium.mjs';
import { passage, runGk, temporaryFolder } from '../__fixtures__/run-gk.js';

const available = existsSync(CHROMIUM);
const underCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
if (!available && !underCi)
  console.warn(`report page browser test skipped: ${CHROMIUM} is not installed (apt-get install chromium)`);
// Screenshots for a person to look at; reports/ is git-ignored.
const screenshots = fileURLToPath(new URL('../../../../reports/cli/', import.meta.url));

const hostile = passage(
  'evil.html',
  'Safe text. <script>window.__pwned = 1</script> <img src=x onerror="window.__pwned=2"> Tail.',
);
const water = passage(
  'physics.md',
  'Water boils at 100 °C at sea level. At altitude it boils "at a lower temperature" than that.',
);

async function pageFile(dir: string): Promise<string> {
  const log = join(dir, 'log.jsonl');
  const lines = [
    {
      id: 'boiling',
      answer:
        'Water boils at 100 °C at sea level [1]. It boils "at a lower temperature" at altitude [1]. Safe text [2].',
      passages: [water, hostile],
    },
    {
      id: 'unicorns',
      answer: 'Unicorns exist [3]. They live in <script>window.__pwned=3</script> forests.',
      passages: [water, hostile],
    },
    { id: 'abstained', answer: 'I do not know.', passages: [water] },
  ];
  writeFileSync(log, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  const verified = await runGk(['verify', log, '--with-input', '-o', 'verifications.jsonl'], { cwd: dir });
  expect(verified.code).toBe(0);
  expect((await runGk(['report', 'verifications.jsonl', '--html', 'report.html'], { cwd: dir })).code).toBe(
    0,
  );
  return join(dir, 'report.html');
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  await page.evaluate(axe.source);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  )) as axe.AxeResults;
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

describe.skipIf(!available && !underCi)('gk report page in Chromium', () => {
  let browser: Browser;
  const external: string[] = [];

  beforeAll(async () => {
    if (!available)
      throw new Error(
        `CI is set and ${CHROMIUM} is missing: the report page must be tested in a browser (apt-get install chromium)`,
      );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(file: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('request', (request) => {
      if (!request.url().startsWith('file:') && !request.url().startsWith('data:'))
        external.push(request.url());
    });
    await page.goto(pathToFileURL(file).href);
    return page;
  }

  it('shows the summary, the claims and the passages, runs no injected script, and loads nothing', async () => {
    const dir = temporaryFolder();
    const page = await open(await pageFile(dir));
    expect(await page.locator('h1').textContent()).toBe('Verification report: verifications.jsonl');
    expect(await page.locator('.cards li').allTextContents()).toEqual(
      expect.arrayContaining([
        '3answers',
        '1answered',
        '1abstained',
        '1rejected answers',
        '3claims accepted',
        '2claims rejected',
      ]),
    );
    expect(await page.locator('table.chart tbody th').allTextContents()).toEqual([
      'marker_out_of_range',
      'no_marker',
    ]);
    expect(await page.locator('article.item').count()).toBe(3);
    expect(await page.locator('#a0 mark.claim.ok').count()).toBe(3);
    expect(await page.locator('#a1 mark.claim.bad').count()).toBe(2);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('#a0-s2 .passage-text').textContent()).toContain(
      '<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned=2">',
    );
    expect(await page.locator('#a1 .answer').textContent()).toContain('<script>window.__pwned=3</script>');
    expect(await page.locator('img').count()).toBe(0);
    expect(external).toEqual([]);
    mkdirSync(screenshots, { recursive: true });
    await page.locator('button.cite[aria-controls="a0-s1"]').last().click();
    await page.screenshot({ path: join(screenshots, 'report-page.png'), fullPage: true });
    await page.close();
  });

  it('opens the cited passage with the cited span highlighted, from the mouse and from the keyboard', async () => {
    const page = await open(await pageFile(temporaryFolder()));
    const quote = page.locator('#a0 button.cite').nth(1);
    expect(await page.locator('#a0-s1').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(
      false,
    );
    await quote.click();
    expect(await page.locator('#a0-s1').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(
      true,
    );
    const current = page.locator('#a0-s1 mark.cited.current');
    expect(await current.textContent()).toBe('at a lower temperature');
    await page.keyboard.press('Escape');
    expect(await page.locator('#a0-s1').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(
      false,
    );
    await page.locator('#a0 button.cite').first().focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('#a0-s1').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(
      true,
    );
    // The passage around the quotation is cut where the quotation starts and ends: its pieces together are the span.
    expect((await page.locator('#a0-s1 mark.cited.current').allTextContents()).join('')).toBe(water.text);
    await page.close();
  });

  it('highlights exactly the span each citation cites when two quotations of a passage overlap', async () => {
    const dir = temporaryFolder();
    const minutes = passage(
      'minutes.md',
      'The committee approved the budget on Monday after a long debate. Nobody voted against it.',
    );
    const answer =
      'The minutes say "approved the budget on Monday" [1]. They add "on Monday after a long debate" [1].';
    writeFileSync(
      join(dir, 'log.jsonl'),
      `${JSON.stringify({ id: 'minutes', answer, passages: [minutes] })}\n`,
    );
    expect((await runGk(['verify', 'log.jsonl', '--with-input', '-o', 'v.jsonl'], { cwd: dir })).code).toBe(
      0,
    );
    expect((await runGk(['report', 'v.jsonl', '--html', 'report.html'], { cwd: dir })).code).toBe(0);
    const page = await open(join(dir, 'report.html'));
    const current = async (): Promise<string> =>
      (await page.locator('#a0-s1 mark.cited.current').allTextContents()).join('');
    await page.locator('#a0 button.cite').nth(1).click();
    expect(await current()).toBe('on Monday after a long debate');
    await page.locator('#a0 button.cite').nth(0).click();
    expect(await current()).toBe('approved the budget on Monday');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('filters answers by rejection code and moves between answers with j and k', async () => {
    const page = await open(await pageFile(temporaryFolder()));
    await page.locator('input[name=filter][value=no_marker]').check();
    expect(await page.locator('article.item:visible').count()).toBe(1);
    expect(await page.locator('#filter-status').textContent()).toBe('1 shown');
    await page.locator('input[name=filter][value=abstained]').check();
    expect(
      await page.locator('article.item:visible').evaluateAll((items) => items.map((item) => item.id)),
    ).toEqual(['a2']);
    await page.locator('input[name=filter][value=all]').check();
    expect(await page.locator('article.item:visible').count()).toBe(3);
    await page.locator('h1').click();
    await page.keyboard.press('j');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('a0');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('a2');
    await page.keyboard.press('k');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('a1');
    await page.close();
  });

  it('has no serious accessibility violations, for every kind of report', async () => {
    const dir = temporaryFolder();
    const pages = [await pageFile(dir)];
    for (const [name, fixture] of [
      ['eval', evalReportFixture],
      ['echo', echoReportFixture],
      ['calibration', calibrationReportFixture],
    ] as const) {
      writeFileSync(join(dir, `${name}.json`), JSON.stringify(await fixture()));
      expect((await runGk(['report', `${name}.json`, '--html', `${name}.html`], { cwd: dir })).code).toBe(0);
      pages.push(join(dir, `${name}.html`));
    }
    for (const file of pages) {
      const page = await open(file);
      expect(await seriousViolations(page), file).toEqual([]);
      if (file.endsWith('eval.html'))
        await page.screenshot({ path: join(screenshots, 'eval-page.png'), fullPage: true });
      await page.close();
    }
    expect(readFileSync(pages[0]!, 'utf8')).toContain('Content-Security-Policy');
  });
});
