import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runEchoCheck } from '@gk/echo-check';
import { safeParseCalibrationReport } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import {
  calibrationReportFixture,
  calibrationReportOf,
  echoReportFixture,
  evalReportFixture,
} from '../__fixtures__/artifacts.js';
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

  it('refuses a calibration report whose pre-registration was edited after it was hashed', async () => {
    const dir = temporaryFolder();
    const report = await calibrationReportFixture();
    // A lowered threshold under the old hash: the schema alone accepts it, and the page would say "met".
    const edited = {
      ...report,
      preregistration: { ...report.preregistration, threshold: 0.5 },
      outcome: { ...report.outcome, met: true },
    };
    expect(safeParseCalibrationReport(edited).success).toBe(true);
    writeFileSync(join(dir, 'cal.json'), JSON.stringify(edited));
    const run = await runGk(['report', 'cal.json', '--html', 'page.html'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'invalid_report: cal.json: not a valid CalibrationReport: preregistrationHash is not the hash',
    );
    expect(existsSync(join(dir, 'page.html'))).toBe(false);
  });

  it('never draws a met calibration outcome as a pass, and says the judge is advisory and why it is not ready', async () => {
    const dir = temporaryFolder();
    // rt9 finding 2: 16 faithful and 4 unfaithful items, a judge that calls every answer faithful: agreement 0.8, met.
    const rows = Array.from({ length: 20 }, (_, index) => ({
      itemId: `i${index}`,
      human: index < 16,
      judge: true,
    }));
    writeFileSync(join(dir, 'cal.json'), JSON.stringify(await calibrationReportOf(rows)));
    expect((await runGk(['report', 'cal.json', '--html', 'cal.html'], { cwd: dir })).code).toBe(0);
    const html = readFileSync(join(dir, 'cal.html'), 'utf8');
    expect(html).not.toContain('class="ok-text"');
    expect(html).toContain(
      'agreement_rate = 0.800 against the pre-registered threshold 0.8: met, but the judge is not ready to gate.',
    );
    expect(html).toContain(
      '<p class="bad-text">Gate readiness: not ready, label_set_verified, no_failing_class fail.</p>',
    );
    expect(html).toContain('The judge is advisory, not a gate');
    expect(html).toContain(
      '16 faithful and 4 unfaithful labelled items; at least 30 distinct items of each class are needed',
    );
    expect(html).toContain('unfaithful: right on 0 of 4 (recall 0, fails the threshold 0.8)');

    // 40 of each class, all right: nothing in the report fails, yet readiness is not the page's to grant.
    const good = Array.from({ length: 80 }, (_, index) => ({
      itemId: `g${index}`,
      human: index < 40,
      judge: index < 40,
    }));
    writeFileSync(join(dir, 'good.json'), JSON.stringify(await calibrationReportOf(good)));
    expect((await runGk(['report', 'good.json', '--html', 'good.html'], { cwd: dir })).code).toBe(0);
    const page = readFileSync(join(dir, 'good.html'), 'utf8');
    expect(page).not.toContain('class="ok-text"');
    expect(page).toContain('Gate readiness: not decided by this page');
    expect(page).toContain('95% lower bound over its 40 items 0.912');

    // Judge errors fail agreement_measured even when the rate of the rest is met.
    const errors = good.map((row, index) =>
      index === 0 ? { ...row, judge: null, errorCode: 'schema' } : row,
    );
    writeFileSync(join(dir, 'errors.json'), JSON.stringify(await calibrationReportOf(errors)));
    expect((await runGk(['report', 'errors.json', '--html', 'errors.html'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(join(dir, 'errors.html'), 'utf8')).toContain(
      'Gate readiness: not ready, agreement_measured fails.',
    );
  });

  it('says how many echo cases cited the planted source when the others abstained', async () => {
    const dir = temporaryFolder();
    let calls = 0;
    // The first case shows the planted passage as [1], the second as [2]: each is cited there; the others answer
    // nothing.
    const report = await runEchoCheck({
      pipeline: ({ passages }) => {
        const call = calls++;
        return call < 2 ? `${passages[call]!.text.split('. ')[0]}. [${call + 1}]` : '';
      },
      cases: 4,
    });
    expect(report.counts).toMatchObject({ grounded: 2, abstained: 2 });
    writeFileSync(join(dir, 'echo.json'), JSON.stringify(report));
    expect((await runGk(['report', 'echo.json', '--html', 'page.html'], { cwd: dir })).code).toBe(0);
    const html = readFileSync(join(dir, 'page.html'), 'utf8');
    expect(html).not.toContain('every case cited');
    expect(html).toContain('2 of 4 cases cited the planted source, 2 abstained (cited nothing)');
  });

  it('draws a run as not clean where gk echo fails it: no case grounded with the positive shown as [2]', async () => {
    const dir = temporaryFolder();
    let calls = 0;
    // Only the first case (planted passage shown as [1]) is cited; a pipeline that always cites [1] and declines
    // otherwise never showed it tells the sources apart.
    const report = await runEchoCheck({
      pipeline: ({ passages }) => (calls++ === 0 ? `${passages[0]!.text.split('. ')[0]}. [1]` : ''),
      cases: 4,
    });
    expect(report.counts).toMatchObject({ grounded: 1, abstained: 3 });
    writeFileSync(join(dir, 'echo.json'), JSON.stringify(report));
    expect((await runGk(['report', 'echo.json', '--html', 'page.html'], { cwd: dir })).code).toBe(0);
    const html = readFileSync(join(dir, 'page.html'), 'utf8');
    expect(html).not.toContain('Clean:');
    expect(html).toContain('Not clean');
    expect(html).toContain('no case with the positive shown as [2] was grounded');
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
    // A folder is there but is no file: unreadable, as gk verify says.
    mkdirSync(join(dir, 'folder'));
    expect((await runGk(['report', 'folder', '--html', 'x.html'], { cwd: dir })).stderr).toContain(
      'gk: unreadable: folder: not a file',
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

  it('reads every line gk verify writes: a record eleven times its 1 MB log line is shown, not skipped', async () => {
    // r14 finding 3: gk verify --with-input wrote an 11.3 MB line, and gk report skipped it as longer than 8 MiB.
    const dir = temporaryFolder();
    const text = 'Water boils at 100 degrees Celsius at sea level. '.repeat(21_000);
    const answer = Array.from(
      { length: 9 },
      (_, i) => `Water boils at 100 degrees Celsius at sea level, note ${i} [1].`,
    ).join(' ');
    writeFileSync(
      join(dir, 'log.jsonl'),
      `${JSON.stringify({ id: 'big', answer, passages: [passage('d1', text)] })}\n`,
    );
    const verify = await runGk(['verify', 'log.jsonl', '--with-input', '-o', 'v.jsonl', '--fail-on', 'any'], {
      cwd: dir,
    });
    expect(verify.code).toBe(0);
    expect(readFileSync(join(dir, 'v.jsonl')).length).toBeGreaterThan(8 * 1024 * 1024);
    const report = await runGk(['report', 'v.jsonl', '--html', 'r.html'], { cwd: dir });
    expect(report.stderr).not.toContain('line_too_long');
    expect(report.code).toBe(0);
    expect(readFileSync(join(dir, 'r.html'), 'utf8')).toContain('<strong>1</strong>answers');
  });

  it('skips malformed lines, wrong fields, passages whose offsets disagree and a 65 MB line, naming each, and exits 2', async () => {
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
      JSON.stringify({ ...record, note: 'x'.repeat(65 * 1024 * 1024) }),
      second,
    ];
    writeFileSync(join(dir, 'mixed.jsonl'), `${lines.join('\n')}\n`);
    const run = await runGk(['report', 'mixed.jsonl', '--html', 'page.html'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('mixed.jsonl:2: not_json');
    expect(run.stderr).toContain('mixed.jsonl:3: wrong_type verification.claims');
    expect(run.stderr).toContain('mixed.jsonl:4: offsets_mismatch passages[0].end');
    expect(run.stderr).toContain('mixed.jsonl:5: line_too_long');
    // gk report has no --max-line-bytes: the message names the limit without sending anyone to a flag it lacks.
    expect(run.stderr).not.toContain('--max-line-bytes');
    const html = readFileSync(join(dir, 'page.html'), 'utf8');
    expect(html).toContain('<strong>2</strong>answers');
    expect(html).toContain('<strong>4</strong>lines skipped');
    expect(
      (await runGk(['report', 'mixed.jsonl', '--html', 'page.html', '--allow-invalid'], { cwd: dir })).code,
    ).toBe(0);
  });

  it('skips as invalid_report a line whose citations, claims, status or codes its own content contradicts', async () => {
    const dir = temporaryFolder();
    const [first] = readFileSync(await verified(dir), 'utf8')
      .trim()
      .split('\n');
    const record = JSON.parse(first!);
    const sky = passage('d1', 'The sky is blue.');
    const claim = (text: string, citations: unknown[]) => ({
      text,
      span: { start: 0, end: text.length },
      citations,
    });
    const verification = (fields: object) => ({ citations: [], duplicatesMerged: 0, ...fields });
    const forged = [
      // an accepted claim citing a document other than passage 1
      {
        id: 'other-document',
        line: 1,
        answer: 'The moon is made of cheese [1].',
        passages: [sky],
        verification: verification({
          status: 'answered',
          rejected: [],
          claims: [
            claim('The moon is made of cheese [1].', [
              {
                source: 1,
                documentId: 'nasa-report',
                chunkId: 'nasa-report',
                start: 0,
                end: 26,
                text: 'The moon is made of cheese',
              },
            ]),
          ],
        }),
      },
      // passage 1's ids, but text that is not the passage's at those offsets
      {
        id: 'other-text',
        line: 2,
        answer: 'The moon is made of cheese [1].',
        passages: [sky],
        verification: verification({
          status: 'answered',
          rejected: [],
          claims: [
            claim('The moon is made of cheese [1].', [
              { source: 1, documentId: 'd1', chunkId: 'd1#0', start: 0, end: 16, text: 'The moon is chee' },
            ]),
          ],
        }),
      },
      // a claim that is not the answer's text at its span
      {
        id: 'other-claim',
        line: 3,
        answer: 'Nothing here is true [1].',
        passages: [sky],
        verification: verification({
          status: 'answered',
          rejected: [],
          claims: [
            claim('The sky is blue [1].', [
              { source: 1, documentId: 'd1', chunkId: 'd1#0', start: 0, end: 16, text: 'The sky is blue.' },
            ]),
          ],
        }),
      },
      // answered with no accepted claim
      {
        id: 'status',
        line: 4,
        answer: 'x',
        passages: [sky],
        verification: verification({
          status: 'answered',
          claims: [],
          rejected: [
            { text: 'x', span: { start: 0, end: 1 }, code: 'no_marker', markers: [], message: 'no marker' },
          ],
        }),
      },
      // a rejection code @gk/citations does not define
      {
        id: 'code',
        line: 5,
        answer: 'Bad [9].',
        passages: [sky],
        verification: verification({
          status: 'rejected',
          claims: [],
          rejected: [
            { text: 'Bad [9].', span: { start: 0, end: 8 }, code: 'constructor', markers: [9], message: 'm' },
          ],
        }),
      },
    ];
    const { answer: _answer, passages: _passages, ...bare } = record;
    const lines = [
      ...forged.map((line) => JSON.stringify(line)),
      first,
      JSON.stringify({ ...bare, line: 7 }),
      // passages without the answer: no claim could be compared with what was answered
      JSON.stringify({
        id: 'no-answer',
        line: 8,
        passages: [sky],
        verification: verification({
          status: 'answered',
          rejected: [],
          claims: [
            claim('The moon is made of green cheese [1].', [
              { source: 1, documentId: 'd1', chunkId: 'd1#0', start: 0, end: 16, text: 'The sky is blue.' },
            ]),
          ],
        }),
      }),
    ];
    writeFileSync(join(dir, 'forged.jsonl'), `${lines.join('\n')}\n`);
    const run = await runGk(['report', 'forged.jsonl', '--html', 'page.html'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'forged.jsonl:1: invalid_report verification.claims[0].citations[0]: names a document or chunk other than passage 1',
    );
    expect(run.stderr).toContain(
      "forged.jsonl:2: invalid_report verification.claims[0].citations[0]: its text is not passage 1's text",
    );
    expect(run.stderr).toContain(
      "forged.jsonl:3: invalid_report verification.claims[0].text: the claim is not the answer's text",
    );
    expect(run.stderr).toContain('forged.jsonl:4: invalid_report verification.status');
    expect(run.stderr).toContain('forged.jsonl:5: invalid_report verification.rejected[0].code');
    expect(run.stderr).toContain(
      'forged.jsonl:8: invalid_report answer: the line carries passages but not the answer its claims come from',
    );
    const html = readFileSync(join(dir, 'page.html'), 'utf8');
    expect(html).not.toContain('nasa-report');
    expect(html).not.toContain('cheese'); // nor the green cheese of the line without its answer
    expect(html).not.toContain('function Object');
    expect(html).toContain('<strong>2</strong>answers');
    expect(html).toContain('<strong>6</strong>lines skipped');
    expect(html).toContain('<strong>1</strong>shown without re-check');
    expect(html.match(/Not re-checked: this line carries no passages/g)).toHaveLength(1);
  });

  it('skips a line that holds a key twice (two verifications), instead of drawing the last one', async () => {
    const dir = temporaryFolder();
    const text = 'Water boils at 100 degrees Celsius at sea level.';
    const answer = 'Water boils at 100 degrees Celsius at sea level [1].';
    const span = { start: 0, end: answer.length };
    const cited = { source: 1, documentId: 'd1', chunkId: 'd1', start: 0, end: text.length, text };
    const green = {
      status: 'answered',
      claims: [{ text: answer, span, citations: [cited] }],
      rejected: [],
      citations: [cited],
      duplicatesMerged: 0,
    };
    const red = {
      status: 'rejected',
      claims: [],
      rejected: [{ text: answer, span, code: 'unsupported', markers: [1], message: 'not supported' }],
      citations: [],
      duplicatesMerged: 0,
    };
    const record = {
      id: 'q1',
      line: 1,
      verification: green,
      answer,
      passages: [{ ...cited, source: undefined }],
    };
    // A reader (or a tool that keeps the first key) sees the rejection; JSON.parse keeps the green one.
    const twice = JSON.stringify(record).replace(
      '"verification":',
      `"verification":${JSON.stringify(red)},"verification":`,
    );
    writeFileSync(join(dir, 'dup.jsonl'), `${twice}\n${JSON.stringify(record)}\n`);
    const run = await runGk(['report', 'dup.jsonl', '--html', 'page.html'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'dup.jsonl:1: duplicate_key verification: an object holds the key "verification" twice',
    );
    const page = readFileSync(join(dir, 'page.html'), 'utf8');
    expect(page).toContain('duplicate_key');
    expect(
      (await runGk(['report', 'dup.jsonl', '--html', 'page.html', '--allow-invalid'], { cwd: dir })).code,
    ).toBe(0);
  });

  it('skips a line whose claim lists disagree with each other, and never draws an uncited claim green', async () => {
    const dir = temporaryFolder();
    const answer = 'Water boils at 100 °C at sea level [1]. The moon is made of cheese.';
    writeFileSync(join(dir, 'log.jsonl'), `${JSON.stringify({ id: 'q1', answer, passages: [plain] })}\n`);
    expect((await runGk(['verify', 'log.jsonl', '--with-input', '-o', 'v.jsonl'], { cwd: dir })).code).toBe(
      0,
    );
    const line = JSON.parse(readFileSync(join(dir, 'v.jsonl'), 'utf8'));
    const cheese = { text: 'The moon is made of cheese.', span: { start: 40, end: answer.length } };
    const tamper = (id: string, change: (verification: typeof line.verification) => void) => {
      const copy = structuredClone(line);
      change(copy.verification);
      return { ...copy, id };
    };
    const lines = [
      // A: claim 0 widened over the whole answer, over the no_marker rejection
      tamper('widened', (v) => {
        v.claims[0].span = { start: 0, end: answer.length };
        v.claims[0].text = answer;
      }),
      // C: the unmarked sentence accepted with claim 0's citation
      tamper('unmarked', (v) => {
        v.claims.push({ ...cheese, citations: [v.claims[0].citations[0]] });
        v.rejected = [];
      }),
      // D with the rejection kept: citations were required, so an uncited claim cannot have been accepted
      tamper('uncited-required', (v) => {
        v.claims.push({ ...cheese, citations: [] });
        v.rejected[0].span = { start: answer.length, end: answer.length };
        v.rejected[0].text = '';
      }),
      // D: what verifyAnswer writes under requireCitations: false, shown but not as checked
      tamper('uncited', (v) => {
        v.claims.push({ ...cheese, citations: [] });
        v.rejected = [];
      }),
    ];
    writeFileSync(join(dir, 't.jsonl'), lines.map((record) => `${JSON.stringify(record)}\n`).join(''));
    const run = await runGk(['report', 't.jsonl', '--html', 'r.html'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('t.jsonl:1: invalid_report verification.rejected[0].span: overlaps');
    expect(run.stderr).toContain(
      "t.jsonl:2: invalid_report verification.claims[1].citations: cite source 1, but the claim's markers name none",
    );
    expect(run.stderr).toContain(
      't.jsonl:3: invalid_report verification.claims[1].citations: none, though the line rejects another claim',
    );
    const html = readFileSync(join(dir, 'r.html'), 'utf8');
    expect(html).toContain('<strong>1</strong>answers');
    expect(html).not.toMatch(
      /<mark class="claim ok">[^<]*(cheese|Water boils at 100 °C at sea level \[1\]\. The moon)/,
    );
    expect(html).toContain(
      '<mark class="claim uncited">The moon is made of cheese.</mark><span class="muted"> (no citation: accepted unchecked)</span>',
    );
  });

  it('escapes controls in the paths it prints on stdout and stderr', async () => {
    const dir = temporaryFolder();
    const input = await verified(dir);
    const run = await runGk(['report', input, '--html', 'page\u202e\u009b.html'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toMatch(/[\u007f-\u009f\u202a-\u202e]/);
    expect(JSON.parse(run.stdout).html).toBe(join(dir, 'page\u202e\u009b.html'));
    expect(run.stderr).toContain('page\\u202e\\u009b.html');
  });

  it('refuses an --html it cannot write (unwritable) or that is its input (usage), leaving no temporary file', async () => {
    const dir = temporaryFolder();
    const input = await verified(dir);
    const original = readFileSync(input, 'utf8');
    mkdirSync(join(dir, 'adir'));
    writeFileSync(join(dir, 'afile'), '');
    const before = readdirSync(dir).sort();
    for (const [out, expected] of [
      ['adir', 'gk: unwritable: --html adir: cannot write: it is a folder'],
      ['afile/x.html', 'gk: unwritable: --html afile/x.html: cannot write: its folder'],
      ['verifications.jsonl', 'gk: usage: --html verifications.jsonl: is the input'],
    ] as const) {
      const run = await runGk(['report', 'verifications.jsonl', '--html', out], { cwd: dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(expected);
    }
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(readFileSync(input, 'utf8')).toBe(original);
  });

  it('says how many skipped lines it does not list, on the page and on stderr', async () => {
    const dir = temporaryFolder();
    const [first] = readFileSync(await verified(dir), 'utf8')
      .trim()
      .split('\n');
    writeFileSync(join(dir, 'many.jsonl'), `${first}\n${'not json\n'.repeat(70)}`);
    const run = await runGk(['report', 'many.jsonl', '--html', 'page.html', '--allow-invalid'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('many.jsonl: 50 more skipped lines not listed here');
    const html = readFileSync(join(dir, 'page.html'), 'utf8');
    expect(html).toContain('20 more skipped lines are counted above but not listed here.');
  });

  it('has help with examples', async () => {
    const run = await runGk(['report', '--help'], { cwd: temporaryFolder() });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('gk report verifications.jsonl --html report.html');
  });
});
