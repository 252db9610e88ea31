// The lobby ("/"): create a table (game, options, seats and their names, seed, hot-seat) and
// list the open tables with their spectate links. DOM ids are relied on by the browser tests
// (tests/browser).
import { get, post, tablePath } from './api.js';
import { el, button } from './widgets.js';
import { storeKeys, loadKeys, heldTableIds } from './keys.js';
import { seatLabel } from './names.js';

// Options the server refuses from a browser (they would make it read files).
const HIDDEN_OPTIONS = new Set(['data']);

// The most characters of a name given at the table (the server refuses longer ones).
const MAX_NAME = 24;

// The seat kinds offered; `iters` marks a search AI whose iteration count can be changed.
const KINDS = [
  { value: 'human', label: 'Human' },
  { value: 'random', label: 'Random moves', group: 'Computer' },
  { value: 'greedy', label: 'Greedy (one ply)', group: 'Computer' },
  { value: 'mcts:iters=200', group: 'Computer' },
  { value: 'mcts:iters=1000', group: 'Computer' },
  { value: 'mcts:iters=4000', group: 'Computer' },
  { value: 'ismcts:iters=200', group: 'Computer' },
  { value: 'ismcts:iters=500', group: 'Computer' },
  { value: 'ismcts:iters=1000', group: 'Computer' },
];

// The default kind of seat N: the first seat is a human, the others a search AI that suits
// the game (MCTS sees everything, so it fits perfect-information games only).
function defaultKind(game, seat) {
  if (seat === 0) return 'human';
  return game.perfect_information ? 'mcts:iters=1000' : 'ismcts:iters=500';
}

function kindLabel(kind) {
  const known = KINDS.find((k) => k.value === kind);
  if (known && known.label) return known.label;
  const m = /^(mcts|ismcts):iters=(\d+)$/.exec(kind);
  return m ? `${m[1].toUpperCase()}, ${m[2]} iterations` : kind;
}

export async function showLobby(root) {
  document.title = 'Rise Engine — lobby';
  const error = el('p', { id: 'error', class: 'error', role: 'alert', hidden: true });
  const gameSelect = el('select', { id: 'new-game', name: 'game' });
  const optionsBox = el('div', { id: 'new-options', class: 'options' });
  const seatCount = el('input', { id: 'seat-count', type: 'number', min: 2, max: 2, value: 2, inputmode: 'numeric' });
  const seatsBox = el('div', { id: 'new-seats', class: 'seats' });
  const seed = el('input', { id: 'new-seed', type: 'number', min: 0, step: 1, placeholder: 'random', inputmode: 'numeric' });
  const hotSeat = el('input', { id: 'hot-seat', type: 'checkbox' });
  const create = el('button', { id: 'create-table', type: 'submit', class: 'primary' }, 'Create table');
  const tablesList = el('ul', { id: 'tables', class: 'tables', 'aria-live': 'polite' });
  const gameInfo = el('p', { id: 'game-info', class: 'hint' });

  const form = el('form', { id: 'new-table', class: 'panel', 'aria-labelledby': 'new-table-title' },
    el('h2', { id: 'new-table-title' }, 'New table'),
    el('div', { class: 'field' }, el('label', { for: 'new-game' }, 'Game'), gameSelect), gameInfo,
    optionsBox,
    el('div', { class: 'field' }, el('label', { for: 'seat-count' }, 'Players'), seatCount),
    el('fieldset', { class: 'seats-fieldset' }, el('legend', {}, 'Seats'), seatsBox),
    el('div', { class: 'field' }, el('label', { for: 'new-seed' }, 'Seed (optional)'), seed,
      el('small', { id: 'new-seed-help', class: 'help' },
        'Only where every seat is a computer. Where a human plays, the server draws the seed and publishes a commitment to it, checked when the game is over.')),
    el('div', { class: 'field checkbox' }, hotSeat,
      el('label', { for: 'hot-seat' }, 'Hot-seat: this browser plays every human seat')),
    el('div', { class: 'buttons' }, create));

  const tablesPanel = el('section', { class: 'panel', 'aria-labelledby': 'tables-title' },
    el('div', { class: 'panel-head' },
      el('h2', { id: 'tables-title' }, 'Open tables'),
      button('Refresh', () => refreshTables(), { class: 'small', dataset: { role: 'refresh' } })),
    el('p', { class: 'hint' }, 'Watch any game in progress; a seat is taken with the join link its creator shares.'),
    tablesList);

  // "My games" (issue 38): the tables this browser holds a seat of, open or finished, each
  // with what its seat's view says now: its turn, whose turn, or the result.
  const myGamesList = el('ul', { id: 'my-games', class: 'tables', 'aria-live': 'polite' });
  const myGamesPanel = el('section', { class: 'panel', 'aria-labelledby': 'my-games-title' },
    el('h2', { id: 'my-games-title' }, 'My games'), myGamesList);

  // "Finished games" (issue 38): the newest finished tables, how each ended, and its replay.
  const finishedList = el('ul', { id: 'finished-games', class: 'tables', 'aria-live': 'polite' });
  const finishedPanel = el('section', { class: 'panel', 'aria-labelledby': 'finished-title' },
    el('div', { class: 'panel-head' },
      el('h2', { id: 'finished-title' }, 'Finished games'),
      button('Refresh', () => refreshFinished(), { class: 'small', dataset: { role: 'refresh-finished' } })),
    finishedList);

  root.append(el('h1', { class: 'sr-only' }, 'Lobby'),
    el('div', { id: 'lobby', class: 'lobby' }, error, form, myGamesPanel, tablesPanel, finishedPanel));

  const showError = (message) => {
    error.textContent = message;
    error.hidden = !message;
  };

  let games = [];
  try {
    games = (await get('/api/games')).games || [];
  } catch (e) {
    showError(`Cannot load the games: ${e.message}`);
    return;
  }
  const byId = new Map(games.map((g) => [g.id, g]));
  for (const g of games) gameSelect.append(el('option', { value: g.id }, `${g.name} (${g.id})`));

  const current = () => byId.get(gameSelect.value);

  function renderOptions(game) {
    optionsBox.replaceChildren();
    for (const opt of game.options || []) {
      if (HIDDEN_OPTIONS.has(opt.name)) continue;
      if (opt.name === 'decks' && game.decks && game.decks.length) continue;  // a deck per seat row instead
      const id = `option-${opt.name}`;
      let input;
      if (opt.allowed && opt.allowed.length) {
        // The values in words where the game gives them (issue 38), the value itself otherwise.
        const words = opt.allowed_labels || opt.allowed;
        input = el('select', { id, dataset: { option: opt.name, default: opt.default } },
          opt.allowed.map((v, i) => el('option', { value: v, selected: v === opt.default }, words[i])));
      } else {
        input = el('input', { id, type: 'text', value: opt.default, placeholder: opt.default ? '' : 'default',
          dataset: { option: opt.name, default: opt.default }, spellcheck: 'false', autocomplete: 'off' });
      }
      const help = el('small', { id: `${id}-help`, class: 'help' }, opt.description || '');
      input.setAttribute('aria-describedby', help.id);
      optionsBox.append(el('div', { class: 'field' }, el('label', { for: id }, opt.label || opt.name), input, help));
    }
  }

  // The deck the game deals seat `seat` when the `decks` option is left empty: its decks in
  // name order, one per seat, round again when there are more seats than decks.
  function defaultDeck(game, seat) {
    const decks = game.decks || [];
    return decks.length ? decks[seat % decks.length] : '';
  }

  // A seat's row: who plays it (its kind, and a search's iterations) and the name shown for
  // it at the table (optional; the server trims it and takes at most MAX_NAME characters).
  function seatRow(game, seat, kind, name = '', deck = '') {
    const computer = el('optgroup', { label: 'Computer' },
      KINDS.filter((k) => k.group).map((k) => el('option', { value: k.value }, kindLabel(k.value))));
    const select = el('select', { id: `seat-kind-${seat}`, class: 'seat-kind', dataset: { seat } },
      KINDS.filter((k) => !k.group).map((k) => el('option', { value: k.value }, k.label)), computer);
    if (![...select.options].some((o) => o.value === kind)) computer.append(el('option', { value: kind }, kindLabel(kind)));
    select.value = kind;
    const iters = el('input', { id: `seat-iters-${seat}`, class: 'seat-iters', type: 'number', min: 1, max: 1000000,
      dataset: { seat }, 'aria-label': `Iterations of ${seatLabel(game.id, seat)}'s search`, inputmode: 'numeric' });
    const sync = () => {
      const m = /^(mcts|ismcts):iters=(\d+)$/.exec(select.value);
      iters.hidden = !m;
      if (m) iters.value = m[2];
    };
    select.addEventListener('change', sync);
    iters.addEventListener('change', () => {
      const m = /^(mcts|ismcts):iters=\d+$/.exec(select.value);
      const n = Math.trunc(Number(iters.value));
      if (!m || !(n >= 1)) return;
      const value = `${m[1]}:iters=${n}`;
      if (![...select.options].some((o) => o.value === value)) computer.append(el('option', { value }, kindLabel(value)));
      select.value = value;
    });
    sync();
    // A card game's deck of this seat, from the game's decks (GET /api/games: `decks`),
    // preselected as the game's default deals them: the decks in name order, seat by seat.
    const decks = game.decks || [];
    const deckSelect = decks.length ? el('select', { id: `seat-deck-${seat}`, class: 'seat-deck', dataset: { seat },
      'aria-label': `Deck of ${seatLabel(game.id, seat)}` },
    decks.map((d) => el('option', { value: d }, d))) : null;
    if (deckSelect) deckSelect.value = deck || defaultDeck(game, seat);
    const nameInput = el('input', { id: `seat-name-${seat}`, class: 'seat-name', type: 'text', value: name,
      maxlength: MAX_NAME, placeholder: 'Name (optional)', autocomplete: 'off', spellcheck: 'false', dataset: { seat } });
    return el('div', { class: 'seat-row' },
      el('label', { for: select.id }, `${seatLabel(game.id, seat)}${game.id === 'rise-hex' && seat === 0 ? ' (moves first)' : ''}`),
      select, iters, ...(deckSelect ? [deckSelect] : []),
      el('label', { for: nameInput.id, class: 'sr-only' }, `Name of ${seatLabel(game.id, seat)}`), nameInput);
  }

  // A game's solo mode (`solo_option`, e.g. rise-tcg's "mode=dungeon", Rule TCG-17.1): when
  // its option is chosen the table has exactly one seat.
  function soloSelected(game) {
    if (!game.solo_option) return false;
    const [name, value] = game.solo_option.split('=');
    const input = optionsBox.querySelector(`[data-option="${name}"]`);
    return !!input && input.value === value;
  }

  function syncSeatCount(game) {
    const solo = soloSelected(game);
    seatCount.min = solo ? 1 : game.min_players;
    seatCount.max = solo ? 1 : game.max_players;
    if (solo) seatCount.value = 1;
    else if (!(Number(seatCount.value) >= game.min_players)) seatCount.value = game.min_players;
    seatCount.disabled = solo || game.min_players === game.max_players;
  }

  // The seat rows, as many as the seat count within the bounds syncSeatCount set.
  function renderSeats(game) {
    const low = Number(seatCount.min), high = Number(seatCount.max);
    const n = Math.max(low, Math.min(high, Number(seatCount.value) || low));
    const previous = [...seatsBox.querySelectorAll('select.seat-kind')].map((s) => s.value);
    const names = [...seatsBox.querySelectorAll('input.seat-name')].map((i) => i.value);
    const decks = [...seatsBox.querySelectorAll('select.seat-deck')].map((d) => d.value);
    seatsBox.replaceChildren();
    for (let s = 0; s < n; ++s) {
      seatsBox.append(seatRow(game, s, previous[s] ?? defaultKind(game, s), names[s] ?? '', decks[s] ?? ''));
    }
  }

  function selectGame() {
    const game = current();
    if (!game) return;
    gameInfo.textContent = `${game.min_players === game.max_players ? game.min_players : `${game.min_players}–${game.max_players}`} players`
      + `${game.solo_option ? ` (or 1 alone with ${game.solo_option})` : ''}; `
      + (game.perfect_information ? 'perfect information.' : 'hidden information (hands and libraries are secret).');
    seatCount.value = game.min_players;
    seatsBox.replaceChildren();
    renderOptions(game);
    syncSeatCount(game);
    renderSeats(game);
  }

  if (byId.has('rise-hex')) gameSelect.value = 'rise-hex';  // the quickest game to learn
  gameSelect.addEventListener('change', selectGame);
  seatCount.addEventListener('change', () => current() && renderSeats(current()));
  optionsBox.addEventListener('change', () => {
    const game = current();
    if (!game) return;
    syncSeatCount(game);
    renderSeats(game);
  });
  seatCount.addEventListener('input', () => current() && renderSeats(current()));
  selectGame();

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    showError('');
    const game = current();
    if (!game) return;
    const options = {};
    for (const input of optionsBox.querySelectorAll('[data-option]')) {
      const value = input.value.trim();
      if (value !== (input.dataset.default ?? '')) options[input.dataset.option] = value;
    }
    const seats = [...seatsBox.querySelectorAll('select.seat-kind')].map((s) => s.value);
    // The decks chosen, sent only when they are not the game's default dealing.
    const decks = [...seatsBox.querySelectorAll('select.seat-deck')].map((d) => d.value);
    if (decks.some((d, s) => d !== defaultDeck(game, s))) options.decks = decks.join(',');
    const body = { game: game.id, options, seats };
    // The names given (docs/server.md: `names`, one per seat, "" for none); sent only when
    // there is one, so that a table without names is created as before.
    const names = [...seatsBox.querySelectorAll('input.seat-name')].map((i) => i.value.trim());
    if (names.some((n) => n)) body.names = names;
    if (seed.value.trim() !== '') {
      const n = Number(seed.value);
      if (!Number.isInteger(n) || n < 0) { showError('The seed must be a whole number, 0 or more.'); return; }
      body.seed = n;
    }
    create.disabled = true;
    let table;
    try {
      table = await post('/api/tables', body);
    } catch (e) {
      showError(e.code === 'seed_not_allowed'
        ? 'The table was not created: a seed can be chosen only where every seat is a computer. Leave it empty: the server draws the seed and commits to it.'
        : `The table was not created: ${e.message}`);
      create.disabled = false;
      return;
    }
    // The answer holds the owner key and a one-time invite per human seat, no seat key: this
    // browser claims the first human seat (every one for hot-seat) and keeps the other
    // invites, shown as join links on the table page.
    const invites = {};
    for (const s of table.seats) if (s.invite) invites[s.seat] = s.invite;
    const mine = Object.keys(invites).map(Number).sort((a, b) => a - b).slice(0, hotSeat.checked ? undefined : 1);
    const keys = {};
    const store = () => storeKeys(table.id, keys, hotSeat.checked,
      { invites, owner: table.owner_key || '', commitment: (table.fair && table.fair.commitment) || '' });
    try {
      for (const seat of mine) {
        const claimed = await post(tablePath(table.id, 'claim'), { invite: invites[seat] });
        keys[claimed.seat] = claimed.key;
        delete invites[claimed.seat];
      }
    } catch (e) {
      store();
      showError(`The table was created, but its seat could not be taken (${e.message}).`);
      create.disabled = false;
      return;
    }
    store();
    location.assign(`/t/${encodeURIComponent(table.id)}`);
  });

  async function refreshTables() {
    let tables;
    let total = 0;
    try {
      const page = await get('/api/tables');  // the oldest 50 (docs/server.md: ?offset=&limit=)
      tables = page.tables || [];
      total = page.total || tables.length;
    } catch (e) {
      showError(`Cannot load the open tables: ${e.message}`);
      return;
    }
    tablesList.replaceChildren();
    if (!tables.length) {
      tablesList.append(el('li', { class: 'empty' }, 'No open table yet.'));
      return;
    }
    for (const t of tables) {
      const g = byId.get(t.game);
      const label = (s) => seatLabel(t.game, s, t.seats);
      const seats = t.seats.map((s) => `${label(s.seat)}: ${s.kind}`).join(', ');
      tablesList.append(el('li', { dataset: { table: t.id } },
        el('a', { class: 'table-link', href: `/t/${encodeURIComponent(t.id)}` }, `Watch ${g ? g.name : t.game}`),
        el('span', { class: 'table-meta' },
          ` — ${seats}; ${t.version} action${t.version === 1 ? '' : 's'}`
          + (t.current_player >= 0 ? `; ${label(t.current_player)} to act` : '')
          + (t.created_at ? `; created ${t.created_at}` : ''))));
    }
    if (total > tables.length) {
      tablesList.append(el('li', { class: 'empty' }, `… and ${total - tables.length} more open tables.`));
    }
  }
  refreshTables();

  // How a finished table ended, in words: who won, a draw, a resignation or an expiry.
  function finishedResult(t, label) {
    if (t.ended === 'resigned') return `${label(t.resigned_seat)} resigned`;
    if (t.ended === 'expired') return 'expired unfinished';
    const winners = (t.returns || []).map((r, s) => [r, s]).filter(([r]) => r > 0).map(([, s]) => label(s));
    return winners.length ? `${winners.join(' and ')} won` : 'a draw';
  }

  async function refreshFinished() {
    let page;
    try {
      page = await get('/api/tables?status=finished&limit=20');  // the newest 20 (docs/server.md)
    } catch (e) {
      showError(`Cannot load the finished games: ${e.message}`);
      return;
    }
    const tables = page.tables || [];
    finishedList.replaceChildren();
    if (!tables.length) {
      finishedList.append(el('li', { class: 'empty' }, 'No finished game yet.'));
      return;
    }
    for (const t of tables) {
      const g = byId.get(t.game);
      const label = (s) => seatLabel(t.game, s, t.seats);
      finishedList.append(el('li', { dataset: { table: t.id } },
        el('a', { class: 'table-link', href: `/t/${encodeURIComponent(t.id)}?replay=1` }, `Replay ${g ? g.name : t.game}`),
        el('span', { class: 'table-meta' },
          ` — ${finishedResult(t, label)}; ${t.version} action${t.version === 1 ? '' : 's'}`
          + (t.created_at ? `; created ${t.created_at}` : ''))));
    }
    if (page.total > tables.length) {
      finishedList.append(el('li', { class: 'empty' }, `… and ${page.total - tables.length} earlier finished games.`));
    }
  }
  refreshFinished();

  async function refreshMyGames() {
    const ids = heldTableIds();
    myGamesList.replaceChildren();
    if (!ids.length) {
      myGamesList.append(el('li', { class: 'empty' }, 'No game of yours in this browser yet.'));
      return;
    }
    for (const id of ids) {
      const seats = Object.entries(loadKeys(id).keys).filter(([, key]) => key).map(([s, key]) => [Number(s), key]);
      const [seat, key] = seats[0];
      let view;
      try {
        view = await get(tablePath(id, 'view'), key);
      } catch {
        continue;  // deleted or expired and gone from the server: not listed
      }
      const g = byId.get(view.game);
      const label = (s) => seatLabel(view.game, s, view.seats);
      const mine = seats.map(([s]) => s);
      let status;
      if (view.terminal) {
        const r = view.returns[seat];
        status = `game over: ${r > 0 ? 'you won' : r < 0 ? 'you lost' : 'a draw'}`;
      } else if (mine.includes(view.current_player)) {
        status = 'your turn';
      } else {
        status = `${label(view.current_player)} to act`;
      }
      myGamesList.append(el('li', { dataset: { table: id, terminal: String(!!view.terminal) } },
        el('a', { class: 'table-link', href: `/t/${encodeURIComponent(id)}` }, `${g ? g.name : view.game}`),
        el('span', { class: 'table-meta' }, ` — ${mine.map(label).join(', ')}; ${status}; ${view.version} action${view.version === 1 ? '' : 's'}`)));
    }
  }
  refreshMyGames();
}
