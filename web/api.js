// The JSON API of `rise serve` (docs/server.md): a fetch wrapper that turns refusals into
// ApiError, and a Server-Sent Events subscription to a table's views that reconnects.
// A seat key travels only in the X-Rise-Key header (GET) or a JSON body (POST), never in a
// URL: the server refuses `?key=` (400 "key_in_url"), since logs and histories keep URLs.

// A refusal of the server: HTTP `status`, the error `code` (e.g. "stale_version") and its
// `message` sentence. status 0 means the server could not be reached.
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

// Reads the error of an answer; accepts {error: CODE, message} and {error: {code, message}}.
function errorOf(status, body) {
  if (body && typeof body.error === 'object' && body.error !== null) {
    return new ApiError(status, body.error.code || 'error', body.error.message || `HTTP ${status}`);
  }
  if (body && typeof body.error === 'string') {
    return new ApiError(status, body.error, body.message || body.error);
  }
  return new ApiError(status, `http_${status}`, `the server answered HTTP ${status}`);
}

// Sends one request and returns the parsed JSON answer, with its status as `_status` when the
// answer is an object (e.g. 202 for an undo still waiting). `key`, when given, is a seat key
// sent as the X-Rise-Key header. Throws ApiError on any refusal.
export async function api(method, path, body, key) {
  const init = { method, headers: { Accept: 'application/json' } };
  if (key) init.headers['X-Rise-Key'] = key;
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, 'unreachable', `cannot reach the server (${e.message})`);
  }
  let json = null;
  const text = await res.text();
  if (text) {
    try { json = JSON.parse(text); } catch { json = null; }
  }
  if (!res.ok) throw errorOf(res.status, json);
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    Object.defineProperty(json, '_status', { value: res.status, enumerable: false });
  }
  return json;
}

// GET as seat `key` (omitted: a spectator), POST and DELETE with a JSON body.
export const get = (path, key) => api('GET', path, undefined, key);
export const post = (path, body) => api('POST', path, body);
export const del = (path, body) => api('DELETE', path, body);

// The path of table `id` (what omitted) or of one of its resources ("view", "events", …).
export function tablePath(id, what) {
  const base = `/api/tables/${encodeURIComponent(id)}`;
  return what ? `${base}/${what}` : base;
}

// A refusal that retrying will not change: a 4xx (unknown table, bad key, spectators
// unavailable) or 501, but not 408 or 429 (too slow, too many: later may work).
const isFatal = (e) => (e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429) || e.status === 501;

// Reads a text/event-stream body and calls onEvent(type, data) for every event: events end
// with a blank line, `event:` names the type ("message" when absent), `data:` lines are
// joined with newlines, comment lines (": keep-alive") and other fields are ignored.
async function readEvents(body, onEvent, onBytes) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  let type = '';
  let data = [];
  const line = (text) => {
    if (text === '') {
      if (data.length) onEvent(type || 'message', data.join('\n'));
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes();
    pending += value;
    // Lines end with \n, \r\n or \r; a \r at the end may be the first half of a \r\n.
    const lines = pending.split(/\r\n|\n|\r(?!$)/);
    pending = lines.pop();
    for (const text of lines) line(text);
  }
}

// How long a live stream may stay silent before it is taken for dead (the server writes a
// keep-alive comment every 15 seconds; a half-open connection would otherwise hang).
const SILENCE_MS = 30000;

// Follows the views of table `id` as seat `key` (null: spectator) over Server-Sent Events,
// read with fetch (EventSource cannot send the X-Rise-Key header). Calls onView(view) with
// every view (the current one at once, on every change and after each reconnection, which
// the server answers with the current view), onState('live' | 'reconnecting') when the
// connection changes, and onFatal(ApiError) when the server refuses the stream for good
// (unknown table, bad key, spectators unavailable). A stream that ends or fails is opened
// again after a delay that doubles from 500 ms to 10 s (back to 500 ms once a view came).
// Returns {close()}, which ends the stream and every retry.
export function subscribe(id, key, { onView, onState = () => {}, onFatal = () => {} }) {
  let closed = false;
  let retry = 500;
  let timer = null;
  let watchdog = null;
  let controller = null;

  const open = async () => {
    if (closed) return;
    controller = new AbortController();
    const headers = { Accept: 'text/event-stream' };
    if (key) headers['X-Rise-Key'] = key;
    try {
      const res = await fetch(tablePath(id, 'events'), { headers, signal: controller.signal, cache: 'no-store' });
      if (!res.ok) {
        let json = null;
        try { json = await res.json(); } catch { json = null; }
        const err = errorOf(res.status, json);
        if (isFatal(err)) {
          if (!closed) { closed = true; onFatal(err); }
          return;
        }
        throw err;
      }
      if (closed) return;
      onState('live');
      const alive = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => controller.abort(), SILENCE_MS);
      };
      alive();
      await readEvents(res.body, (type, data) => {
        if (closed || type !== 'view') return;
        let view;
        try { view = JSON.parse(data); } catch { return; }
        retry = 500;
        try {
          onView(view);
        } catch (e) {
          setTimeout(() => { throw e; });  // the page's error, not the stream's: report it, read on
        }
      }, alive);
    } catch {
      // unreachable, aborted (close() or the watchdog) or cut: retry unless closed
    }
    clearTimeout(watchdog);
    schedule();
  };
  const schedule = () => {
    if (closed) return;
    onState('reconnecting');
    clearTimeout(timer);
    timer = setTimeout(open, retry);
    retry = Math.min(retry * 2, 10000);
  };
  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(watchdog);
      if (controller) controller.abort();
    },
  };
}
