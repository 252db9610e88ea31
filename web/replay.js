// The replay page ("/t/ID?replay=1[&at=K]") of a finished table: players, seed, options,
// result, the fair-shuffle check of the seed (fair.js), a download link of the replay JSON
// (core/replay.h, docs/formats.md "Replay"), and the game stepped through: First / Previous /
// Next / Last buttons, a slider, the arrow keys (Home and End for the ends), and the numbered
// list of actions (click one to jump to the position after it). Each position is the
// spectators' view of that step (GET /api/tables/ID/view?at=K), drawn by the game's renderer
// as a spectator sees it.
import { get, tablePath } from './api.js';
import { resultText } from './table.js';
import * as widgets from './widgets.js';
import { fairPanel } from './fair.js';
import { seatLabel } from './names.js';

const { el, button } = widgets;

async function loadRenderer(game) {
  try {
    return await import(`/games/${encodeURIComponent(game)}.js`);
  } catch {
    return null;
  }
}

async function loadCatalog(id) {
  try {
    return (await get(tablePath(id, 'cards'))).cards || {};
  } catch {
    return {};
  }
}

// The review of the game (GET /api/tables/ID/review, docs/ai.md "Reviewing a game"): a
// button starts it, the progress shows while the server searches every decision, then each
// seat's chance to win over the game (an SVG line per seat), its totals, the biggest mistakes
// with the better action (a click shows the position of the decision) and where the game
// turned. `show(k)` steps the replay to position k.
function reviewPanel(id, replay, seatName, show) {
  const status = el('p', { id: 'review-status', class: 'hint-text', role: 'status', 'aria-live': 'polite' },
    'The computer can search every decision of this game and say what each one cost.');
  const body = el('div', { id: 'review-body' });
  const start = button('Review the game', () => run(), { class: 'small' });
  start.id = 'review-start';
  const percent = (p) => `${Math.round(100 * p)}%`;

  async function run() {
    start.disabled = true;
    for (;;) {
      let answer;
      try {
        answer = await get(tablePath(id, 'review'));
      } catch (e) {
        status.textContent = `No review: ${e.message} (${e.code})`;
        start.disabled = false;
        return;
      }
      if (answer._status !== 202) {
        draw(answer);
        return;
      }
      status.textContent = answer.total ? `Reviewing: decision ${answer.done} of ${answer.total}…` : 'Reviewing: starting…';
      await new Promise((r) => setTimeout(r, 400));
    }
  }

  // One line per seat of its chance to win at its own decisions, over the actions of the game.
  function graph(review) {
    const W = 320, H = 120, steps = Math.max(1, (replay.actions || []).length);
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('id', 'review-graph');
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', 'Each seat\'s chance to win over the game');
    const mid = document.createElementNS(ns, 'line');
    Object.entries({ x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'review-mid' }).forEach(([k, v]) => mid.setAttribute(k, v));
    svg.append(mid);
    for (const s of review.seats) {
      const points = review.decisions.filter((d) => d.seat === s.seat && !d.forced)
        .map((d) => `${(W * d.index / steps).toFixed(1)},${(H * (1 - d.best_win)).toFixed(1)}`);
      const line = document.createElementNS(ns, 'polyline');
      line.setAttribute('points', points.join(' '));
      line.setAttribute('class', `review-line seat-${s.seat}`);
      line.dataset.seat = s.seat;
      svg.append(line);
    }
    return svg;
  }

  function draw(review) {
    status.textContent = `Reviewed by ${review.player}, each decision from its seat's information.`;
    const seats = review.seats.map((s) => el('li', { dataset: { seat: s.seat } },
      `${seatName(s.seat)}: ${s.decisions} decisions, mean loss ${(100 * s.mean_loss).toFixed(1)} points, `
      + `${s.mistakes} mistake(s), ${s.blunders} blunder(s)`));
    const worst = review.decisions.filter((d) => d.loss >= 0.1).sort((a, b) => b.loss - a.loss).slice(0, 5);
    const mistakes = worst.map((d) => el('li', {},
      button(`Action ${d.index + 1}, ${seatName(d.seat)}: played ${d.played} (win ${percent(d.played_win)}); `
        + `better ${d.best} (win ${percent(d.best_win)}): −${Math.round(100 * d.loss)} points`,
      () => show(d.index), { class: 'replay-action review-mistake', title: 'Show the position of this decision' })));
    const turn = review.turning_point >= 0 ? review.decisions[review.turning_point] : null;
    body.replaceChildren(
      graph(review),
      el('ul', { id: 'review-seats', class: 'plain' }, seats),
      worst.length
        ? el('div', {}, el('h3', {}, 'Biggest mistakes'), el('ol', { id: 'review-mistakes', class: 'log' }, mistakes))
        : el('p', { id: 'review-mistakes' }, 'No mistake: no decision lost 10 points or more of the chance to win.'),
      turn ? el('p', { id: 'review-turn' }, `The game turned at action ${turn.index + 1} (${seatName(turn.seat)}: `
        + `${turn.played}, −${Math.round(100 * turn.loss)} points).`) : null);
    start.hidden = true;
  }

  return el('section', { id: 'review', class: 'panel', 'aria-labelledby': 'review-title' },
    el('h2', { id: 'review-title' }, 'Review'), status, start, body);
}

export async function showReplay(root, id) {
  const error = el('p', { id: 'error', class: 'error', role: 'alert', hidden: true });
  const page = el('div', { id: 'replay-page', class: 'table-page', dataset: { step: '', steps: '' } },
    el('div', { class: 'table-head' }, el('h1', {}, 'Replay'),
      el('a', { href: `/t/${encodeURIComponent(id)}`, class: 'back' }, '← Table'),
      el('a', { href: '/', class: 'back' }, '← Lobby')),
    error);
  root.append(page);
  const showError = (message) => {
    error.textContent = message || '';
    error.hidden = !message;
  };
  let replay;
  try {
    replay = await get(tablePath(id, 'replay'));
  } catch (e) {
    showError(e.code === 'game_not_over'
      ? 'The replay is available once the game is over.' : `No replay: ${e.message}`);
    return;
  }
  document.title = `Replay ${replay.game} — Rise Engine`;
  // names.js: the table's names (a view's seats), the game's colours, else "Player N".
  const seatName = (s, view) => seatLabel(replay.game, s, (view && view.seats) || replay.seats || []);
  const players = (replay.players || []).map((p, s) => `${seatName(s)}: ${p}`).join(', ');
  const returns = replay.result ? replay.result.returns : null;
  // The result in words; a game resigned or expired at a table says so (issue 38).
  const resultText = () => {
    if (!returns) return 'unfinished';
    const ended = replay.result.ended;
    if (ended === 'expired') return 'expired (no winner: the table was left too long)';
    const text = returns.map((r, s) => `${seatName(s)}: ${r > 0 ? 'win' : r < 0 ? 'loss' : 'draw'}`).join(', ');
    return ended === 'resigned' ? `${text} — ${seatName(replay.result.resigned_seat)} resigned` : text;
  };
  const options = Object.entries(replay.options || {}).filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`).join(', ');
  page.append(
    el('dl', { class: 'facts' },
      el('dt', {}, 'Game'), el('dd', {}, replay.game),
      el('dt', {}, 'Players'), el('dd', {}, players || `${replay.num_players}`),
      el('dt', {}, 'Seed'), el('dd', { id: 'replay-seed' }, String(replay.seed)),
      el('dt', {}, 'Options'), el('dd', {}, options || 'defaults'),
      el('dt', {}, 'Result'), el('dd', { id: 'replay-result' }, resultText())),
    el('p', {}, el('a', { id: 'replay-download', href: tablePath(id, 'replay'), download: `rise-${id}.json` },
      'Download the replay (JSON)'), ' — `rise replay FILE` replays it in a terminal.'));

  const actions = replay.actions || [];
  const last = actions.length;
  const [renderer, catalog] = await Promise.all([loadRenderer(replay.game), loadCatalog(id)]);

  // --- layout -------------------------------------------------------------------------
  const first = button('« First', () => show(0), { class: 'small', title: 'The initial position (Home)' });
  const prev = button('◀ Previous', () => show(step - 1), { class: 'small', title: 'One action back (←)' });
  const next = button('Next ▶', () => show(step + 1), { class: 'small', title: 'One action forward (→)' });
  const end = button('Last »', () => show(last), { class: 'small', title: 'The final position (End)' });
  first.id = 'replay-first';
  prev.id = 'replay-prev';
  next.id = 'replay-next';
  end.id = 'replay-last';
  const slider = el('input', {
    id: 'replay-step', type: 'range', min: 0, max: last, step: 1, value: last, 'aria-label': 'Step of the replay',
    oninput: () => show(Number(slider.value)),
  });
  const position = el('p', { id: 'replay-position', class: 'status', role: 'status', 'aria-live': 'polite' }, '');
  const board = el('section', { id: 'board', class: 'board', 'aria-labelledby': 'board-title' });
  const list = el('ol', { id: 'replay-actions', class: 'log replay-actions', start: 1 },
    actions.map((a, i) => el('li', { dataset: { step: i + 1 } },
      button(a, () => show(i + 1), { class: 'replay-action', title: `The position after action ${i + 1}` }))));
  const side = el('aside', { class: 'side' },
    el('section', { class: 'panel', 'aria-labelledby': 'replay-actions-title' },
      el('h2', { id: 'replay-actions-title' }, `Actions (${last})`),
      el('div', { class: 'log-box', tabindex: 0, role: 'region', 'aria-label': 'Actions of the game' }, list)));
  page.append(
    el('div', { class: 'table-layout' },
      el('div', {},
        el('div', { class: 'replay-controls', role: 'group', 'aria-label': 'Step through the game' },
          first, prev, slider, next, end),
        position, el('h2', { id: 'board-title', class: 'sr-only' }, 'Position'), board),
      side));
  page.dataset.steps = last;
  side.prepend(reviewPanel(id, replay, (s) => seatName(s), (k) => show(k)));

  // --- stepping -----------------------------------------------------------------------
  const views = new Map();  // step → its view (a finished game never changes)
  let step = -1;            // the step asked for last; the board shows it once page.dataset.step says so

  function markStep() {
    slider.value = step;
    first.disabled = prev.disabled = step <= 0;
    next.disabled = end.disabled = step >= last;
    for (const li of list.children) {
      const current = Number(li.dataset.step) === step;
      li.classList.toggle('current', current);
      if (current) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    }
    const li = list.children[step - 1];
    if (li) {
      const box = list.parentElement;  // scroll the list only, not the page
      const top = li.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top + li.offsetHeight > box.scrollTop + box.clientHeight) {
        box.scrollTop = Math.max(0, top - box.clientHeight / 2);
      }
    }
    const params = new URLSearchParams(location.search);
    params.set('at', step);
    history.replaceState(null, '', `${location.pathname}?${params}`);
  }

  // The fair-shuffle check, from the first view that arrives (every view of a finished table
  // has the same "fair"); its seed, decimal text, is exact where the replay's JSON number may
  // not be (a 64-bit seed is past a JavaScript number's 53 bits).
  let fairShown = false;
  function showFair(view) {
    if (fairShown || !view.fair) return;
    fairShown = true;
    if (view.fair.seed !== undefined) page.querySelector('#replay-seed').textContent = view.fair.seed;
    side.append(fairPanel(id, view.fair));
  }

  function draw(view) {
    let text = step === 0 ? `Initial position (step 0 of ${last}).` : `Step ${step} of ${last} — `;
    if (step > 0) {
      const entry = (view.log || [])[step - 1];
      text += `${entry && entry.seat >= 0 ? seatName(entry.seat, view) : 'Game'}: ${actions[step - 1]}.`;
    }
    if (view.terminal) text += ` ${resultText(view, (s) => seatName(s, view))}`;
    position.textContent = text;
    board.replaceChildren();
    if (!renderer) {
      board.append(el('p', {}, `No board drawing for ${replay.game} in this front end: the observation follows.`),
        el('pre', { class: 'observation' }, JSON.stringify(view.observation, null, 2)));
    } else {
      try {
        renderer.renderBoard(board, { view, catalog, seat: -1, legal: [], act: async () => {}, widgets,
          seatName: (s) => seatName(s, view) });
      } catch (e) {
        console.error(e);
        board.append(el('p', { class: 'error' }, `The board could not be drawn: ${e.message}`));
      }
    }
    page.dataset.step = step;
  }

  async function show(k) {
    const target = Math.max(0, Math.min(last, Math.trunc(Number(k)) || 0));
    if (target === step) return;
    step = target;
    markStep();
    let view = views.get(target);
    if (!view) {
      try {
        view = await get(`${tablePath(id, 'view')}?at=${target}`);
      } catch (e) {
        if (step === target) showError(`Step ${target} cannot be shown (${e.code}: ${e.message})`);
        return;
      }
      views.set(target, view);
    }
    showFair(view);
    if (step !== target) return;  // overtaken by a later click or key
    showError('');
    draw(view);
  }

  // Keyboard: ← → one step, Home End the ends, anywhere on the page but in a text field (the
  // slider handles its own keys and reports them with `input`).
  document.addEventListener('keydown', (e) => {
    if (!page.isConnected || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });

  const asked = new URLSearchParams(location.search).get('at');
  await show(asked !== null && /^\d+$/.test(asked) ? Number(asked) : last);
}
