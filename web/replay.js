// The replay page ("/t/ID?replay=1") of a finished table: players, seed, options, result,
// every action in order, the final position (the spectator's view, when the server gives
// one) and a download link of the replay JSON (core/replay.h, docs/formats.md "Replay").
import { get, tablePath } from './api.js';
import * as widgets from './widgets.js';

const { el } = widgets;

export async function showReplay(root, id) {
  const error = el('p', { id: 'error', class: 'error', role: 'alert', hidden: true });
  const page = el('div', { id: 'replay-page', class: 'table-page' },
    el('div', { class: 'table-head' }, el('h1', {}, 'Replay'),
      el('a', { href: `/t/${encodeURIComponent(id)}`, class: 'back' }, '← Table'),
      el('a', { href: '/', class: 'back' }, '← Lobby')),
    error);
  root.append(page);
  let replay;
  try {
    replay = await get(tablePath(id, 'replay'));
  } catch (e) {
    error.textContent = e.code === 'game_not_over'
      ? 'The replay is available once the game is over.' : `No replay: ${e.message}`;
    error.hidden = false;
    return;
  }
  document.title = `Replay ${replay.game} — Rise Engine`;
  const players = (replay.players || []).map((p, s) => `${s + 1}: ${p}`).join(', ');
  const returns = replay.result ? replay.result.returns : null;
  const options = Object.entries(replay.options || {}).filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`).join(', ');
  page.append(
    el('dl', { class: 'facts' },
      el('dt', {}, 'Game'), el('dd', {}, replay.game),
      el('dt', {}, 'Players'), el('dd', {}, players || `${replay.num_players}`),
      el('dt', {}, 'Seed'), el('dd', {}, String(replay.seed)),
      el('dt', {}, 'Options'), el('dd', {}, options || 'defaults'),
      el('dt', {}, 'Result'), el('dd', { id: 'replay-result' },
        returns ? returns.map((r, s) => `${s + 1}: ${r > 0 ? 'win' : r < 0 ? 'loss' : 'draw'}`).join(', ') : 'unfinished')),
    el('p', {}, el('a', { id: 'replay-download', href: tablePath(id, 'replay'), download: `rise-${id}.json` },
      'Download the replay (JSON)'), ' — `rise replay FILE` replays it in a terminal.'));

  const boardBox = el('section', { id: 'board', class: 'board', 'aria-label': 'Final position' });
  page.append(el('h2', {}, 'Final position'), boardBox);
  try {
    const view = await get(tablePath(id, 'view'));
    const renderer = await import(`/games/${encodeURIComponent(replay.game)}.js`);
    let catalog = {};
    try { catalog = (await get(tablePath(id, 'cards'))).cards || {}; } catch { /* no catalog */ }
    renderer.renderBoard(boardBox, { view, catalog, seat: -1, legal: [], act: async () => {}, widgets });
  } catch (e) {
    boardBox.append(el('p', { class: 'hint' }, `The final position cannot be shown here (${e.message}).`));
  }

  page.append(el('h2', {}, `Actions (${replay.actions.length})`),
    el('ol', { id: 'replay-actions', class: 'log replay-actions', start: 1 },
      replay.actions.map((a) => el('li', {}, a))));
}
