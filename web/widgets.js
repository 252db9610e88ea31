// Shared widgets of the front end: element builder, buttons, zones and cards. The game
// renderers get this module as ctx.widgets. Every clickable widget is a real <button>.
import { labelSeats } from './names.js';

// names.js's labelSeats, for renderers ("p1 rolls 12" -> "Player 2 rolls 12").
export { labelSeats };

// Creates an element: el('div', {class: 'x', dataset: {seat: 1}, onclick: f}, child, ...).
// Attributes: `class`, `text`, `dataset` (object), `on<event>` (listener), `style` (string),
// booleans (true sets the attribute, false/null/undefined leaves it out), anything else
// as a string attribute. Children: nodes, strings, numbers, arrays of them; null is skipped.
export function el(tag, attrs = {}, ...children) {
  const svg = tag.startsWith('svg:');
  const node = svg
    ? document.createElementNS('http://www.w3.org/2000/svg', tag.slice(4))
    : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'class') node.setAttribute('class', value);
    else if (name === 'text') node.textContent = value;
    else if (name === 'dataset') for (const [k, v] of Object.entries(value)) node.dataset[k] = v;
    else if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// A <button type="button">: button('Pass', () => act('pass'), {class: 'action', title,
// disabled, dataset}).
export function button(label, onClick, opts = {}) {
  const { class: cls, title, disabled, dataset } = opts;
  return el('button', { type: 'button', class: cls, title, disabled: !!disabled, dataset, onclick: onClick }, label);
}

// A zone of the table: <section class="zone"> with a heading (and a count) and its content.
// opts: {id, class, count, empty: 'text shown when there is no content'}.
export function zone(title, children = [], opts = {}) {
  const list = (Array.isArray(children) ? children : [children]).filter((c) => c !== null && c !== undefined);
  const heading = el('h3', { class: 'zone-title' }, title,
    opts.count !== undefined ? el('span', { class: 'zone-count' }, ` (${opts.count})`) : null);
  const body = el('div', { class: 'zone-cards' },
    list.length ? list : el('p', { class: 'zone-empty' }, opts.empty ?? 'empty'));
  // A group, not a region landmark: every seat has zones of the same names.
  return el('section', { id: opts.id, role: 'group', class: `zone ${opts.class || ''}`.trim(), 'aria-label': title }, heading, body);
}

// The display strings of a card: the catalog entry, or a stand-in for an unknown id.
export function cardInfo(cardId, catalog) {
  const info = catalog && catalog[cardId];
  if (info) return info;
  return { id: cardId, name: String(cardId ?? 'Hidden card'), type: '', cost: null, stats: null, text: '', keywords: [] };
}

function costText(cost) {
  if (cost === null || cost === undefined || cost === '') return '';
  if (typeof cost === 'object') return Object.entries(cost).map(([k, v]) => `${v} ${k}`).join(', ');
  return String(cost);
}

function statsText(stats) {
  if (stats === null || stats === undefined || stats === '') return '';
  if (typeof stats === 'object') return Object.entries(stats).map(([k, v]) => `${k} ${v}`).join(' · ');
  return String(stats);
}

// A card from the catalog (GET /api/tables/ID/cards): name, type, cost, stats, keywords and
// text. cardId null/undefined draws a face-down card. opts:
//   objectId      the object id in the observation (data-object-id)
//   onClick       makes the card a <button> (class `target` when opts.target is not false)
//   target        highlight as a legal target
//   stats         text that replaces the catalog stats (current attack/defense, damage…)
//   extra         more lines (strings or nodes) under the text (counters, status)
//   compact       name, cost and stats only; the text goes into the tooltip
//   class         more classes
export function card(cardId, catalog, opts = {}) {
  const faceDown = cardId === null || cardId === undefined;
  const info = faceDown ? null : cardInfo(cardId, catalog);
  const classes = ['card'];
  if (faceDown) classes.push('face-down');
  if (opts.class) classes.push(opts.class);
  if (opts.onClick && opts.target !== false) classes.push('target');
  else if (opts.target) classes.push('target');
  const dataset = {};
  if (!faceDown) dataset.cardId = cardId;
  if (opts.objectId !== undefined && opts.objectId !== null) dataset.objectId = opts.objectId;

  let parts;
  if (faceDown) {
    parts = [el('span', { class: 'card-name' }, 'Face-down card')];
  } else {
    const cost = costText(info.cost);
    const stats = opts.stats ?? statsText(info.stats);
    const keywords = (info.keywords || []).filter(Boolean);
    parts = [
      el('span', { class: 'card-head' },
        el('span', { class: 'card-name' }, info.name),
        cost ? el('span', { class: 'card-cost', title: 'cost' }, cost) : null),
      info.type ? el('span', { class: 'card-type' }, info.type) : null,
      stats ? el('span', { class: 'card-stats' }, stats) : null,
      !opts.compact && keywords.length ? el('span', { class: 'card-keywords' }, keywords.join(', ')) : null,
      !opts.compact && info.text ? el('span', { class: 'card-text' }, info.text) : null,
      (opts.extra || []).map((x) => el('span', { class: 'card-extra' }, x)),
    ];
  }
  const title = faceDown ? 'face-down card'
    : [info.name, info.type, costText(info.cost), statsText(info.stats), (info.keywords || []).join(', '), info.text]
      .filter(Boolean).join(' — ');
  const attrs = { class: classes.join(' '), dataset, title };
  if (opts.onClick) return el('button', { type: 'button', ...attrs, onclick: opts.onClick }, parts);
  return el('div', attrs, parts);
}

// --- Card-game helpers (web2: games/rise-tcg.js, dark-legacy.js, raise-rise-die.js) -------

// Groups legal actions by what they name: keyOf(text) returns a key (e.g. "o17" for object
// #17) or null for an action that names nothing on the board. Card names in parentheses
// ("invoke #17 (Ember Wolf) by S1") are removed before keyOf sees the text.
// Returns Map key -> [{id, text}] in the order of `legal`.
export function actionsByKey(legal, keyOf) {
  const map = new Map();
  for (const a of legal || []) {
    const key = keyOf(String(a.text).replace(/\s*\([^)]*\)/g, '').trim());
    if (key === null || key === undefined) continue;
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(a);
  }
  return map;
}

// Closes the open action menu (if any) and gives the focus back to its owner.
export function closeActionMenu() {
  const open = document.querySelector('.act-menu');
  if (!open) return;
  const owner = open._owner;
  open.remove();
  if (owner && owner.isConnected) {
    owner.setAttribute('aria-expanded', 'false');
    owner.focus();
  }
}

// Runs `actions` from a click on `node`: one action is sent at once; several open a small
// menu of buttons next to the node (inside `root`, which the renderer positions), one per
// action, labelled by labelOf(action) (default: its notation), plus Cancel. Escape closes it.
export function runActions(node, root, actions, act, labelOf = (a) => a.text, title = '') {
  if (!actions || !actions.length) return;
  if (actions.length === 1) { act(actions[0].text); return; }
  const previous = document.querySelector('.act-menu');
  const reopen = !previous || previous._owner !== node;
  closeActionMenu();
  if (!reopen) return;
  const menu = el('div', { class: 'act-menu', role: 'menu', 'aria-label': title || 'choose an action' },
    title ? el('div', { class: 'act-menu-title' }, title) : null,
    actions.map((a) => el('button', {
      type: 'button', class: 'menu-action', role: 'menuitem', dataset: { menuAction: a.text },
      onclick: (ev) => { ev.stopPropagation(); if (node.isConnected) node.focus(); menu.remove(); act(a.text); },
    }, labelOf(a))),
    el('button', { type: 'button', class: 'menu-cancel', onclick: (ev) => { ev.stopPropagation(); closeActionMenu(); } }, 'Cancel'));
  menu._owner = node;
  menu.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') { ev.preventDefault(); closeActionMenu(); }
  });
  const r = node.getBoundingClientRect();
  const base = root.getBoundingClientRect();
  menu.style.left = `${Math.max(0, r.left - base.left + root.scrollLeft)}px`;
  menu.style.top = `${r.bottom - base.top + root.scrollTop + 4}px`;
  root.append(menu);
  // Kept inside the root and the screen (a card in the right column of a phone's board).
  const right = Math.min(base.right, document.documentElement.clientWidth);
  const past = menu.getBoundingClientRect().right - right;
  if (past > 0) menu.style.left = `${Math.max(0, parseFloat(menu.style.left) - past)}px`;
  // Open upwards when the menu would leave the bottom of the root.
  if (r.bottom + 4 + menu.offsetHeight > base.bottom && r.top - base.top > menu.offsetHeight + 4) {
    menu.style.top = `${r.top - base.top + root.scrollTop - menu.offsetHeight - 4}px`;
  }
  node.setAttribute('aria-expanded', 'true');
  // A press outside the menu and its card closes it.
  const outside = (ev) => {
    if (!menu.isConnected) { document.removeEventListener('pointerdown', outside, true); return; }
    if (menu.contains(ev.target) || node.contains(ev.target)) return;
    document.removeEventListener('pointerdown', outside, true);
    menu.remove();
    node.setAttribute('aria-expanded', 'false');
  };
  document.addEventListener('pointerdown', outside, true);
  const first = menu.querySelector('button');
  if (first) first.focus();
}

// Makes a non-card node (a Summoner, a hero, a player, a chain item) act like a button for
// `actions`: class `target`, tabindex 0, Enter/Space and click run runActions.
export function actionable(node, root, actions, act, labelOf, title) {
  if (!actions || !actions.length) return node;
  node.classList.add('target');
  if (node.tagName !== 'BUTTON') {
    node.tabIndex = 0;
    node.setAttribute('role', 'button');
    node.addEventListener('keydown', (ev) => {
      if (ev.target !== node || (ev.key !== 'Enter' && ev.key !== ' ')) return;
      ev.preventDefault();
      runActions(node, root, actions, act, labelOf, title);
    });
  }
  node.addEventListener('click', (ev) => {
    if (ev.target.closest('.act-menu')) return;
    runActions(node, root, actions, act, labelOf, title);
  });
  return node;
}

// Seats in drawing order: the others first (from the seat after the viewer on, so the
// next player comes first), the viewer last (at the bottom). A spectator (seat < 0) gets
// seats 1..n-1 then 0.
export function seatOrder(count, seat) {
  const me = seat >= 0 && seat < count ? seat : 0;
  const out = [];
  for (let k = 1; k < count; ++k) out.push((me + k) % count);
  out.push(me);
  return out;
}

// The setup every card-game board shares (rise-tcg, dark-legacy, raise-rise-die): loads the
// stylesheet, makes `root` the positioning box of the action menus, groups ctx.legal by
// what each action names (actionsByKey with actionKey(text, seat)) and returns the board:
//   o, players, me, catalog, keyed, act   the observation, its players ([] if none), the
//                  viewer's seat (-1 spectator), ctx.catalog ({} if none), the grouped
//                  actions (Map key -> [{id, text}]) and ctx.act
//   seatName(seat) the seat's label (ctx.seatName, names.js; "Player N" without one)
//   cardOfObj      Map object id -> card id, empty: the renderer fills it with what its
//                  observation shows (objText, the default menuTitle and its own texts use it)
//   nameOf(cardId) the card's name; objText(id): "Name #id", or "card #id" if unknown
//   menuTitle(key) the title of a click's menu: "c:CARD" the card's name, "oN" objText(N),
//                  else the key; labelOf(action) a menu item's label: the notation, its
//                  seat tags as labels (the item still sends the notation). Both are
//                  read when a click runs, so a renderer may replace them after this call.
//   run(key, nodeRef)       the click handler that runs the actions under `key` from the
//                           node nodeRef() returns (runActions); undefined when there are none
//   cardFor(key, cardId, opts)  a card widget (card()) clicked for the actions under `key`
//   cardEl(entry, opts)     a card of the observation ({id, card}) clicked for "o<id>"
//   actionable(node, key, title)  a non-card node acting for the actions under `key`
//   boardButton(text, label)  a button sending `text` (class cg-pass, data-board-action)
//                           when `text` is a legal action, else null
//   backs(count)            up to 12 face-down cards (another player's hidden hand)
//   layout(cls, seatEl, middle)  appends div.cg-board.<cls>: the other seats (seatEl(seat))
//                           in div.cg-opponents, `middle` in div.cg-middle, the viewer last
// opts: {stylesheet: "/games/ID.css", actionKey(text, seat) -> key or null}.
export function cardBoard(root, ctx, opts = {}) {
  const catalog = ctx.catalog || {};
  const o = ctx.view.observation || {};
  const me = typeof ctx.seat === 'number' ? ctx.seat : -1;
  useStylesheet(opts.stylesheet);
  root.style.position = 'relative';
  const keyed = actionsByKey(ctx.legal, (t) => opts.actionKey(t, me));
  const legalText = new Set((ctx.legal || []).map((a) => a.text));
  const b = {
    o, players: o.players || [], me, catalog, keyed, act: ctx.act, cardOfObj: new Map(),
    seatName: ctx.seatName || ((s) => `Player ${s + 1}`),
    nameOf: (cardId) => cardInfo(cardId, catalog).name,
    objText: (id) => (b.cardOfObj.has(id) ? `${b.nameOf(b.cardOfObj.get(id))} #${id}` : `card #${id}`),
    menuTitle: (key) => (key.startsWith('c:') ? b.nameOf(key.slice(2)) : key[0] === 'o' ? b.objText(Number(key.slice(1))) : key),
    labelOf: (a) => labelSeats(a.text, b.seatName),
    run: (key, nodeRef) => {
      const actions = keyed.get(key);
      return actions ? () => runActions(nodeRef(), root, actions, ctx.act, b.labelOf, b.menuTitle(key)) : undefined;
    },
    cardFor: (key, cardId, cardOpts = {}) => {
      const node = card(cardId, catalog, { ...cardOpts, onClick: b.run(key, () => node) });
      return node;
    },
    cardEl: (entry, cardOpts = {}) => b.cardFor(`o${entry.id}`, entry.card, { objectId: entry.id, ...cardOpts }),
    actionable: (node, key, title) => actionable(node, root, keyed.get(key), ctx.act, (a) => b.labelOf(a), title),
    boardButton: (text, label) => (legalText.has(text)
      ? button(label, () => ctx.act(text), { class: 'cg-pass', dataset: { boardAction: text } }) : null),
    backs: (count) => Array.from({ length: Math.min(Math.max(0, count), 12) }, () => card(null, catalog, { class: 'cg-back' })),
    layout: (cls, seatEl, middle) => {
      const order = seatOrder(b.players.length, me);
      root.append(el('div', { class: `cg-board ${cls}` },
        el('div', { class: 'cg-opponents' }, order.slice(0, -1).map((s) => seatEl(s))),
        el('div', { class: 'cg-middle' }, middle),
        seatEl(order[order.length - 1])));
    },
  };
  return b;
}

// Loads a stylesheet once (e.g. "/games/rise-tcg.css"), after the styles every card game
// shares (seats, pills, the action menu: CARD_GAME_CSS below).
export function useStylesheet(href) {
  if (!document.querySelector('style[data-sheet="card-games"]')) {
    document.head.append(el('style', { dataset: { sheet: 'card-games' } }, CARD_GAME_CSS));
  }
  if (href && !document.querySelector(`link[data-sheet="${href}"]`)) {
    document.head.append(el('link', { rel: 'stylesheet', href, dataset: { sheet: href } }));
  }
}

const CARD_GAME_CSS = `
.cg-board { display: flex; flex-direction: column; gap: .5rem; }
.cg-opponents { display: flex; flex-direction: column; gap: .5rem; }
.cg-seat { border: 1px solid var(--line); border-radius: 8px; padding: .4rem .6rem; background: var(--panel); }
.cg-seat.cg-me { border-color: var(--accent); }
.cg-seat.cg-active { box-shadow: 0 0 0 2px #bcd3f5; }
.cg-seat.cg-out { opacity: .6; }
.cg-seat-head { display: flex; flex-wrap: wrap; gap: .35rem; align-items: center; }
.cg-middle { border: 1px solid var(--line); border-radius: 8px; padding: .4rem .6rem; background: #fbfaf6; }
.cg-info { display: flex; flex-wrap: wrap; gap: .35rem; }
.cg-pill { display: inline-block; border: 1px solid var(--line); border-radius: 999px; padding: .05rem .55rem; font-size: .85rem; background: #fff; }
.cg-pill.cg-turn { border-color: var(--accent); color: var(--accent); font-weight: 600; }
.cg-pill.cg-warn { border-color: var(--red); color: var(--red); }
.cg-window, .cg-choice { margin: .4rem 0; padding: .35rem .5rem; border-left: 4px solid var(--target); background: #fff8e1; }
.cg-window button, .cg-choice button { margin-left: .6rem; }
.cg-hint, .cg-small { font-size: .8rem; color: var(--muted); }
.cg-player.target, .cg-chain-item.target, .cg-slot.target, .cg-hero.target { outline: 2px solid var(--target); cursor: pointer; }
.card.tilted { transform: rotate(3deg); opacity: .85; }
.card.dead { opacity: .5; text-decoration: line-through; }
.card.attacking { border-color: var(--red); }
.card.blocking { border-color: var(--blue); }
.card.cg-back, .card.face-down { width: 3rem; min-height: 4.2rem; }
.cg-pile summary, .cg-board details summary { cursor: pointer; }
.cg-board .card-text { white-space: pre-line; }
.act-menu { position: absolute; z-index: 20; display: flex; flex-direction: column; gap: .2rem; min-width: 12rem; max-width: calc(100vw - 1rem);
  background: var(--panel); border: 1px solid var(--accent); border-radius: 6px; padding: .35rem; box-shadow: 0 4px 14px rgba(0,0,0,.2); }
.act-menu-title { font-size: .8rem; color: var(--muted); }
.act-menu button { text-align: left; }
`;
