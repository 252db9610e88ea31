// Router of the one-page front end: "/" is the lobby, "/t/ID?key=K" a table (a seat with its
// key, or a spectator without), "/t/ID?replay=1" the replay of a finished table.
import { showLobby } from './lobby.js';
import { showTable } from './table.js';
import { showReplay } from './replay.js';

function route() {
  const root = document.getElementById('app');
  root.replaceChildren();
  const match = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
  if (match) {
    const id = decodeURIComponent(match[1]);
    const params = new URLSearchParams(location.search);
    if (params.has('replay')) return showReplay(root, id);
    return showTable(root, id, params.get('key') || null);
  }
  return showLobby(root);
}

route();
