// Router of the one-page front end:
//   /                        the lobby
//   /t/ID#invite=INVITE      a join link: claims the seat of the one-time invite for this
//                            browser (its key goes to localStorage), then shows /t/ID
//   /t/ID                    the table as the seat this browser holds (the first; every held
//                            seat in turn for hot-seat), else as a spectator
//   /t/ID?seat=N             the table as held seat N (hot-seat switches seats with it)
//   /t/ID?replay=1[&at=K]    the replay of a finished table
// No seat key is ever in a URL: the invite rides in the fragment, which browsers never send,
// and is removed from the address bar once used.
import { showLobby } from './lobby.js';
import { showTable } from './table.js';
import { showReplay } from './replay.js';
import { post, tablePath } from './api.js';
import { addKey, loadKeys } from './keys.js';

// Claims `invite` of table `id` and returns the table page's options: the seat claimed, or
// a notice why not (the page then shows the seat this browser already holds, if any), with
// `retry` when the server was not reached.
async function claim(id, invite) {
  try {
    const claimed = await post(tablePath(id, 'claim'), { invite });
    addKey(id, claimed.seat, claimed.key);
    return { seat: claimed.seat };
  } catch (e) {
    if (e.status === 0) return { notice: `${e.message}: reload this page to take the seat.`, retry: true };
    const held = Object.keys(loadKeys(id).keys).length > 0;
    const why = {
      bad_invite: 'This join link was used already (a join link works once, in the first browser that opens it), or it is not one of this table.',
      game_over: 'The game at this table is over: its seats can no longer be taken.',
      unknown_table: 'There is no such table.',
    }[e.code] || `The seat could not be taken (${e.code}: ${e.message}).`;
    return { notice: held ? `${why} Showing the seat this browser holds.` : `${why} You are watching.` };
  }
}

async function route() {
  const root = document.getElementById('app');
  root.replaceChildren();
  const match = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
  if (!match) return showLobby(root);
  const id = decodeURIComponent(match[1]);
  const params = new URLSearchParams(location.search);
  if (params.has('replay')) return showReplay(root, id);
  const base = `/t/${encodeURIComponent(id)}`;
  if (params.has('key')) {
    // An old link with a key: the server refuses keys in URLs; drop it from the address bar.
    params.delete('key');
    const rest = params.toString();
    history.replaceState(null, '', rest ? `${base}?${rest}` : base);
  }
  const invite = new URLSearchParams(location.hash.slice(1)).get('invite');
  if (invite) {
    const how = await claim(id, invite);
    // Off the address bar (and this history entry) once used, claimed or refused; kept only
    // when the server was not reached, for a reload to try again.
    if (!how.retry) history.replaceState(null, '', `${base}${location.search}`);
    return showTable(root, id, how);
  }
  const seat = params.get('seat');
  return showTable(root, id, { seat: seat !== null && /^\d+$/.test(seat) ? Number(seat) : undefined });
}

route();
