// The JSON API of `rise serve` (docs/server.md): a fetch wrapper that turns refusals into
// ApiError, and a Server-Sent Events subscription to a table's views that reconnects.

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
// answer is an object (e.g. 202 for an undo still waiting). Throws ApiError on any refusal.
export async function api(method, path, body) {
  const init = { method, headers: { Accept: 'application/json' } };
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

export const get = (path) => api('GET', path);
export const post = (path, body) => api('POST', path, body);

// The path of a table's resource, with the seat key (or none for a spectator).
export function tablePath(id, what, key) {
  const base = `/api/tables/${encodeURIComponent(id)}/${what}`;
  return key ? `${base}?key=${encodeURIComponent(key)}` : base;
}

// Follows the views of table `id` as seat `key` (null: spectator). Calls onView(view) with
// every view (the current one at once, on every change and after each reconnection, which
// the server answers with the current view), onState('live' | 'reconnecting') when the
// connection changes, and onFatal(ApiError) when the server refuses the stream for good
// (unknown table, bad key, spectators unavailable). Returns {close()}.
export function subscribe(id, key, { onView, onState = () => {}, onFatal = () => {} }) {
  let source = null;
  let closed = false;
  let retry = 500;
  let timer = null;

  const open = () => {
    if (closed) return;
    source = new EventSource(tablePath(id, 'events', key));
    source.addEventListener('open', () => { retry = 500; onState('live'); });
    source.addEventListener('view', (ev) => {
      let view;
      try { view = JSON.parse(ev.data); } catch { return; }
      onView(view);
    });
    source.addEventListener('error', () => {
      if (closed) return;
      onState('reconnecting');
      // The browser retries by itself while readyState is CONNECTING; a refused stream ends
      // in CLOSED: ask the view why, then give up or retry with a growing delay.
      if (source.readyState !== EventSource.CLOSED) return;
      source.close();
      get(tablePath(id, 'view', key)).then((view) => {
        onView(view);
        schedule();
      }, (err) => {
        if ((err.status >= 400 && err.status < 500) || err.status === 501) {
          closed = true;
          onFatal(err);
        } else {
          schedule();
        }
      });
    });
  };
  const schedule = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(open, retry);
    retry = Math.min(retry * 2, 10000);
  };
  open();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      if (source) source.close();
    },
  };
}
