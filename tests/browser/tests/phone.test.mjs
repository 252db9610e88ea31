// Phone-sized screens (issue 20): the lobby and the table page of each game in Chromium's
// device emulation of a 390×844 phone (deviceScaleFactor 3, touch) overflow nothing
// horizontally: the document is no wider than the screen and no element's right edge is
// beyond it; the decision is on the first screen and the board one tap away (issue 38). A card game is checked again a few turns in (cards in play, combat, choices),
// after its seat played by a small policy through the API. A full-page screenshot of each is
// written to $RISE_E2E_OUT (run.sh: beside the rise binary, browser-output/phone-*.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { BASE, launch, api, viewOf, watchErrors, waitForVersion } from './helpers.mjs';
import { GAMES, openTable } from './pages.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const OUT = process.env.RISE_E2E_OUT || join(tmpdir(), 'rise-browser-output');

// The document's scroll width and the elements whose right edge passes the viewport's.
function overflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const bad = [];
    for (const n of document.querySelectorAll('body *')) {
      const r = n.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.right > width + 0.5) {
        const what = `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}.${[...n.classList].join('.')}`;
        bad.push(`${what} right=${Math.round(r.right)} "${(n.textContent || '').trim().slice(0, 40)}"`);
      }
    }
    return { width, scrollWidth: document.documentElement.scrollWidth, bad };
  });
}

async function check(page, name) {
  await page.screenshot({ path: join(OUT, `phone-${name}.png`), fullPage: true });
  const o = await overflow(page);
  assert.equal(o.width, 390, 'the page is laid out for the phone\'s width');
  assert.deepEqual(o.bad, [], `${name}: elements past the right edge`);
  assert.ok(o.scrollWidth <= 390, `${name}: the document is ${o.scrollWidth}px wide`);
}

// Issue 38: at 390×844 the decision (the status line and the actions panel with its first
// action) is on the first screen, above the board, and one tap on "Board ↓" brings the board
// to the top of the screen (or as far as the page scrolls).
async function decisionFirst(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const r = await page.evaluate(() => {
    const box = (q) => {
      const n = document.querySelector(q);
      if (!n) return null;
      const b = n.getBoundingClientRect();
      return { top: Math.round(b.top), bottom: Math.round(b.bottom) };
    };
    return { status: box('#table .status'), actions: box('#actions'), first: box('#actions > *') || box('#actions'),
      board: box('#board'), height: window.innerHeight };
  });
  assert.equal(r.height, 844);
  assert.ok(r.status.bottom <= r.height, `${name}: the status line ends at ${r.status.bottom}px`);
  assert.ok(r.first.bottom <= r.height, `${name}: the first action ends at ${r.first.bottom}px, below the first screen`);
  assert.ok(r.board.top > r.actions.bottom, `${name}: the board (${r.board.top}px) comes after the actions`);
  await page.tap('#jump-board');
  await page.waitForFunction(() => {
    const top = document.querySelector('#board').getBoundingClientRect().top;
    const end = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1;
    return Math.abs(top) < 2 || (end && top >= 0 && top < window.innerHeight);
  }, null, { timeout: 5000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

// What the page's seat plays: a card into play when it can, else ends the step.
const PLAY = /^(keep|invoke|levelup|attacker|block|choose|joue|defausse|cast|equip|charge|target)\b/;
const END = ['draw 1', 'attackers done', 'blocks done', 'pass', 'passe', 'laisse', 'fin'];
function policy(legal) {
  return legal.find((t) => PLAY.test(t)) || END.find((t) => legal.includes(t)) || legal[0];
}

// Plays `decisions` decisions of the seat of `key` at table `id` through the API (the AI
// answers meanwhile); returns the version at which the seat decides next (nothing moves
// then), or the final one.
async function play(id, key, decisions) {
  for (let n = 0; ;) {
    const view = await viewOf(id, key);
    if (view.terminal) return view.version;
    if (view.current_player === view.seat && view.legal.length) {
      if (n === decisions) return view.version;
      await api('POST', `/api/tables/${id}/actions`, { key, version: view.version, action: policy(view.legal.map((a) => a.text)) });
      n += 1;
    } else {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

test('phone size (390×844): lobby and every game\'s table fit the width', { timeout: 120000 }, async () => {
  mkdirSync(OUT, { recursive: true });
  const browser = await launch();
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE}/`);
    await page.waitForSelector('#new-seats .seat-row');
    await check(page, 'lobby');
    for (const g of GAMES) {
      const { id, key } = await openTable(page, g);
      await check(page, g.game);
      await decisionFirst(page, g.game);
      if (g.game === 'rise-hex') continue;
      await waitForVersion(page, await play(id, key, 25));
      await page.waitForTimeout(200);  // the renderer's stylesheet, the log's scroll
      await check(page, `${g.game}-later`);
      await decisionFirst(page, `${g.game}-later`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
