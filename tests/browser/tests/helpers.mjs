// Shared helpers of the browser tests: the server address (RISE_URL, set by run.sh), the
// Debian chromium launched headless by playwright-core, API calls and waits on the table page.
import { chromium } from 'playwright-core';

export const BASE = process.env.RISE_URL || 'http://127.0.0.1:8080';

// Launches /usr/bin/chromium (or $CHROMIUM) headless.
export function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true });
}

// Calls the JSON API directly (to set up tables or compare with what the page shows).
export async function api(method, path, body) {
  const res = await fetch(BASE + path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

// The seat keys of a created table: {seat: key}.
export function keysOf(created) {
  const keys = {};
  for (const s of created.seats) if (s.join) keys[s.seat] = new URL(s.join, BASE).searchParams.get('key');
  return keys;
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
