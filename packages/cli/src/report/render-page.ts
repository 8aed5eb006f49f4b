import { createHash } from 'node:crypto';
import { escapeHtml } from './escape-html.js';

/** What a report page holds besides its shell. */
export interface PageContent {
  title: string;
  /** A line under the title: the input file and what kind of artifact it is. */
  subtitle: string;
  /** The body sections, already escaped HTML: one string, or pieces (one per answer) written in turn. */
  body: string | Iterable<string>;
  /** Filter choices offered above the items, `value` matched against each item's `data-codes`. */
  filters?: ReadonlyArray<{ value: string; label: string; count: number }>;
}

const STYLE = `
:root { color-scheme: light; --ok: #d7f5dd; --ok-line: #1e6b34; --bad: #fde2e1; --bad-line: #a1221b; --muted: #4d5562; --line: #d0d5dd; --accent: #1d4ed8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; background: #fff; }
header, main { max-width: 1100px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 20px; }
h1 { font-size: 1.5rem; margin: 0 0 4px; }
h2 { font-size: 1.2rem; margin: 28px 0 8px; }
h3 { font-size: 1rem; margin: 0; }
.muted { color: var(--muted); }
.keys { font-size: 0.85rem; color: var(--muted); }
kbd { border: 1px solid var(--line); border-radius: 3px; padding: 0 4px; background: #f9fafb; font: 0.8rem ui-monospace, monospace; }
.cards { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; padding: 0; list-style: none; }
.cards li { border: 1px solid var(--line); border-radius: 6px; padding: 8px 12px; min-width: 120px; }
.cards strong { display: block; font-size: 1.3rem; }
table { border-collapse: collapse; margin: 8px 0 16px; }
th, td { text-align: left; padding: 4px 10px 4px 0; vertical-align: top; border-bottom: 1px solid #eef0f3; }
caption { text-align: left; font-weight: 600; padding-bottom: 4px; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.chart { width: 100%; max-width: 760px; }
.bar-cell { width: 55%; }
.bar { display: block; } .bar rect { fill: var(--accent); }
fieldset.filters { border: 1px solid var(--line); border-radius: 6px; margin: 16px 0; padding: 8px 12px; }
fieldset.filters label { margin-right: 14px; white-space: nowrap; cursor: pointer; }
.item { border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
.item:focus { outline: 3px solid var(--accent); outline-offset: 2px; }
.item[hidden] { display: none; }
.status { display: inline-block; font-size: 0.8rem; font-weight: 600; padding: 0 8px; border-radius: 10px; border: 1px solid var(--line); margin-left: 8px; }
.status-answered { background: var(--ok); color: var(--ok-line); }
.status-rejected { background: var(--bad); color: var(--bad-line); }
.answer { white-space: pre-wrap; margin: 8px 0; }
mark.claim { padding: 1px 0; border-radius: 2px; color: inherit; }
mark.ok { background: var(--ok); border-bottom: 2px solid var(--ok-line); }
mark.bad { background: var(--bad); border-bottom: 2px solid var(--bad-line); }
mark.uncited { background: #eef0f3; border-bottom: 2px dashed var(--muted); }
.code { font: 0.78rem ui-monospace, monospace; color: var(--bad-line); background: #fff; border: 1px solid var(--bad-line); border-radius: 3px; padding: 0 3px; margin-left: 2px; }
button.cite { font: inherit; font-size: 0.8rem; color: var(--accent); background: #eef2ff; border: 1px solid #c7d2fe; border-radius: 3px; padding: 0 4px; margin-left: 2px; cursor: pointer; }
button.cite:focus { outline: 2px solid var(--accent); }
ul.rejections { margin: 6px 0; padding-left: 20px; }
details.passage { border-left: 3px solid var(--line); padding: 2px 0 2px 10px; margin: 6px 0; }
details.passage[open] { border-left-color: var(--accent); }
details.passage summary { cursor: pointer; }
.passage-text { white-space: pre-wrap; margin: 6px 0; max-height: 22em; overflow: auto; }
mark.cited { background: #fff3b0; border-bottom: 2px solid #8a6d00; color: inherit; }
mark.cited.overlap { background: #ffe680; }
mark.cited.current { background: #ffd666; outline: 2px solid #8a6d00; }
.ok-text { color: var(--ok-line); font-weight: 600; }
.bad-text { color: var(--bad-line); font-weight: 600; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
footer { max-width: 1100px; margin: 32px auto; padding: 0 20px; color: var(--muted); font-size: 0.85rem; }
`;

// Filters, keyboard navigation (j / k between items, Escape closes passages) and citations that open their passage.
const SCRIPT = `
(function () {
  var items = function () { return Array.prototype.slice.call(document.querySelectorAll('[data-codes]')).filter(function (el) { return !el.hidden; }); };
  var status = document.getElementById('filter-status');
  function applyFilter(value) {
    var shown = 0;
    document.querySelectorAll('[data-codes]').forEach(function (el) {
      var codes = (el.getAttribute('data-codes') || '').split(' ');
      el.hidden = !(value === 'all' || codes.indexOf(value) !== -1);
      if (!el.hidden) shown++;
    });
    if (status) status.textContent = shown + ' shown';
  }
  document.querySelectorAll('input[name="filter"]').forEach(function (input) {
    input.addEventListener('change', function () { if (input.checked) applyFilter(input.value); });
  });
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button.cite');
    if (!button) return;
    var passage = document.getElementById(button.getAttribute('aria-controls'));
    if (!passage) return;
    passage.open = true;
    document.querySelectorAll('mark.cited.current').forEach(function (m) { m.classList.remove('current'); });
    // data-span names the first and the last piece of the cited span (one id for one piece): every piece of the
    // passage from the first to the last is the span, and only it, however the spans of the passage overlap.
    var ids = (button.getAttribute('data-span') || '').split(' ');
    var span = ids[0] ? document.getElementById(ids[0]) : null;
    var last = ids.length > 1 ? document.getElementById(ids[ids.length - 1]) : span;
    if (span && last && span.parentNode) {
      var pieces = span.parentNode.querySelectorAll('mark.cited');
      var lit = false;
      for (var i = 0; i < pieces.length; i++) {
        if (pieces[i] === span) lit = true;
        if (lit) pieces[i].classList.add('current');
        if (pieces[i] === last) break;
      }
    }
    var summary = passage.querySelector('summary');
    (summary || passage).focus();
    (span || passage).scrollIntoView({ block: 'nearest' });
  });
  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = event.target && event.target.tagName;
    if (tag === 'INPUT' && event.target.type === 'text') return;
    if (event.key === 'j' || event.key === 'k') {
      var list = items();
      if (list.length === 0) return;
      var current = document.activeElement && document.activeElement.closest ? document.activeElement.closest('[data-codes]') : null;
      var index = list.indexOf(current);
      var next = event.key === 'j' ? (index < 0 ? 0 : Math.min(index + 1, list.length - 1)) : (index < 0 ? 0 : Math.max(index - 1, 0));
      list[next].focus();
      list[next].scrollIntoView({ block: 'start' });
      event.preventDefault();
    } else if (event.key === 'Escape') {
      var open = document.activeElement && document.activeElement.closest ? document.activeElement.closest('details[open]') : null;
      if (open) { open.open = false; var item = open.closest('[data-codes]'); if (item) item.focus(); }
    }
  });
})();
`;

const hash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The self-contained page: inline style and script only, and a Content-Security-Policy that allows exactly
 * those two (by hash) and nothing from the network, so even a string that escaped escaping could not run.
 */
export function renderPage(content: PageContent): string {
  return [...renderPageParts(content)].join('');
}

/** {@link renderPage} in pieces, so a page larger than one string can be written to a file piece by piece. */
export function* renderPageParts(content: PageContent): Generator<string> {
  const filters =
    content.filters === undefined || content.filters.length === 0
      ? ''
      : `<fieldset class="filters"><legend>Show</legend>${content.filters
          .map(
            (filter, index) =>
              `<label><input type="radio" name="filter" value="${escapeHtml(filter.value)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(filter.label)} <span class="muted">(${escapeHtml(filter.count.toLocaleString('en-US'))})</span></label>`,
          )
          .join(
            '',
          )} <span id="filter-status" class="muted" role="status" aria-live="polite"></span></fieldset>`;
  const policy = `default-src 'none'; style-src ${hash(STYLE)}; script-src ${hash(SCRIPT)}; img-src data:; base-uri 'none'; form-action 'none'`;
  yield `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">
<title>${escapeHtml(content.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(content.title)}</h1>
<p class="muted">${escapeHtml(content.subtitle)}</p>
<p class="keys">Keys: <kbd>j</kbd> next item, <kbd>k</kbd> previous item, <kbd>Tab</kbd> to a citation and <kbd>Enter</kbd> to open its passage, <kbd>Escape</kbd> closes it.</p>
</header>
<main>
${filters}
`;
  if (typeof content.body === 'string') yield content.body;
  else yield* content.body;
  yield `
</main>
<footer>Written by gk report (@gk/cli). This page is self-contained: it loads nothing from the network.</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
