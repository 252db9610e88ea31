// Shared helpers of the browser tests: the server address (RISE_URL, set by run.sh), the
// Debian chromium launched headless by playwright-core, API calls and waits on the table page.
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const BASE = process.env.RISE_URL || 'http://127.0.0.1:8080';

// The browser of a test: a connection to the shared chromium that run.sh started
// (browser-server.mjs, its endpoint in RISE_BROWSER_WS), whose close() closes the contexts
// this test made and disconnects; without RISE_BROWSER_WS (a test file run by hand), a
// headless /usr/bin/chromium (or $CHROMIUM) of its own.
export function launch() {
  if (process.env.RISE_BROWSER_WS) return chromium.connect(process.env.RISE_BROWSER_WS);
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true });
}

// Calls the JSON API directly (to set up tables or compare with what the page shows), as
// the seat of `key` when given (the X-Rise-Key header; a key never goes in a URL).
export async function api(method, path, body, key) {
  const headers = {};
  if (body) headers['Content-Type'] = 'application/json';
  if (key) headers['X-Rise-Key'] = key;
  const res = await fetch(BASE + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

// The view of table `id` as the seat of `key` (none: a spectator's).
export function viewOf(id, key) {
  return api('GET', `/api/tables/${id}/view`, undefined, key);
}

// Claims the invite of every human seat of a table created by POST /api/tables (its answer
// `created`) and returns their keys: {seat: key}.
export async function claimSeats(created) {
  const keys = {};
  for (const s of created.seats) {
    if (!s.invite) continue;
    const claimed = await api('POST', `/api/tables/${created.id}/claim`, { invite: s.invite });
    assert.equal(claimed.seat, s.seat);
    keys[s.seat] = claimed.key;
  }
  return keys;
}

// What the page's browser holds for table `id` (web/keys.js): {keys, invites, hot, owner,
// commitment}, or null.
export function storedKeys(page, id) {
  return page.evaluate((t) => JSON.parse(localStorage.getItem(`rise-keys-${t}`)), id);
}

// Records every URL the pages of `context` request or show (navigations, fetches, the
// event streams), to assert that no seat key ever travels in one.
export function recordUrls(context) {
  const urls = [];
  context.on('request', (r) => urls.push(r.url()));
  context.on('page', (p) => p.on('framenavigated', (f) => urls.push(f.url())));
  for (const p of context.pages()) p.on('framenavigated', (f) => urls.push(f.url()));
  return urls;
}

// Collects the page's uncaught errors and console errors, to assert there are none.
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // A 404 of an optional endpoint (/cards, /hint on an older server) is a network message,
  // not an error of the page's code.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

// The table page's state: {version, seat, current, terminal} from #table's data attributes.
export async function tableState(page) {
  return page.$eval('#table', (t) => ({
    version: Number(t.dataset.version),
    seat: Number(t.dataset.seat),
    current: Number(t.dataset.current),
    terminal: t.dataset.terminal === 'true',
  }));
}

// Waits until the table page shows a version above `version` (or the game is over).
export async function waitForVersionAbove(page, version, timeout = 15000) {
  await page.waitForFunction((v) => {
    const t = document.querySelector('#table');
    return t && t.dataset.version !== '' && (Number(t.dataset.version) > v || t.dataset.terminal === 'true');
  }, version, { timeout });
}

// Opens table `id` in `page` as seat `seat` of key `key` (claimed through the API): the key is
// put where web/keys.js keeps it, as a claim from this browser would, then the table page
// is loaded and waited for until the seat decides.
export async function openTableAs(page, id, seat, key) {
  await page.goto(`${BASE}/`);
  await page.evaluate(([t, s, k]) => localStorage.setItem(`rise-keys-${t}`,
    JSON.stringify({ keys: { [s]: k }, invites: {}, hot: false, owner: '', commitment: '' })), [id, seat, key]);
  await page.goto(`${BASE}/t/${id}`);
  await waitForDecision(page);
}

// Waits until it is this page's decision (its legal actions are shown) or the game is over.
export async function waitForDecision(page, timeout = 30000) {
  await page.waitForFunction(() => {
    const t = document.querySelector('#table');
    if (!t || t.dataset.version === '') return false;
    if (t.dataset.terminal === 'true') return true;
    return t.dataset.current === t.dataset.seat
      && document.querySelectorAll('#actions button.action:not([disabled])').length > 0;
  }, null, { timeout });
  return tableState(page);
}

// Waits until the table page shows exactly `version`.
export async function waitForVersion(page, version, timeout = 30000) {
  await page.waitForFunction((v) => document.querySelector('#table').dataset.version === String(v), version, { timeout });
}

// A CSS attribute value in double quotes: `[data-action=${q(text)}]`.
const q = (s) => JSON.stringify(String(s));

// Opens the lobby and chooses `game` in #new-game.
export async function openLobby(page, game) {
  await page.goto(`${BASE}/`);
  await page.waitForSelector(`#new-game option[value=${q(game)}]`, { state: 'attached' });
  await page.selectOption('#new-game', game);
}

// Creates the table set up in the open lobby: game options {name: value} ([data-option]; a
// card game's `decks`, "a,b", picked in each seat's deck select),
// seat kinds {seat: kind} (the other seats keep the lobby's default), seat names {seat:
// name} (#seat-name-N; the others stay empty), the seed, hot-seat;
// then waits for the table page. Returns {id, key, stored}: the table, the key of the page's
// seat (the first human seat, which the lobby claimed) and what the browser holds for the
// table (storedKeys). The address never holds a key.
export async function createTable(page, { options = {}, seats = {}, names = {}, seed, hotSeat = false } = {}) {
  for (const [name, value] of Object.entries(options)) {
    if (name === 'decks') {  // a card game's decks are picked per seat (select.seat-deck)
      const decks = String(value).split(',');
      for (let s = 0; s < decks.length; ++s) await page.selectOption(`select.seat-deck[data-seat="${s}"]`, decks[s]);
      continue;
    }
    await page.fill(`[data-option=${q(name)}]`, String(value));
  }
  for (const [seat, kind] of Object.entries(seats)) await page.selectOption(`select.seat-kind[data-seat=${q(seat)}]`, kind);
  for (const [seat, name] of Object.entries(names)) await page.fill(`#seat-name-${seat}`, name);
  if (seed !== undefined) await page.fill('#new-seed', String(seed));
  if (hotSeat) await page.check('#hot-seat');
  await page.click('#create-table');
  await page.waitForURL(/\/t\/[0-9a-f]+(\?seat=\d+)?$/);
  const id = new URL(page.url()).pathname.split('/')[2];
  const stored = await storedKeys(page, id);
  const held = Object.keys(stored.keys).map(Number).sort((a, b) => a - b);
  return { id, key: held.length ? stored.keys[held[0]] : null, stored };
}

// openLobby then createTable.
export async function createFromLobby(page, game, setup) {
  await openLobby(page, game);
  return createTable(page, setup);
}

// Clicks the button of `text` in the #actions list.
export async function clickAction(page, text) {
  await page.click(`#actions button.action[data-action=${q(text)}]`);
}

// Clicks the hex `at` of the rise-hex board, then the button of `text` in the hex's menu
// when the hex offers several actions.
export async function clickHex(page, at, text) {
  await page.click(`#hex-board g.hex.target[data-at=${q(at)}]`);
  const menu = await page.$(`#hex-choices button[data-action=${q(text)}]`);
  if (menu) await menu.click();
}

// Clicks the card-game board element `selector`, then the item of `text` in the action
// menu when the element opens one (it names several actions).
export async function clickBoard(page, selector, text) {
  await page.click(selector);
  if (await page.locator('#board .act-menu').count()) {
    await page.click(`#board .act-menu button.menu-action[data-menu-action=${q(text)}]`);
  }
}
