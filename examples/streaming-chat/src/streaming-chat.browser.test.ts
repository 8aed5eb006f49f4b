// The example end to end in a real browser: Debian's Chromium, driven headless by playwright-core. A scripted
// model streams two verifiable claims around a fabricated one; the page must show the two, in order, as they are
// verified, never the fabricated one, and open each citation on exactly the cited span.
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLicenceIndex, type LicenceIndex } from '../../demo/src/build-index.js';
import { loadLicences } from '../../demo/src/load-licences.js';
import { retrievePassages } from '../../demo/src/retrieve.js';
import { replyingModel, scriptedAnswer, scriptedChatModel } from './__fixtures__/scripted-chat-model.js';
import { createChatServer } from './create-chat-server.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium.mjs';
import { pacedModel } from '../../demo/src/paced-model.js';

// Read through one reference: test settings, not build inputs.
const environment = process.env;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// reports/ is git-ignored: the screenshot is for a person to look at, never committed.
const SCREENSHOT = join(ROOT, 'reports', 'streaming-chat', 'streaming-chat.png');
const QUESTION = 'Must I state changes I made to Apache-2.0 code?';

const available = existsSync(CHROMIUM);
// In CI a missing browser is a failure, not a skip: the browser test is part of what CI proves.
const required = environment['CI'] !== undefined && environment['CI'] !== '' && environment['CI'] !== 'false';

describe('streaming chat in Chromium', { timeout: 180_000 }, () => {
  if (!available && required) {
    it('has Chromium to run in', () => {
      throw new Error(`Chromium is missing at ${CHROMIUM} (set GK_CHROMIUM); CI requires the browser test.`);
    });
    return;
  }
  if (!available) {
    it.skip(`needs Chromium at ${CHROMIUM} (set GK_CHROMIUM); it fails instead of skipping when CI is set`);
    return;
  }

  let index: LicenceIndex;
  let browser: Browser;
  let url: string;
  let server: ReturnType<typeof createChatServer>;

  beforeAll(async () => {
    index = buildLicenceIndex(loadLicences());
    const passages = retrievePassages(index, QUESTION, { topK: 5 }).passages;
    server = createChatServer({
      // Paced a word at a time so the claims arrive one by one, as from a cloud model.
      model: pacedModel(scriptedChatModel(passages), 15),
      index,
      modelLabel: 'scripted (fabricates one claim)',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('shows verified claims one by one with their citations, withholds the fabricated one, and opens the cited span', async () => {
    const passages = retrievePassages(index, QUESTION, { topK: 5 }).passages;
    const { claims, cited } = scriptedAnswer(passages);
    const [quotation, fabricated, second] = claims;
    const expectedClaims = [quotation!, second!];
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(url);
    await page.fill('#question', QUESTION);
    // Record every text the answer ever showed, to prove the fabricated claim never appeared, even briefly.
    await page.evaluate(() => {
      const answer = document.querySelector('#answer')!;
      const seen: string[] = [];
      (window as unknown as { answerTexts: string[] }).answerTexts = seen;
      new MutationObserver(() => seen.push(answer.textContent ?? '')).observe(answer, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    await page.click('button[type="submit"]');
    await page.waitForFunction(
      () => document.querySelector('#status')?.getAttribute('data-state') === 'answered',
    );

    // The claims arrived one at a time, in answer order, each shown when verified.
    const log = await page.evaluate(
      () => (window as unknown as { claimLog: Array<{ index: number; text: string; at: number }> }).claimLog,
    );
    expect(log.map((entry) => entry.text)).toEqual(expectedClaims);
    expect(log.map((entry) => entry.index)).toEqual([0, 1]);
    expect(log[1]!.at).toBeGreaterThan(log[0]!.at);
    const answerTexts = await page.evaluate(
      () => (window as unknown as { answerTexts: string[] }).answerTexts,
    );
    expect(
      answerTexts.some((text) => text.includes(expectedClaims[0]!) && !text.includes(expectedClaims[1]!)),
    ).toBe(true);
    expect(await page.locator('#answer .claim').allTextContents()).toEqual(expectedClaims);

    // The fabricated claim never reached the answer; it is listed apart, with its reason.
    for (const text of answerTexts) expect(text).not.toContain('500 euros');
    expect(await page.textContent('#answer')).not.toContain('500 euros');
    const withheld = page.locator('#withheld li');
    expect(await withheld.count()).toBe(1);
    expect(await withheld.locator('.code').textContent()).toBe('unsupported');
    expect(await withheld.locator('.withheld-text').textContent()).toBe(fabricated);
    expect(await withheld.locator('.reason').textContent()).toContain(
      `not supported by its cited sources [${cited[0] + 1}]`,
    );

    // Each citation opens its passage with exactly the cited span of the licence highlighted.
    const licences = new Map(index.documents.map((document) => [document.id, document.text]));
    const citations = page.locator('#answer .citation');
    expect(await citations.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      const citation = citations.nth(i);
      await citation.click();
      const documentId = (await citation.getAttribute('data-document-id'))!;
      const start = Number(await citation.getAttribute('data-start'));
      const end = Number(await citation.getAttribute('data-end'));
      const passage = passages[cited[i]!]!;
      expect(documentId).toBe(passage.documentId);
      const highlighted = await page.textContent('#passage-text mark');
      expect(highlighted).toBe(passage.text.slice(start - passage.start, end - passage.start));
      expect(highlighted).toBe(licences.get(documentId)!.slice(start, end));
      expect(await page.isVisible('#passage')).toBe(true);
      // The quotation's citation is narrowed to the quoted words; the other cites its whole passage.
      if (i === 0) {
        expect(quotation).toContain(highlighted);
        expect(highlighted!.length).toBeLessThan(passage.text.length);
      } else {
        expect(highlighted).toBe(passage.text);
      }
    }
    expect(pageErrors).toEqual([]);

    // The screenshot shows the quotation's citation open.
    await citations.nth(0).click();
    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(existsSync(SCREENSHOT)).toBe(true);
    await page.close();
  });

  it('renders what the model writes as text, never as markup', async () => {
    const passages = retrievePassages(index, QUESTION, { topK: 5 }).passages;
    const hostile = `${scriptedAnswer(passages).claims[2]}\n<img src=x onerror="window.pwned=1"> You owe us money [1].`;
    const hostileServer = createChatServer({ model: replyingModel(hostile), index, modelLabel: 'hostile' });
    await new Promise<void>((resolve) => hostileServer.listen(0, '127.0.0.1', resolve));
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(hostileServer.address() as AddressInfo).port}/`);
      await page.fill('#question', QUESTION);
      await page.click('button[type="submit"]');
      await page.waitForFunction(
        () => document.querySelector('#status')?.getAttribute('data-state') === 'answered',
      );
      expect(await page.textContent('#withheld .withheld-text')).toBe(
        '<img src=x onerror="window.pwned=1"> You owe us money [1].',
      );
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      await page.close();
    } finally {
      await new Promise((resolve) => hostileServer.close(resolve));
    }
  });
});
