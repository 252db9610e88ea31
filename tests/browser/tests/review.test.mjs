// Issue 38: the review of a finished game on its replay page, for each of the four games: the
// "Review the game" button starts it, the progress shows, then each seat's chance to win over
// the game (an SVG line per seat), its totals and mistakes as the server's review has them
// (GET /api/tables/ID/review), and a click on a mistake shows the position of that decision.
// A screenshot of each review is written to $RISE_E2E_OUT (run.sh: browser-output/review-*.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { BASE, launch, api, watchErrors } from './helpers.mjs';

const OUT = process.env.RISE_E2E_OUT || join(tmpdir(), 'rise-browser-output');

// Short games of two random players (their mistakes are what a review finds).
const GAMES = [
  ['rise-hex', { turn_limit: '8' }, 21],
  ['rise-tcg', { turn_limit: '3' }, 4],
  ['dark-legacy', { turn_limit: '2' }, 3],
  ['raise-rise-die', {}, 5],
];

async function finishedTable(game, options, seed) {
  const created = await api('POST', '/api/tables', { game, options, seats: ['random', 'random'], seed });
  const deadline = Date.now() + 30000;
  for (;;) {
    const view = await api('GET', `/api/tables/${created.id}/view`);
    if (view.terminal) return created.id;
    assert.ok(Date.now() < deadline, `the ${game} game of two random players ends`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('the review of a finished game of each game on its replay page', { timeout: 240000 }, async () => {
  mkdirSync(OUT, { recursive: true });
  const browser = await launch();
  try {
    for (const [game, options, seed] of GAMES) {
      const id = await finishedTable(game, options, seed);
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors = watchErrors(page);
      await page.goto(`${BASE}/t/${id}?replay=1`);
      await page.waitForSelector('#review-start');
      await page.click('#review-start');
      await page.waitForSelector('#review-graph', { timeout: 120000 });
      const review = await api('GET', `/api/tables/${id}/review`);  // kept: the page's review
      assert.equal(review.game, game);
      const lines = await page.$$eval('#review-graph polyline', (ls) => ls.map((l) => l.dataset.seat));
      assert.deepEqual(lines, review.seats.map((s) => String(s.seat)), `${game}: a line per seat`);
      const seats = await page.$$eval('#review-seats li', (ls) => ls.map((l) => l.textContent));
      assert.equal(seats.length, review.seats.length);
      review.seats.forEach((s, k) => assert.match(seats[k],
        new RegExp(`: ${s.decisions} decisions, mean loss ${(100 * s.mean_loss).toFixed(1)} points, ${s.mistakes} mistake\\(s\\), ${s.blunders} blunder\\(s\\)$`)));
      const worst = review.decisions.filter((d) => d.loss >= 0.1).sort((a, b) => b.loss - a.loss).slice(0, 5);
      const listed = await page.$$eval('#review-mistakes button', (bs) => bs.map((b) => b.textContent));
      assert.equal(listed.length, worst.length, `${game}: the biggest mistakes`);
      if (worst.length) {
        assert.ok(listed[0].startsWith(`Action ${worst[0].index + 1}, `), listed[0]);
        assert.ok(listed[0].includes(`played ${worst[0].played} `), listed[0]);
        await page.click('#review-mistakes button >> nth=0');
        await page.waitForSelector(`#replay-page[data-step="${worst[0].index}"]`);
      }
      await page.screenshot({ path: join(OUT, `review-${game}.png`), fullPage: true });
      assert.deepEqual(errors, []);
      await page.close();
    }
  } finally {
    await browser.close();
  }
});
