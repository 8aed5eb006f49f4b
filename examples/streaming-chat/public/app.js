// The page: reads the server's AI SDK UI message stream (server-sent events) and renders each part as it
// arrives. Everything the model wrote is untrusted and goes into the page as text, never as markup.

const form = document.querySelector('#ask');
const input = document.querySelector('#question');
const status = document.querySelector('#status');
const answer = document.querySelector('#answer');
const withheld = document.querySelector('#withheld');
const withheldNone = document.querySelector('#withheld-none');
const passagePanel = document.querySelector('#passage');
const passageWhere = document.querySelector('#passage-where');
const passageText = document.querySelector('#passage-text');

/** Each claim as it was shown, in order, with when (for people curious about the timing, and for the tests). */
window.claimLog = [];

let state;

fetch('/api/info')
  .then((response) => response.json())
  .then((info) => {
    document.querySelector('#model').textContent = `Model: ${info.model}; policy: ${info.policy}.`;
  })
  .catch(() => {});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const question = input.value.trim();
  if (question !== '') ask(question);
});

function reset() {
  state = { passages: new Map(), text: '', shown: 0, claims: new Map(), withheld: 0 };
  window.claimLog = [];
  answer.replaceChildren();
  withheld.replaceChildren();
  withheldNone.hidden = false;
  passagePanel.hidden = true;
  status.textContent = 'Asking…';
  status.dataset.state = 'streaming';
}

async function ask(question) {
  reset();
  let response;
  try {
    response = await fetch('/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question }),
    });
  } catch (error) {
    return finish('error', `The server could not be reached (${error.message}).`);
  }
  if (!response.ok || response.body === null) {
    const body = await response.json().catch(() => ({}));
    return finish('error', body.error ?? `The server answered ${response.status}.`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of event.split('\n')) {
        if (!line.startsWith('data: ')) continue;
        const data = line.slice('data: '.length);
        if (data !== '[DONE]') handle(JSON.parse(data));
      }
    }
  }
  if (status.dataset.state === 'streaming') finish('error', 'The stream ended early.');
}

/** One chunk of the UI message stream. */
function handle(chunk) {
  switch (chunk.type) {
    case 'data-passages':
      for (const passage of chunk.data) state.passages.set(passage.source, passage);
      status.textContent = `${chunk.data.length} passage(s) retrieved; verifying claims as the model writes…`;
      break;
    case 'text-delta':
      state.text += chunk.delta;
      break;
    case 'data-claim':
      showClaim(chunk.data);
      break;
    case 'data-citation':
      showCitation(chunk.data);
      break;
    case 'text-end':
      showLayout(state.text.length);
      break;
    case 'data-rejected-claim':
      showWithheld(chunk.data);
      break;
    case 'data-synthesis': {
      const { status: outcome, claims, rejected, finishReason } = chunk.data;
      finish(
        outcome,
        outcome === 'abstained'
          ? 'The model abstained: the passages do not answer this, so nothing is cited.'
          : `Answered: ${claims} claim(s) verified, ${rejected} withheld (finish reason ${finishReason}).`,
      );
      break;
    }
    case 'data-synthesis-error':
      finish('refused', `Refused (${chunk.data.code}): ${chunk.data.message}`);
      break;
    case 'error':
      finish('error', chunk.errorText);
      break;
    default:
      break;
  }
}

/** The released text up to `end` that is not part of a claim: line breaks, list bullets. */
function showLayout(end) {
  if (end > state.shown) answer.append(document.createTextNode(state.text.slice(state.shown, end)));
  state.shown = Math.max(state.shown, end);
}

function showClaim({ index, text, answer: where }) {
  const span = document.createElement('span');
  span.className = 'claim';
  span.dataset.index = String(index);
  span.textContent = text;
  const citations = document.createElement('span');
  citations.className = 'citations';
  if (where === null) {
    answer.append(span, citations);
  } else {
    showLayout(where.start);
    answer.append(span, citations);
    state.shown = where.end;
  }
  state.claims.set(index, citations);
  window.claimLog.push({ index, text, at: performance.now() });
}

function showCitation(citation) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'citation';
  button.textContent = `[${citation.source}] ${citation.documentId}`;
  button.title = `${citation.documentId} ${citation.start}–${citation.end}`;
  Object.assign(button.dataset, {
    documentId: citation.documentId,
    start: String(citation.start),
    end: String(citation.end),
  });
  button.addEventListener('click', () => openCitation(citation));
  state.claims.get(citation.claim)?.append(button);
}

/** Shows the cited passage in its licence, the cited span highlighted. */
function openCitation(citation) {
  const passage = state.passages.get(citation.source);
  if (passage === undefined) return;
  const from = citation.start - passage.start;
  const to = citation.end - passage.start;
  const context = (text) => {
    const span = document.createElement('span');
    span.className = 'context';
    span.textContent = text;
    return span;
  };
  const mark = document.createElement('mark');
  mark.textContent = passage.text.slice(from, to);
  passageText.replaceChildren(
    context(passage.before),
    document.createTextNode(passage.text.slice(0, from)),
    mark,
    document.createTextNode(passage.text.slice(to)),
    context(passage.after),
  );
  passageWhere.textContent = `${passage.title ?? passage.documentId} · ${passage.chunkId} · characters ${citation.start}–${citation.end} of ${passage.documentId} (source [${citation.source}])`;
  passagePanel.hidden = false;
  mark.scrollIntoView({ block: 'center' });
}

function showWithheld({ text, code, message }) {
  const item = document.createElement('li');
  const badge = document.createElement('span');
  badge.className = 'code';
  badge.textContent = code;
  const reason = document.createElement('span');
  reason.className = 'reason';
  reason.textContent = ` ${message}`;
  const claim = document.createElement('span');
  claim.className = 'withheld-text';
  claim.textContent = text;
  item.append(badge, reason, claim);
  withheld.append(item);
  withheldNone.hidden = true;
}

function finish(outcome, message) {
  status.dataset.state = outcome;
  status.textContent = message;
}
