// Renderer of rise-hex (Rise!): the board as SVG hexes (pointy-top, axial q,r as in
// docs/rules/rise-hex.md "Coordinates"), workers, towers, the legal targets highlighted and
// clickable, and a panel with the turn, the actions left, a pending sacrifice and the towers.
//
// Clicks: a highlighted hex acts at once when exactly one action names it ("tile 8,0",
// "worker 2,0", "sacrifice 1,0", …); a worker that can move or jump is selected by a click and
// moved by a click on its destination; a hex with several choices opens a small menu of
// buttons. Every hex target is focusable (Tab) and acts on Enter or Space; Escape cancels.

const SIZE = 30;                      // hex radius in SVG units
const SQ3 = Math.sqrt(3);
const CELL = /^(-?\d+),(-?\d+)$/;
const SINGLE = /^(tile|worker|eliminate|free|sacrifice|remove-tier) (-?\d+,-?\d+)$/;
const TWO = /^(move|jump) (-?\d+,-?\d+)>(-?\d+,-?\d+)$/;
const NEIGHBOURS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const COLORS = ['red', 'blue'];       // seat 0 is red, seat 1 blue

// The label of the seat playing `color` (ctx.seatName, names.js: the table's name or the
// colour itself).
function colorName(ctx, color) {
  const seat = COLORS.indexOf(color);
  return ctx.seatName ? ctx.seatName(seat) : color.charAt(0).toUpperCase() + color.slice(1);
}

// The worker selected for a move/jump: kept across redraws of one view of one table.
let selection = { key: '', from: null };

const parseCell = (at) => at.split(',').map(Number);
const cellKey = (q, r) => `${q},${r}`;

function pixel(q, r) {
  return [SIZE * SQ3 * (q + r / 2), SIZE * 1.5 * r];
}

function hexPoints(x, y, radius) {
  const pts = [];
  for (let i = 0; i < 6; ++i) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(x + radius * Math.cos(a)).toFixed(2)},${(y + radius * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

// A readable sentence for an action of the notation (docs/notation.md).
function describe(kind, at, to) {
  switch (kind) {
    case 'tile': return `Place a land tile on ${at}`;
    case 'worker': return `Place a worker on ${at}`;
    case 'eliminate': return `Eliminate the enemy worker on ${at} (sacrifice two of yours)`;
    case 'free': return `Place a worker freely on ${at} (sacrifice two of yours)`;
    case 'sacrifice': return `Sacrifice your worker on ${at}`;
    case 'remove-tier': return `Remove a tier from your tower on ${at}`;
    case 'move': return `Move the worker from ${at} to ${to}`;
    case 'jump': return `Jump from ${at} over the enemy worker, landing on ${to}`;
    default: return kind;
  }
}

// Sorts the legal actions by the hex they name: `single` (cell → actions naming one cell),
// `moves` (source cell → move/jump actions), `other` (pass).
function parseLegal(legal) {
  const single = new Map();
  const moves = new Map();
  const other = [];
  for (const { text } of legal) {
    let m = SINGLE.exec(text);
    if (m) {
      if (!single.has(m[2])) single.set(m[2], []);
      single.get(m[2]).push({ text, label: describe(m[1], m[2]) });
      continue;
    }
    m = TWO.exec(text);
    if (m) {
      if (!moves.has(m[2])) moves.set(m[2], []);
      moves.get(m[2]).push({ text, to: m[3], label: describe(m[1], m[2], m[3]) });
      continue;
    }
    other.push(text);
  }
  return { single, moves, other };
}

// The cells named by the last entry of the log (highlighted as the last action).
function lastCells(view) {
  const log = view.log || [];
  if (!log.length) return new Set();
  return new Set((log[log.length - 1].text.match(/-?\d+,-?\d+/g) || []));
}

// Per colour: workers on the board, towers with their tiers, and the closest ring to a new
// tower (the empty tile with the most of the colour's workers around it, HEX-5).
function progress(tiles) {
  const byCell = new Map(tiles.map((t) => [t.at, t]));
  const out = {};
  for (const color of COLORS) {
    const towers = tiles.filter((t) => t.tower === color).map((t) => ({ at: t.at, tiers: t.tiers }));
    let best = null;
    for (const t of tiles) {
      if (t.worker || t.tower) continue;
      const [q, r] = parseCell(t.at);
      let n = 0;
      for (const [dq, dr] of NEIGHBOURS) {
        const nb = byCell.get(cellKey(q + dq, r + dr));
        if (nb && nb.worker === color) ++n;
      }
      if (n > 0 && (!best || n > best.n)) best = { at: t.at, n };
    }
    out[color] = {
      workers: tiles.filter((t) => t.worker === color).length,
      towers,
      complete: towers.filter((t) => t.tiers === 3).length,
      ring: best,
    };
  }
  return out;
}

export function renderBoard(root, ctx) {
  const key = `${ctx.view.table}@${ctx.view.version}/${ctx.seat}`;
  if (selection.key !== key) selection = { key, from: null };
  draw(root, ctx, null);
}

function draw(root, ctx, focusAt) {
  const { el } = ctx.widgets;
  const obs = ctx.view.observation || {};
  const tiles = obs.tiles || [];
  const { single, moves, other } = parseLegal(ctx.legal || []);
  const from = selection.from && moves.has(selection.from) ? selection.from : null;
  const destinations = new Map(from ? moves.get(from).map((m) => [m.to, m]) : []);
  const last = lastCells(ctx.view);
  const pendingCells = new Set(obs.pending ? [obs.pending.target, ...(obs.pending.sacrificed || [])] : []);
  const choices = el('div', { class: 'hex-choices', id: 'hex-choices', 'aria-live': 'polite' });

  root.replaceChildren();

  const act = (text) => {
    selection.from = null;
    return ctx.act(text);
  };
  const redraw = (at) => draw(root, ctx, at);

  // What a click on `at` does; returns the sentences describing it (for the hex's label).
  const options = (at) => {
    if (from) {
      if (destinations.has(at)) return [destinations.get(at).label];
      if (at === from) return ['Cancel the move'];
      return moves.has(at) ? [`Select the worker on ${at} instead`] : [];
    }
    const list = (single.get(at) || []).map((a) => a.label);
    if (moves.has(at)) list.push(`Select the worker on ${at} to move or jump it`);
    return list;
  };

  const click = (at) => {
    choices.replaceChildren();
    if (from) {
      if (destinations.has(at)) return act(destinations.get(at).text);
      selection.from = at !== from && moves.has(at) ? at : null;
      return redraw(at);
    }
    const list = single.get(at) || [];
    const isSource = moves.has(at);
    if (list.length === 1 && !isSource) return act(list[0].text);
    if (!list.length && isSource) {
      selection.from = at;
      return redraw(at);
    }
    if (!list.length) return undefined;
    // Several things to do here: ask with buttons.
    choices.append(el('span', { class: 'hex-help' }, `${at}:`));
    for (const a of list) {
      choices.append(ctx.widgets.button(a.label, () => act(a.text), { class: 'hex-choice', dataset: { action: a.text } }));
    }
    if (isSource) {
      choices.append(ctx.widgets.button(`Move or jump the worker on ${at}`, () => {
        selection.from = at;
        redraw(at);
      }, { class: 'hex-choice' }));
    }
    choices.append(ctx.widgets.button('Cancel', () => choices.replaceChildren(), { class: 'hex-choice small' }));
    const firstChoice = choices.querySelector('button');
    if (firstChoice) firstChoice.focus();
    return undefined;
  };

  // Cells to draw: every tile, and the empty cells where a tile may be placed.
  const cells = tiles.map((t) => ({ ...t, ghost: false }));
  for (const at of single.keys()) {
    if (!tiles.some((t) => t.at === at)) cells.push({ at, ghost: true });
  }
  let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
  for (const c of cells) {
    const [x, y] = pixel(...parseCell(c.at));
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  if (!cells.length) { minX = maxX = minY = maxY = 0; }
  const pad = SIZE + 6;
  const width = maxX - minX + 2 * pad;
  const height = maxY - minY + 2 * pad;

  const svg = el('svg:svg', {
    id: 'hex-board', viewBox: `${(minX - pad).toFixed(1)} ${(minY - pad).toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`,
    width: Math.round(width), height: Math.round(height), role: 'group',
    'aria-label': `Rise! board, ${tiles.length} tiles`,
  });
  svg.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && (selection.from || choices.childElementCount)) {
      const at = selection.from;
      selection.from = null;
      redraw(at);
    }
  });

  for (const c of cells) {
    const [q, r] = parseCell(c.at);
    const [x, y] = pixel(q, r);
    const opts = options(c.at);
    const target = from ? destinations.has(c.at) : opts.length > 0;
    const classes = ['hex'];
    if (c.ghost) classes.push('ghost');
    if (target) classes.push('target');
    if (from && c.at === from) classes.push('selected');
    if (last.has(c.at) && !c.ghost) classes.push('last');
    if (pendingCells.has(c.at)) classes.push('pending');
    let label = c.ghost ? `empty cell ${c.at}` : `tile ${c.at}`;
    if (c.worker) label += `, ${c.worker} worker`;
    if (c.tower) label += `, ${c.tower} tower of ${c.tiers} tier${c.tiers === 1 ? '' : 's'}`;
    if (opts.length) label += `: ${opts.join('; ')}`;
    const interactive = opts.length > 0;
    const g = el('svg:g', {
      class: classes.join(' '), dataset: { at: c.at }, tabindex: interactive ? 0 : null,
      role: interactive ? 'button' : 'img', 'aria-label': label,
    },
    el('svg:title', {}, label),
    el('svg:polygon', { points: hexPoints(x, y, SIZE - 1) }),
    el('svg:text', { class: 'coord', x: x.toFixed(1), y: (y + SIZE * 0.72).toFixed(1), 'text-anchor': 'middle' }, c.at));
    if (c.worker) {
      g.append(el('svg:circle', { class: 'worker', dataset: { color: c.worker }, cx: x.toFixed(1), cy: (y - 2).toFixed(1), r: SIZE * 0.42 }));
    }
    if (c.tower) {
      const tower = el('svg:g', { class: 'tower', dataset: { color: c.tower, height: c.tiers } });
      const widths = [SIZE * 1.1, SIZE * 0.8, SIZE * 0.5];
      for (let i = 0; i < c.tiers; ++i) {
        const w = widths[i];
        tower.append(el('svg:rect', { x: (x - w / 2).toFixed(1), y: (y + 6 - (i + 1) * 10).toFixed(1), width: w.toFixed(1), height: 10, rx: 2 }));
      }
      tower.append(el('svg:text', { x: x.toFixed(1), y: (y + 2).toFixed(1), 'text-anchor': 'middle' }, String(c.tiers)));
      g.append(tower);
    }
    if (interactive) {
      g.addEventListener('click', () => click(c.at));
      g.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          click(c.at);
        }
      });
    }
    svg.append(g);
  }

  root.append(el('div', { class: 'hex-layout' }, el('div', { class: 'hex-board-box' }, svg, choices), info(ctx, obs, other, from)));
  if (focusAt) {
    const again = svg.querySelector(`g.hex[data-at="${focusAt}"]`);
    if (again && again.getAttribute('tabindex') !== null) again.focus();
    else {
      const firstTarget = svg.querySelector('g.hex.target');
      if (firstTarget) firstTarget.focus();
    }
  }
}

// The side panel: turn, actions left, pending sacrifice, tower progress, help.
function info(ctx, obs, other, from) {
  const { el } = ctx.widgets;
  const toMove = obs.to_move;
  const left = obs.actions_left ?? 0;
  const items = [];
  items.push(el('p', { class: 'turn', id: 'hex-turn' }, `Turn ${obs.turn ?? '?'} of ${obs.turn_limit ?? '?'}`));
  const ended = ctx.view && ctx.view.terminal && ['resigned', 'expired', 'deleted'].includes(ctx.view.ended);
  if (obs.result) {
    items.push(el('p', { id: 'hex-result', class: 'result' },
      obs.result === 'draw' ? 'The game ended in a draw.' : `${colorName(ctx, obs.result)} won.`));
  } else if (ended) {  // the table ended outside the rules: nobody is to act any more
    items.push(el('p', { id: 'hex-result', class: 'result' },
      ctx.view.ended === 'expired' ? 'The table expired.' : ctx.view.ended === 'deleted' ? 'The table was deleted.'
        : `${colorName(ctx, COLORS[ctx.view.resigned_seat])} resigned; ${colorName(ctx, COLORS[1 - ctx.view.resigned_seat])} won.`));
  } else if (toMove) {
    const first = obs.turn === 1;
    items.push(el('p', { id: 'hex-actions-left' },
      el('span', { class: `swatch ${toMove}`, 'aria-hidden': 'true' }),
      `${colorName(ctx, toMove)} to act: `,
      el('strong', {}, `${left} action${left === 1 ? '' : 's'} left`),
      ` this turn${first ? ` (${colorName(ctx, 'red')}’s first turn has one action)` : ''} `,
      el('span', { class: 'pips', 'aria-hidden': 'true' }, '●'.repeat(left) + '○'.repeat(Math.max(0, (first ? 1 : 2) - left)))));
  }
  if (obs.pending) {
    const p = obs.pending;
    const chosen = p.sacrificed || [];
    items.push(el('p', { id: 'hex-pending' },
      `${p.action === 'eliminate' ? `Eliminate the worker on ${p.target}` : `Place a free worker on ${p.target}`}: `
      + `sacrifice ${2 - chosen.length} more worker${chosen.length === 1 ? '' : 's'}`
      + (chosen.length ? ` (chosen: ${chosen.join(', ')})` : '') + '.'));
  }
  const prog = progress(obs.tiles || []);
  for (const color of COLORS) {
    const p = prog[color];
    const name = colorName(ctx, color);
    items.push(el('h3', {}, el('span', { class: `swatch ${color}`, 'aria-hidden': 'true' }), name));
    items.push(el('ul', { class: 'tower-progress', dataset: { color } },
      el('li', {}, `${p.workers} worker${p.workers === 1 ? '' : 's'} on the board`),
      el('li', { class: 'complete' }, `Complete towers: ${p.complete} of 3`),
      p.towers.map((t) => el('li', { class: 'tower-line' },
        `Tower on ${t.at}: ${t.tiers} of 3 tiers `, el('span', { class: 'pips', 'aria-hidden': 'true' }, '■'.repeat(t.tiers) + '□'.repeat(3 - t.tiers)))),
      p.ring ? el('li', {}, `Closest ring: ${p.ring.n} of 6 workers around ${p.ring.at}`) : null));
  }
  if (ctx.legal && ctx.legal.length) {
    items.push(el('p', { class: 'hex-help' }, from
      ? `Worker on ${from} selected: click a highlighted destination, or the worker again (or Escape) to cancel.`
      : 'Click a highlighted hex. To move or jump, click your worker, then its destination. Every action is also a button in the list.'));
    if (other.length) items.push(el('p', { class: 'hex-help' }, `Also: ${other.join(', ')} (in the list of actions).`));
  }
  return el('div', { class: 'hex-info', id: 'hex-info' }, items);
}
