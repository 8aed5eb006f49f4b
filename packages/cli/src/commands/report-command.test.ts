import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calibrationReportFixture, echoReportFixture, evalReportFixture } from '../__fixtures__/artifacts.js';
import { passage, runGk, temporaryFolder } from '../__fixtures__/run-gk.js';

const hostile = passage(
  'evil.html',
  'Safe text. <script>window.__pwned = 1</script> <img src=x onerror="window.__pwned=2"> Tail.',
);
const plain = passage('physics.md', 'Water boils at 100 °C at sea level.');

async function verified(dir: string): Promise<string> {
  const log = join(dir, 'log.jsonl');
  writeFileSync(
    log,
    [
      {
        id: 'q1',
        answer: 'Water boils at 100 °C at sea level [1]. Safe text [2]. Unicorns exist [3].',
        passages: [plain, hostile],
      },
      { id: '<b>q2</b>', answer: '<script>alert(1)</script> is not cited.', passages: [plain] },
    ]
      .map((record) => `${JSON.stringify(record)}\n`)
      .join(''),
  );
  const run = await runGk(['verify', log, '--with-input'], { cwd: dir });
  expect(run.code).toBe(0);
  const out = join(dir, 'verifications.jsonl');
  writeFileSync(out, run.stdout);
  return out;
}

describe('gk report', () => {
  it('writes one self-contained page that prints every input string as text', async () => {
    const dir = temporaryFolder();
    const input = await verified(dir);
    const run = await runGk(['report', input, '--html', 'out/report.html'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      kind: 'verifications',
      html: join(dir, 'out/report.html'),
    });
    const html = readFileSync(join(dir, 'out/report.html'), 'utf8');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;q2&lt;/b&gt;');
    expect(html).not.toMatch(/<[^>]*\s(src|href|onerror)=/i);
    expect(html).toContain('content="default-src &#39;none&#39;;');
    expect(html).toContain('<mark class="claim ok">');
    expect(html).toContain('<mark class="claim bad">');
    expect(html).toMatch(/<button type="button" class="cite" aria-controls="a0-s1" data-span="a0-s1-h0"/);
  });

  it.each([
    ['eval', evalReportFixture, 'Eval report'],
    ['echo', echoReportFixture, 'Echo check'],
    ['calibration', calibrationReportFixture, 'Judge calibration'],
  ] as const)('renders a %s report', async (kind, fixture, title) => {
    const dir = temporaryFolder();
    writeFileSync(join(dir, 'report.json'), JSON.stringify(await fixture()));
    const run = await runGk(['report', 'report.json', '--html', 'page.html'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).kind).toBe(kind);
    const html = readFileSync(join(dir, 'page.html'), 'utf8');
    expect(html).toContain(`<h1>${title}: report.json</h1>`);
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('names the field of an artifact whose counts disagree with its rows', async () => {
    const dir = temporaryFolder();
    const report = await echoReportFixture();
    writeFileSync(
      join(dir, 'echo.json'),
      JSON.stringify({ ...report, counts: { ...report.counts, grounded: report.counts.grounded + 1 } }),
    );
    const run = await runGk(['report', 'echo.json', '--html', 'page.html'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'invalid_report: echo.json: not a valid EchoReport: EchoReport.counts.grounded',
    );
  });

  it('fails a missing file, an empty file and a file that is neither JSONL nor a report', async () => {
    const dir = temporaryFolder();
    writeFileSync(join(dir, 'empty.jsonl'), '');
    writeFileSync(join(dir, 'other.json'), '{"hello": "world"}');
    writeFileSync(join(dir, 'garbage.jsonl'), '{nope\n[also nope\n');
    expect((await runGk(['report', 'missing.jsonl', '--html', 'x.html'], { cwd: dir })).stderr).toContain(
      'file_not_found',
    );
    expect((await runGk(['report', 'empty.jsonl', '--html', 'x.html'], { cwd: dir })).stderr).toContain(
      'empty_input',
    );
    expect((await runGk(['report', 'other.json', '--html', 'x.html'], { cwd: dir })).stderr).toContain(
      'not a report gk knows',
    );
    const garbage = await runGk(['report', 'garbage.jsonl', '--html', 'x.html'], { cwd: dir });
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain('no line is a gk verify record (2 unreadable)');
    expect((await runGk(['report', 'empty.jsonl'], { cwd: dir })).stderr).toContain(
      "required option '--html <file>' not specified",
    );
  });

  it('skips malformed lines, wrong fields, passages whose offsets disagree and a 10 MB line, naming each, and exits 2', async () => {
    const dir = temporaryFolder();
    const input = await verified(dir);
    const [first, second] = readFileSync(input, 'utf8').trim().split('\n');
    const record = JSON.parse(first!);
    const shifted = {
      ...record,
      passages: [{ ...record.passages[0], end: record.passages[0].end + 1 }, record.passages[1]],
    };
    const lines = [
      first,
      '{"id": "x", "line": 2, "verification": {"status": "answered"',
      JSON.stringify({ ...record, verification: { ...record.verification, claims: 'none' } }),
      JSON.stringify(shifted),
      JSON.stringify({ ...record, note: 'x'.repeat(10 * 1024 * 1024) }),
      second,
    ];
    writeFileSync(join(dir, 'mixed.jsonl'), `${lines.join('\n')}\n`);
    const run = await runGk(['report', 'mixed.jsonl', '--html', 'page.html'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('mixed.jsonl:2: not_json');
    expect(run.stderr).toContain('mixed.jsonl:3: wrong_type verification.claims');
    expect(run.stderr).toContain('mixed.jsonl:4: offsets_mismatch passages[0].end');
    expect(run.stderr).toContain('mixed.jsonl:5: line_too_long');
    const html = readFileSync(join(dir, 'page.html'), 'utf8');
    expect(html).toContain('<strong>2</strong>answers');
    expect(html).toContain('<strong>4</strong>lines skipped');
    expect(
      (await runGk(['report', 'mixed.jsonl', '--html', 'page.html', '--allow-invalid'], { cwd: dir })).code,
    ).toBe(0);
  });

  it('has help with examples', async () => {
    const run = await runGk(['report', '--help'], { cwd: temporaryFolder() });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('gk report verifications.jsonl --html report.html');
  });
});
