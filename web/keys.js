// The seat keys this browser holds for a table, kept in localStorage under `rise-keys-ID` as
// {"keys": {"0": "KEY", ...}, "hot": true|false}: the creator keeps every human seat's key
// (to show the join links, and to play them all when `hot` is set: hot-seat).

const name = (id) => `rise-keys-${id}`;

export function storeKeys(id, keys, hot) {
  try {
    localStorage.setItem(name(id), JSON.stringify({ keys, hot: !!hot }));
  } catch {
    // Storage may be disabled (private mode): the page still works with the key of its URL.
  }
}

// {keys: {seat: key}, hot}; empty when nothing is stored.
export function loadKeys(id) {
  try {
    const stored = JSON.parse(localStorage.getItem(name(id)) || 'null');
    if (stored && typeof stored.keys === 'object') return { keys: stored.keys, hot: !!stored.hot };
  } catch {
    // unreadable: as if nothing were stored
  }
  return { keys: {}, hot: false };
}
