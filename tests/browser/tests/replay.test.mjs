// The replay page of finished games: stepping through a rise-hex game of two computer players
// with the buttons, the arrow keys, the slider and the list of actions, each step's board
// checked against the server's view of that step (GET /api/tables/ID/view?at=K); and a
// dark-legacy game stepped as a spectator sees it (hand counts, never a hand).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, api, watchErrors } from './helpers.mjs';

// Creates a table of two `random` players and waits until its game is over; returns
// {id, version}.
async function finishedTable(game, options, seed) {
  const created = await api('POST', '/api/tables', { game, options, seats: ['random', 'random'], seed });
  const deadline = Date.now() + 30000;
  for (;;) {
    const view = await api('GET', `/api/tables/${created.id}/view`);
    if (view.terminal) return { id: created.id, version: view.version };
    assert.ok(Date.now() < deadline, `the ${game} game of two random players ends`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const waitStep = (page, k) => page.waitForSelector(`#replay-page[data-step="${k}"]`, { timeout: 10000 });

// The rise-hex board drawn: "at:worker" per tile and "at:color:height" per tower, sorted.
const boardOf = (page) => page.$$eval('#hex-board g.hex:not(.ghost)', (gs) => gs.map((g) => {
  const tower = g.querySelector('.tower');
  return `${g.dataset.at}:${g.querySelector('.worker')?.dataset.color || ''}`
    + (tower ? `:${tower.dataset.color}:${tower.dataset.height}` : '');
}).sort());
const boardOfView = (view) => view.observation.tiles
  .map((t) => `${t.at}:${t.worker || ''}` + (t.tower ? `:${t.tower}:${t.tiers}` : '')).sort();

test('replay: stepping through a finished rise-hex game', { timeout: 60000 }, async () => {
  const { id, version: last } = await finishedTable('rise-hex', { turn_limit: '8' }, 21);
  const replay = await api('GET', `/api/tables/${id}/replay`);
  assert.equal(replay.actions.length, last);
  assert.ok(last >= 6, `a game of several actions (${last})`);
  const at = (k) => api('GET', `/api/tables/${id}/view?at=${k}`);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    // Checks that the page shows step k: its board, the position line, the list's mark, the URL.
    async function expectStep(k) {
      await waitStep(page, k);
      assert.deepEqual(await boardOf(page), boardOfView(await at(k)), `the board of step ${k}`);
      assert.equal(await page.$eval('#replay-step', (s) => s.value), String(k));
      const current = await page.$$eval('#replay-actions li.current', (lis) => lis.map((li) => li.dataset.step));
      assert.deepEqual(current, k > 0 ? [String(k)] : []);
      const line = await page.textContent('#replay-position');
      if (k === 0) assert.match(line, new RegExp(`^Initial position \\(step 0 of ${last}\\)`));
      else assert.ok(line.startsWith(`Step ${k} of ${last} — `) && line.includes(`: ${replay.actions[k - 1]}.`), line);
      assert.equal(new URL(page.url()).searchParams.get('at'), String(k));
      assert.equal(await page.locator('#hex-board g.hex.target').count(), 0, 'nothing to click in a replay');
    }

    await page.goto(`${BASE}/t/${id}?replay=1`);
    await expectStep(last);  // the final position first
    assert.deepEqual(await boardOf(page), boardOfView(await api('GET', `/api/tables/${id}/view`)));
    assert.equal(await page.locator('#replay-actions li').count(), last);
    // A table of computer players with the creator's seed: no commitment, the seed shown.
    await page.waitForSelector('#fair[data-check="creator"]');
    assert.match(await page.textContent('#fair-result'), /creator of this table chose its seed: 21\b/);
    assert.equal(await page.textContent('#replay-seed'), '21');
    assert.equal(await page.isDisabled('#replay-next'), true);
    assert.equal(await page.isDisabled('#replay-last'), true);

    await page.click('#replay-first');
    await expectStep(0);
    assert.equal(await page.isDisabled('#replay-prev'), true);
    await page.keyboard.press('ArrowRight');  // the page's keys: → ← Home End
    await expectStep(1);
    await page.click('#replay-next');
    await expectStep(2);
    await page.keyboard.press('ArrowLeft');
    await expectStep(1);
    const mid = Math.floor(last / 2) + 1;
    await page.click(`#replay-actions li[data-step="${mid}"] button`);  // an action of the list
    await expectStep(mid);
    await page.click('#replay-prev');
    await expectStep(mid - 1);
    await page.focus('#replay-step');  // the slider, from the keyboard
    await page.keyboard.press('ArrowRight');
    await expectStep(mid);
    await page.keyboard.press('Home');
    await expectStep(0);
    await page.click('#replay-last');
    await expectStep(last);

    // A link to a step opens it.
    await page.goto(`${BASE}/t/${id}?replay=1&at=3`);
    await expectStep(3);
    await page.keyboard.press('End');
    await expectStep(last);
    assert.equal(await page.$eval('#error', (e) => e.hidden), true);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('replay: a finished card game is stepped as a spectator sees it', { timeout: 60000 }, async () => {
  const { id, version: last } = await finishedTable('dark-legacy', { turn_limit: '2' }, 3);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE}/t/${id}?replay=1`);
    await waitStep(page, last);
    for (const k of [0, 1, Math.floor(last / 2), last]) {
      await page.goto(`${BASE}/t/${id}?replay=1&at=${k}`);
      await waitStep(page, k);
      const view = await api('GET', `/api/tables/${id}/view?at=${k}`);
      assert.equal(view.seat, -1);
      assert.equal(await page.locator('#hand').count(), 0, `no hand drawn as one's own at step ${k}`);
      const pills = (await page.$$eval('#board .cg-pill', (ps) => ps.map((p) => p.textContent)))
        .filter((t) => t.startsWith('Hand: '));
      assert.deepEqual(pills.sort(), view.observation.players.map((p) => `Hand: ${p.hand_count}`).sort(), `step ${k}`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
