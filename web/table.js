// The table page ("/t/ID", app.js): status line, the game's board (web/games/<id>.js), a
// button for every legal action, the log, undo, hints, resign, invite links, the owner's
// delete and, once the game is over, the replay and the fair-shuffle check. The page plays
// the seat whose key this browser holds (keys.js), sent in the X-Rise-Key header; views
// arrive by Server-Sent Events (api.js subscribe); actions are POSTed as notation. Seats are
// named by names.js; a hot-seat card game covers the hands between seats (pass-screen.js).
import { get, post, del, tablePath, subscribe } from './api.js';
import * as widgets from './widgets.js';
import { loadKeys, forgetKeys } from './keys.js';
import { fairPanel } from './fair.js';
import { seatLabel, labelSeats } from './names.js';
import { passScreen } from './pass-screen.js';
import { rulesPanel, linkRules } from './rules.js';

const { el, button } = widgets;

// Loads the renderer of a game; a stand-in that shows the observation when there is none.
async function loadRenderer(game) {
  try {
    return await import(`/games/${encodeURIComponent(game)}.js`);
  } catch (e) {
    console.warn(`no renderer for ${game}:`, e);
    return {
      renderBoard(root, ctx) {
        root.append(el('p', {}, `No board drawing for ${game} in this front end: the observation follows.`),
          el('pre', { class: 'observation' }, JSON.stringify(ctx.view.observation, null, 2)));
      },
    };
  }
}

async function loadCatalog(id) {
  try {
    return (await get(tablePath(id, 'cards'))).cards || {};
  } catch {
    return {};  // no /cards on this server, or a game without cards
  }
}

// The game's entry of GET /api/games ({id, name, perfect_information, …}), or a stand-in.
async function gameInfo(game) {
  try {
    const g = ((await get('/api/games')).games || []).find((x) => x.id === game);
    return g || { id: game, name: game };
  } catch {
    return { id: game, name: game };
  }
}

// "Game over: Red wins." from the returns (+1 win, -1 loss, 0 draw), seen by `seat`; a
// resignation names who resigned ("ended": "resigned"), an idle table that expired or was
// deleted has no winner ("ended": "expired", "deleted").
export function resultText(view, seatName) {
  if (view.ended === 'expired') return 'Game over: the table expired (no winner).';
  if (view.ended === 'deleted') return 'The table was deleted by its creator (no winner).';
  const returns = view.returns || [];
  const best = Math.max(...returns);
  const winners = returns.map((r, s) => (r === best && r > 0 ? s : -1)).filter((s) => s >= 0);
  const resigned = view.ended === 'resigned' && view.resigned_seat >= 0 ? `${seatName(view.resigned_seat)} resigned; ` : '';
  if (!winners.length) return `Game over: ${resigned}a draw.`;
  const names = winners.map(seatName).join(' and ');
  let text = `Game over: ${resigned}${names} ${winners.length > 1 ? 'win' : 'wins'}.`;
  if (view.seat >= 0) text += winners.includes(view.seat) ? ' You win!' : ' You lose.';
  return text;
}

function kindText(kind) {
  return kind === 'human' ? 'human' : `computer, ${kind}`;
}

// A button that asks first, inside the page (no window.confirm): `label` opens `question`
// with a `yes` button and Cancel (Escape cancels too); `onYes` runs on yes. The buttons have
// the ids `id`, `id`-confirm and `id`-cancel.
function confirmButton({ id, label, question, yes, onYes }) {
  const open = button(label, () => {
    open.hidden = true;
    box.hidden = false;
    cancel.focus();  // not `yes`: a second Enter must not confirm by accident
  }, { class: 'small' });
  open.id = id;
  const close = (refocus) => {
    box.hidden = true;
    open.hidden = false;
    if (refocus) open.focus();
  };
  const confirm = button(yes, async () => {
    confirm.disabled = true;
    try {
      await onYes();
    } finally {
      confirm.disabled = false;
      close(false);
    }
  }, { class: 'small danger' });
  confirm.id = `${id}-confirm`;
  const cancel = button('Cancel', () => close(true), { class: 'small' });
  cancel.id = `${id}-cancel`;
  const box = el('span', { class: 'confirm', role: 'group', 'aria-label': question, hidden: true,
    onkeydown: (e) => { if (e.key === 'Escape') { e.preventDefault(); close(true); } } },
  el('span', { class: 'confirm-question' }, question), ' ', confirm, ' ', cancel);
  return el('span', { class: 'confirm-wrap' }, open, box);
}

// Shows table `id` as held seat `seat` (omitted: the first seat this browser holds; none: a
// spectator), with `notice` (why a join link gave no seat) above the board.
export async function showTable(root, id, { seat: asked, notice = '' } = {}) {
  const stored = loadKeys(id);
  const heldSeats = Object.keys(stored.keys).map(Number).filter((s) => Number.isInteger(s) && s >= 0 && stored.keys[s])
    .sort((a, b) => a - b);
  let activeSeat = heldSeats.length ? heldSeats[0] : -1;
  if (asked !== undefined) {
    if (heldSeats.includes(asked)) activeSeat = asked;
    else notice = notice || `This browser holds no key for that seat (?seat=${asked}) of this table.`;
  }
  // Hot-seat: this browser plays every seat it holds, following the seat to move.
  const hot = stored.hot && heldSeats.length > 1;

  let activeKey = activeSeat >= 0 ? stored.keys[activeSeat] : null;
  let view = null;
  let renderer = null;
  let catalog = {};
  let name = '';
  let secret = false;  // the game hides hands: a hot-seat page covers them between seats
  let busy = false;
  let viewSeq = 0;  // views shown so far (refreshView drops an answer overtaken by the stream)
  let actedAt = -1;  // the version an action in flight was sent at
  let fallbackTimer = null;
  let sub = null;
  let lastHint = null;    // the notation the last hint suggested, highlighted in #actions
  let hintVersion = -1;   // the version it was given for

  // names.js: the table's names, the game's colours, else "Player N".
  const seatName = (s) => seatLabel(view ? view.game : '', s, view ? view.seats : []);

  // --- layout -------------------------------------------------------------------------
  const title = el('h1', { id: 'table-title' }, 'Table');
  const status = el('p', { id: 'status', class: 'status', role: 'status', 'aria-live': 'polite' }, 'Connecting…');
  const connection = el('span', { id: 'connection', class: 'connection' }, '');
  const error = el('p', { id: 'error', class: 'error', role: 'alert', hidden: true });
  // An action the seat cannot take back (its legal entry carries `warning`, docs/server.md)
  // is sent only after this box's yes: the warning, "Yes, do it" and Cancel.
  const warningBox = el('div', { id: 'action-warning', class: 'confirm', role: 'alertdialog', hidden: true });
  const noticeBox = el('p', { id: 'notice', class: 'notice', role: 'alert', hidden: !notice }, notice);
  const board = el('section', { id: 'board', class: 'board', 'aria-labelledby': 'board-title' });
  const actions = el('div', { id: 'actions', class: 'actions', role: 'group', 'aria-label': 'Legal actions' });
  const undo = button('Undo', () => requestUndo(), { class: 'small' });
  undo.id = 'undo';
  const hint = button('Hint', () => requestHint(), { class: 'small' });
  hint.id = 'hint';
  const hintText = el('p', { id: 'hint-text', class: 'hint-text', 'aria-live': 'polite' });
  const undoText = el('p', { id: 'undo-text', class: 'hint-text', 'aria-live': 'polite' });
  const log = el('ol', { id: 'log', class: 'log' });
  const invite = el('section', { id: 'invite', class: 'panel invite', 'aria-labelledby': 'invite-title' });
  const replay = el('section', { id: 'replay', class: 'panel', hidden: true, 'aria-labelledby': 'replay-title' },
    el('h2', { id: 'replay-title' }, 'Replay'),
    el('p', {},
      el('a', { id: 'replay-link', href: `/t/${encodeURIComponent(id)}?replay=1` }, 'View the replay'),
      ' · ',
      el('a', { id: 'replay-download', href: tablePath(id, 'replay'), download: `rise-${id}.json` }, 'Download the replay (JSON)')));
  const controls = el('div', { class: 'controls' }, undo, hint);
  const resign = el('div', { id: 'resign-box', class: 'controls', hidden: true }, confirmButton({
    id: 'resign', label: 'Resign…', question: 'Resign this game? Every other seat wins.', yes: 'Yes, resign',
    onYes: () => requestResign(),
  }));
  const owner = el('section', { id: 'owner', class: 'panel', 'aria-labelledby': 'owner-title', hidden: !stored.owner },
    el('h2', { id: 'owner-title' }, 'Your table'),
    el('p', { class: 'hint' }, 'You created this table: you may delete it, for everyone (its replay too).'),
    confirmButton({ id: 'delete-table', label: 'Delete table…', question: 'Delete this table for everyone?',
      yes: 'Yes, delete', onYes: () => deleteTable() }));
  let fair = null;  // the #fair panel, once a view said how the seed was chosen

  // On a narrow screen (one column) the decision comes first and the board below it, one tap
  // away (issue 38: a phone shows the decision and its actions on its first screen).
  const toBoard = button('Board ↓', () => board.scrollIntoView({ block: 'start' }), { class: 'small jump-board' });
  toBoard.id = 'jump-board';
  const layout = el('div', { class: 'table-layout' },
      el('section', { id: 'decision-panel', class: 'panel decision-panel', 'aria-labelledby': 'actions-title' },
        el('div', { class: 'panel-head' }, el('h2', { id: 'actions-title' }, 'Your actions'), toBoard),
        actions, controls, hintText, undoText, resign),
      // The board's heading, read not drawn: the renderers' zone headings (h3) come under it.
      el('div', { class: 'board-column' }, el('h2', { id: 'board-title', class: 'sr-only' }, 'Board'), board),
      el('aside', { class: 'side' },
        replay,
        el('section', { class: 'panel', 'aria-labelledby': 'log-title' }, el('h2', { id: 'log-title' }, 'Log'),
          el('div', { class: 'log-box', tabindex: 0, role: 'region', 'aria-label': 'Game log' }, log)),
        invite,
        owner));
  const page = el('div', { id: 'table', class: 'table-page', dataset: { game: '', version: '', seat: '', current: '', terminal: 'false' } },
    el('div', { class: 'table-head' }, title, el('a', { href: '/', class: 'back' }, '← Lobby'), connection),
    status, noticeBox, error, warningBox, layout);
  root.append(page);

  // The rules panel (rules.js), once the game is known; a refusal's rule ids open it there.
  let rules = null;
  const showError = (message) => {
    error.replaceChildren(...(message && rules ? linkRules(message, (rule) => rules.show(rule)) : [message || '']));
    error.hidden = !message;
  };

  // --- acting -------------------------------------------------------------------------
  function askFirst(entry) {
    const close = () => { warningBox.hidden = true; warningBox.replaceChildren(); };
    const yes = button('Yes, do it', () => { close(); act(entry.text, true); }, { class: 'small danger' });
    yes.id = 'action-warning-confirm';
    const cancel = button('Cancel', close, { class: 'small' });
    cancel.id = 'action-warning-cancel';
    warningBox.replaceChildren(el('span', { class: 'confirm-question' }, `${entry.warning}.`), ' ', yes, ' ', cancel);
    warningBox.onkeydown = (e) => { if (e.key === 'Escape') { e.preventDefault(); close(); } };
    warningBox.hidden = false;
    cancel.focus();  // not yes: a second Enter must not confirm by accident
  }

  async function act(text, confirmed = false) {
    if (busy || !view) return;
    const entry = (view.legal || []).find((a) => a.text === text);
    if (entry && entry.warning && !confirmed) {
      askFirst(entry);
      return;
    }
    warningBox.hidden = true;
    busy = true;
    actedAt = view.version;
    setButtonsDisabled(true);
    showError('');
    try {
      await post(tablePath(id, 'actions'), { key: activeKey, version: actedAt, action: text });
      // The event stream brings the new view (often before this answer); read it directly
      // if the stream is late.
      if (busy) {
        clearTimeout(fallbackTimer);
        fallbackTimer = setTimeout(() => { if (busy) refreshView(); }, 1500);
      }
    } catch (e) {
      busy = false;
      setButtonsDisabled(false);
      showError(`Refused (${e.code}): ${e.message}`);
      if (e.code === 'stale_version' || e.code === 'not_your_turn') refreshView();
    }
  }

  async function refreshView() {
    const seq = viewSeq;
    try {
      const v = await get(tablePath(id, 'view'), activeKey);
      // A view that came on the event stream meanwhile is newer: keep it.
      if (viewSeq === seq) onView(v);
    } catch (e) {
      showError(e.message);
    }
  }

  function setButtonsDisabled(disabled) {
    for (const b of actions.querySelectorAll('button')) b.disabled = disabled;
    board.classList.toggle('busy', disabled);
  }

  async function requestUndo() {
    if (!view) return;
    showError('');
    undoText.textContent = '';
    const keys = hot ? heldSeats.map((s) => stored.keys[s]) : [activeKey];
    let last = null;
    for (const key of keys) {
      try {
        last = await post(tablePath(id, 'undo'), { key, version: view.version });
      } catch (e) {
        if (e.status === 404 && e.code !== 'unknown_table') {
          undoText.textContent = 'Undo is not available on this server.';
          undo.disabled = true;
          undo.dataset.unavailable = 'true';
        } else {
          showError(`Undo refused (${e.code}): ${e.message}`);
        }
        return;
      }
      if (last && last._status === 200) break;
    }
    if (last && last._status === 202) {
      const waiting = (last.waiting_for || []).map(seatName).join(', ');
      undoText.textContent = `Undo asked; waiting for ${waiting} to agree.`;
    } else if (last) {
      undoText.textContent = `Undone: ${last.undone} action${last.undone === 1 ? '' : 's'}.`;
    }
  }

  async function requestHint() {
    if (!view) return;
    hint.disabled = true;
    hintText.textContent = 'Asking the computer…';
    try {
      const answer = await get(tablePath(id, 'hint'), activeKey);
      hintVersion = answer.version;
      lastHint = answer.version === view.version ? answer.action.text : null;
      hintText.textContent = `Hint from ${answer.by}: ${answer.action.text}`;
      // What the search concluded (docs/server.md, "Hints"): its best actions with the
      // estimated chance to win and share of the search, and what it expects next. An
      // older server sends no explanation: the hint alone is shown.
      if (answer.explanation) {
        hintText.append(el('br'), el('span', { id: 'hint-explanation', class: 'hint-explanation' },
          `The search's view: ${answer.explanation}. Estimates, not guarantees.`));
      }
      markHint();
    } catch (e) {
      if (e.status === 404 && e.code !== 'unknown_table') {
        hintText.textContent = 'Hints are not available on this server.';
        hint.dataset.unavailable = 'true';
      } else {
        hintText.textContent = `No hint (${e.code}): ${e.message}`;
      }
    } finally {
      hint.disabled = hint.dataset.unavailable === 'true' || !(view.legal || []).length;
    }
  }

  // The seat shown resigns (hot-seat: the seat to move): the table ends, the others win.
  async function requestResign() {
    showError('');
    try {
      await post(tablePath(id, 'resign'), { key: activeKey });
    } catch (e) {
      showError(`Resign refused (${e.code}): ${e.message}`);
      return;
    }
    if (!view || !view.terminal) refreshView();  // the stream brings the end too
  }

  // The owner deletes the table, for everyone; back to the lobby.
  async function deleteTable() {
    showError('');
    try {
      await del(tablePath(id), { owner_key: stored.owner });
    } catch (e) {
      showError(`Delete refused (${e.code}): ${e.message}`);
      return;
    }
    if (sub) sub.close();
    forgetKeys(id);
    location.assign('/');
  }

  function markHint() {
    for (const b of actions.querySelectorAll('button.action')) b.classList.toggle('hint', b.dataset.action === lastHint);
  }

  // --- rendering ----------------------------------------------------------------------
  function renderStatus() {
    const cur = view.current_player;
    let text;
    if (view.terminal) {
      text = resultText(view, seatName);
    } else if (cur >= 0 && cur === view.seat) {
      text = `Your move (${seatName(cur)}).`;
    } else if (cur >= 0) {
      const kind = (view.seats[cur] || {}).kind || '';
      text = kind && kind !== 'human'
        ? `${seatName(cur)} (${kindText(kind)}) is thinking…`
        : `Waiting for ${seatName(cur)} (${kindText(kind)}).`;
    } else {
      text = 'Waiting…';
    }
    // What the seat to move decides, in the game's words (the view's public `decision`).
    if (!view.terminal && view.decision) text += ` Decision: ${labelSeats(view.decision, seatName)}.`;
    if (view.seat < 0) text = `Watching. ${text}`;
    else if (hot) text = `Hot-seat. ${text}`;
    status.textContent = text;
  }

  function renderActions() {
    actions.replaceChildren();
    const legal = view.legal || [];
    if (!legal.length) {
      actions.append(el('p', { class: 'empty' },
        view.terminal ? 'The game is over.' : view.seat < 0 ? 'Spectators do not act.' : 'Not your decision now.'));
      return;
    }
    // The button shows the action with its seat tags as labels ("choose Player 2"); it sends
    // the notation ("choose p1"), which data-action and the tooltip keep.
    for (const a of legal) {
      const shown = labelSeats(a.text, seatName);
      actions.append(button(shown, () => act(a.text), {
        class: 'action', dataset: { action: a.text, id: a.id }, disabled: busy, title: shown === a.text ? undefined : a.text,
      }));
    }
    markHint();
  }

  // A card game's observation shows the latest events only, from index `log_from` of the
  // game's log (docs/formats.md): the page keeps the lines it has seen, so a game watched
  // from its start shows its whole log. An undo shortens the log: lines past it are dropped.
  const knownLogs = new Map();  // seat -> its lines (hot-seat: each seat reads its own log)
  function renderLog() {
    if (!knownLogs.has(view.seat)) knownLogs.set(view.seat, []);
    const knownLog = knownLogs.get(view.seat);
    const obsLog = view.observation && Array.isArray(view.observation.log) ? view.observation.log : null;
    let entries;
    if (obsLog) {
      const from = Number.isInteger(view.observation.log_from) ? view.observation.log_from : 0;
      knownLog.length = Math.min(knownLog.length, from + obsLog.length);
      obsLog.forEach((e, i) => { knownLog[from + i] = typeof e === 'string' ? e : e && (e.text || JSON.stringify(e)); });
      entries = knownLog.filter((t) => t !== undefined).map((t) => labelSeats(t, seatName));
      if (knownLog[0] === undefined) entries.unshift('… (earlier events: in the replay)');
    } else {
      entries = (view.log || []).map((e) => `${e.seat >= 0 ? seatName(e.seat) : 'Game'}: ${e.text}`);
    }
    log.replaceChildren(...entries.map((t) => el('li', {}, t)));
    const box = log.parentElement;
    box.scrollTop = box.scrollHeight;
  }

  function renderControls() {
    const player = view.seat >= 0;
    undo.hidden = !player;
    hint.hidden = !player;
    undo.disabled = undo.dataset.unavailable === 'true' || view.terminal || view.version === 0;
    hint.disabled = hint.dataset.unavailable === 'true' || !(view.legal || []).length;
    const asked = view.undo_requested || [];
    if (asked.length && !view.terminal) undoText.textContent = `Undo asked by ${asked.map(seatName).join(', ')}.`;
    replay.hidden = !view.terminal;
    resign.hidden = !player || view.terminal;
  }

  let fairShown = '';       // the "fair" the #fair panel shows
  let seenCommitment = '';  // the commitment this page saw while the game was open
  function renderFair() {
    if (!view.fair) return;
    if (!view.terminal && view.fair.commitment && !seenCommitment) seenCommitment = view.fair.commitment;
    const text = JSON.stringify(view.fair);
    if (text === fairShown) return;
    fairShown = text;
    const panel = fairPanel(id, view.fair, { earlier: stored.commitment || seenCommitment });
    if (fair) fair.remove();
    // Under the replay once the game is over (its check is news then), low in the column before.
    if (view.terminal) replay.after(panel);
    else owner.before(panel);
    fair = panel;
  }

  let inviteShown = null;  // "terminal:joined seats" of the view it was drawn for
  function renderInvite() {
    // Drawn again when the game ends or a seat is taken (views say which human seats joined).
    const joined = (view.seats || []).filter((s) => s.joined).map((s) => s.seat);
    const shown = `${view.terminal}:${joined.join(',')}`;
    if (inviteShown === shown) return;
    inviteShown = shown;
    invite.replaceChildren();
    const links = [];
    const table = `${location.origin}/t/${encodeURIComponent(id)}`;
    // The seats whose invite this browser holds and did not claim: a join link each, for
    // the first browser that opens it (the invite rides in the fragment, never sent).
    // Once the game is over a seat can no longer be taken: no join link then.
    const invites = view.terminal ? []
      : Object.keys(stored.invites).map(Number).filter((s) => !heldSeats.includes(s)).sort((a, b) => a - b);
    for (const s of invites) {
      if (joined.includes(s)) {  // claimed by the browser it was sent to: the link is spent
        links.push(el('li', { class: 'joined', dataset: { seat: s } }, `${seatName(s)} has joined.`));
        continue;
      }
      const href = `${table}#invite=${encodeURIComponent(stored.invites[s])}`;
      links.push(el('li', {}, el('a', { class: 'join-link', href, dataset: { seat: s } }, `Join link for ${seatName(s)}`),
        ' (works once) ', copyButton(href)));
    }
    // The other seats this browser holds (not hot-seat): play them here.
    for (const s of hot ? [] : heldSeats.filter((h) => h !== view.seat)) {
      links.push(el('li', {}, el('a', { class: 'seat-link', href: `/t/${encodeURIComponent(id)}?seat=${s}`, dataset: { seat: s } },
        `Play ${seatName(s)} in this browser`)));
    }
    links.push(el('li', {}, el('a', { class: 'spectate-link', href: table }, 'Spectator link'), ' ', copyButton(table)));
    invite.append(el('h2', { id: 'invite-title' }, 'Invite'),
      el('p', { class: 'hint' }, invites.length
        ? 'A join link gives its seat to the first browser that opens it, and then no longer works: send it to that player only. The spectator link only watches.'
        : 'The spectator link only watches.'),
      el('ul', {}, links));
  }

  function copyButton(text) {
    if (!navigator.clipboard) return null;
    const b = button('Copy', async () => {
      try { await navigator.clipboard.writeText(text); b.textContent = 'Copied'; } catch { b.textContent = 'Copy failed'; }
    }, { class: 'small' });
    return b;
  }

  function renderBoard() {
    const focused = document.activeElement;
    const inside = focused && (board.contains(focused) || actions.contains(focused));
    const focusKey = inside ? (focused.dataset.action ? `[data-action="${CSS.escape(focused.dataset.action)}"]`
      : focused.dataset.at ? `[data-at="${CSS.escape(focused.dataset.at)}"]` : null) : null;
    board.replaceChildren();
    try {
      renderer.renderBoard(board, { view, catalog, seat: view.seat, legal: view.legal || [], act, widgets, seatName });
    } catch (e) {
      console.error(e);
      board.append(el('p', { class: 'error' }, `The board could not be drawn: ${e.message}`));
    }
    return { inside, focusKey };
  }

  function restoreFocus({ inside, focusKey }) {
    if (!inside || document.activeElement && document.activeElement !== document.body) return;
    const again = focusKey && page.querySelector(focusKey);
    const next = again || board.querySelector('.target') || actions.querySelector('button');
    if (next) next.focus();
  }

  function onView(v) {
    // The event stream sends views in order; an undo lowers the version, so no version check.
    viewSeq += 1;
    if (!view || v.version !== view.version) {  // a question about an older position is void
      warningBox.hidden = true;
      warningBox.replaceChildren();
    }
    view = v;
    if (busy && view.version > actedAt) {
      busy = false;
      clearTimeout(fallbackTimer);
    }
    if (hintVersion !== view.version) {  // a hint is for the position it was asked in
      lastHint = null;
      if (hintText.textContent.startsWith('Hint from')) hintText.textContent = '';
    }
    page.dataset.game = view.game;
    page.dataset.version = view.version;
    page.dataset.seat = view.seat;
    page.dataset.current = view.current_player;
    page.dataset.terminal = view.terminal ? 'true' : 'false';
    // A finished game changes no more (issue 38): the stream is closed and says so.
    if (view.terminal) {
      if (sub) sub.close();
      sub = null;
      onState('finished');
    }
    title.textContent = name || view.game;
    document.title = `${name || view.game} — Rise Engine`;
    // Hot-seat: follow the seat to move, with its own key; in a card game, cover the hands
    // until the next player takes the device.
    const cur = view.current_player;
    const next = hot && !view.terminal && cur >= 0 && cur !== view.seat && stored.keys[cur] ? cur : -1;
    if (next >= 0 && secret) cover(next, false);
    else if (covered && covered.pressed && view.seat === covered.seat) covered = null;
    renderStatus();
    if (covered) {
      hideTable();
    } else {
      layout.hidden = false;
      const focus = renderBoard();
      renderActions();
      renderLog();
      restoreFocus(focus);
    }
    renderControls();
    renderInvite();
    renderFair();
    if (next >= 0) switchSeat(next);
  }

  // --- hot-seat: the pass-the-device screen (pass-screen.js) ---------------------------
  // `covered`: {seat, pressed, screen} while the screen is up (pressed false) or, once pressed,
  // until the first view of its seat comes.
  let covered = null;
  function cover(seat, first) {
    if (covered && covered.seat === seat) return;
    if (covered) covered.screen.remove();
    covered = { seat, pressed: false, screen: passScreen(seatName(seat), () => uncover(), { first }) };
    covered.screen.dataset.seat = seat;
    // The rest of the page is inert under the screen: Tab cannot leave it.
    for (const n of document.body.children) n.inert = true;
    document.body.append(covered.screen);
    covered.screen.querySelector('button').focus();
  }
  // Board, actions and log leave the page: nothing of a hand stays in the DOM.
  function hideTable() {
    layout.hidden = true;
    board.replaceChildren();
    actions.replaceChildren();
    log.replaceChildren();
  }
  function uncover() {
    if (!covered || covered.pressed) return;
    covered.pressed = true;
    covered.screen.remove();
    for (const n of document.body.children) n.inert = false;
    // The view of the seat covered for may still be on its way: shown when it comes.
    if (view && view.seat === covered.seat) {
      covered = null;
      onView(view);
      const first = board.querySelector('.target') || actions.querySelector('button');
      if (first) first.focus();
    }
  }

  function switchSeat(seat) {
    if (sub) sub.close();
    activeSeat = seat;
    activeKey = stored.keys[seat];
    history.replaceState(null, '', `/t/${encodeURIComponent(id)}?seat=${seat}`);
    sub = subscribe(id, activeKey, { onView, onState, onFatal });
  }

  function onState(s) {
    if (view && view.terminal && s !== 'finished') return;  // a late event of the closed stream
    connection.textContent = s === 'live' ? '● live' : s === 'finished' ? '■ game over' : '○ reconnecting…';
    connection.className = `connection ${s}`;
  }

  function onFatal(e) {
    connection.textContent = '';
    const why = {
      spectators_unavailable: 'Watching this game is not available on this server.',
      bad_key: 'The key this browser holds is not one of this table\'s seats.',
      unknown_table: 'There is no such table.',
    }[e.code] || 'The table cannot be shown.';
    status.textContent = why;
    showError(`${why} (${e.code}: ${e.message})`);
  }

  // --- start --------------------------------------------------------------------------
  let first;
  try {
    first = await get(tablePath(id, 'view'), activeKey);
  } catch (e) {
    onFatal(e);
    return;
  }
  let info;
  [renderer, catalog, info] = await Promise.all([loadRenderer(first.game), loadCatalog(id), gameInfo(first.game)]);
  name = info.name;
  secret = hot && info.perfect_information === false;
  rules = rulesPanel(first.game);
  page.querySelector('aside.side').append(rules.node);
  // A hot-seat card game opens covered too: whoever holds the device, the hand shown is its seat's.
  if (secret && !first.terminal) {
    const cur = first.current_player;
    cover(cur >= 0 && stored.keys[cur] ? cur : first.seat, true);
  }
  onView(first);
  if (!sub && !first.terminal) sub = subscribe(id, activeKey, { onView, onState, onFatal });
}
