// A whole game of rise-hex played by clicks on the SVG board, from the lobby to the result,
// against the `random` computer player; then the replay page and download.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, launch, api, viewOf, watchErrors, tableState, waitForVersionAbove, waitForDecision, openLobby, createTable, clickHex, clickAction,
} from './helpers.mjs';

const SINGLE = /^(tile|worker|eliminate|free|sacrifice|remove-tier) (-?\d+,-?\d+)$/;
const TWO = /^(move|jump) (-?\d+,-?\d+)>(-?\d+,-?\d+)$/;

// The test player's choice: grow for its first decisions (every kind of click: tiles,
// workers, moves), then attack; deterministic for a given list.
const GROW = ['sacrifice', 'worker', 'move', 'tile', 'jump', 'eliminate', 'free', 'remove-tier', 'pass'];
const ATTACK = ['jump', 'eliminate', 'sacrifice', 'worker', 'move', 'tile', 'free', 'remove-tier', 'pass'];
function choose(legal, step) {
  const order = step < 12 ? (step % 3 === 2 ? ['move', ...GROW] : step % 3 === 1 ? ['tile', ...GROW] : GROW) : ATTACK;
  for (const word of order) {
    const some = legal.filter((t) => t.split(' ')[0] === word);
    if (some.length) return some[(step * 7) % some.length];
  }
  return legal[0];
}

// Plays `text` by clicking the board: one click for an action naming one hex (a menu button
// when the hex offers several), the worker then its destination for a move or jump.
async function playByClicks(page, text) {
  let m = TWO.exec(text);
  if (m) {
    const [, , from, to] = m;
    await page.click(`#hex-board g.hex.target[data-at="${from}"]`);
    if (!(await page.$(`#hex-board g.hex.selected[data-at="${from}"]`))) {
      // The hex offers other actions too: choose "move or jump" in its menu.
      await page.click('#hex-choices button.hex-choice:not([data-action]):has-text("Move or jump")');
    }
    await page.waitForSelector(`#hex-board g.hex.selected[data-at="${from}"]`);
    await page.click(`#hex-board g.hex.target[data-at="${to}"]`);
    return;
  }
  m = SINGLE.exec(text);
  if (m) {
    await clickHex(page, m[2], text);
    return;
  }
  await clickAction(page, text);
}

test('rise-hex: a full game by clicks against random, to the result', { timeout: 150000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);

    // The lobby: game, a short turn limit, a random opponent, a seed.
    await openLobby(page, 'rise-hex');
    assert.equal(await page.$eval('select.seat-kind[data-seat="0"]', (s) => s.value), 'human');
    const { id, key } = await createTable(page, { options: { turn_limit: 14 }, seats: { 1: 'random' }, seed: 11 });
    await page.waitForSelector('#hex-board g.hex');

    const state0 = await tableState(page);
    assert.equal(state0.seat, 0);
    assert.equal(await page.getAttribute('#table', 'data-game'), 'rise-hex');
    // The start formation: 12 tiles, a red worker on 1,0 and a blue one on 6,0.
    assert.equal(await page.locator('#hex-board g.hex:not(.ghost)').count(), 12);
    assert.equal(await page.locator('#hex-board g.hex[data-at="1,0"] .worker[data-color="red"]').count(), 1);
    assert.equal(await page.locator('#hex-board g.hex[data-at="6,0"] .worker[data-color="blue"]').count(), 1);
    assert.match(await page.textContent('#hex-actions-left'), /1 action left/);
    // The invite panel offers the spectator link.
    assert.equal(await page.getAttribute('#invite a.spectate-link', 'href'), `${BASE}/t/${id}`);

    let step = 0;
    let clicks = 0;
    const played = [];
    for (;;) {
      const st = await waitForDecision(page);
      if (st.terminal) break;
      const legal = await page.$$eval('#actions button.action', (bs) => bs.map((b) => b.dataset.action));
      assert.ok(legal.length > 0);
      // Every hex a legal action names is highlighted as a target.
      const targets = new Set(await page.$$eval('#hex-board g.hex.target', (gs) => gs.map((g) => g.dataset.at)));
      for (const t of legal) {
        const cell = (SINGLE.exec(t) || TWO.exec(t) || [])[2];
        if (cell) assert.ok(targets.has(cell), `${t}: hex ${cell} is not highlighted`);
      }
      const text = choose(legal, step++);
      await playByClicks(page, text);
      if (text !== 'pass') ++clicks;
      played.push(text);
      await waitForVersionAbove(page, st.version);
      assert.equal(await page.$eval('#error', (e) => e.hidden), true, 'no refusal shown');
      assert.ok(step < 400, 'the game ends');
    }
    console.log(`${played.length} decisions by clicks, result shown: ${await page.textContent("#status")}`);
    assert.ok(clicks > 5, `played by board clicks: ${played.join('; ')}`);
    for (const word of ['tile', 'worker', 'move']) {
      assert.ok(played.some((t) => t.startsWith(word)), `a '${word}' was clicked: ${played.join('; ')}`);
    }

    // The result shown is the server's result.
    const view = await viewOf(id, key);
    assert.equal(view.terminal, true);
    const result = view.observation.result;
    assert.ok(['red', 'blue', 'draw'].includes(result));
    const status = await page.textContent('#status');
    const expected = { red: /Game over: Red wins\. You win!/, blue: /Game over: Blue wins\. You lose\./, draw: /Game over: a draw\./ }[result];
    assert.match(status, expected);
    assert.equal(await page.locator('#actions button.action').count(), 0);
    assert.equal(await page.locator('#hex-board g.hex:not(.ghost)').count(), view.observation.tiles.length);
    assert.equal(await page.locator('#log li').count(), view.log.length);

    // The replay: link and download once finished.
    // The seed was the creator's (this server allows it at a table with a human): shown, no commitment.
    assert.equal(view.fair.chosen_by, 'creator');
    await page.waitForSelector('#fair[data-check="creator"]');
    assert.match(await page.textContent('#fair-result'), /creator of this table chose its seed: 11\b/);

    await page.waitForSelector('#replay-link', { state: 'visible' });
    assert.equal(await page.getAttribute('#replay-download', 'href'), `/api/tables/${id}/replay`);
    const replay = await api('GET', `/api/tables/${id}/replay`);
    assert.equal(replay.actions.length, view.version);
    await page.click('#replay-link');
    await page.waitForSelector('#replay-actions li');
    assert.equal(await page.locator('#replay-actions li').count(), replay.actions.length);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#replay-download')]);
    // saveAs, not path(): the browser may run in another process (run.sh's browser server).
    const fs = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rise-e2e-download-'));
    const file = path.join(dir, 'replay.json');
    await download.saveAs(file);
    const saved = JSON.parse(await fs.readFile(file, 'utf8'));
    await fs.rm(dir, { recursive: true });
    assert.deepEqual(saved.actions, replay.actions);

    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// Issue 20: a hint explains itself: beside the hinted action, the search's best actions
// (at most 3, the first the hinted one) with their estimated chance to win and share of
// the search; the hinted action's button is highlighted.
test('rise-hex: a hint names the search\'s best actions with their estimates', { timeout: 150000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await openLobby(page, 'rise-hex');
    await createTable(page, { options: { turn_limit: 14 }, seats: { 1: 'random' }, seed: 12 });
    await page.waitForSelector('#hex-board g.hex');
    await page.click('#hint');
    await page.waitForSelector('#hint-explanation', { timeout: 120000 });
    const first = await page.$eval('#hint-text', (p) => p.firstChild.textContent);
    const m = /^Hint from mcts:iters=\d+: (.+)$/.exec(first);
    assert.ok(m, first);
    const action = m[1];
    const explanation = await page.textContent('#hint-explanation');
    assert.ok(explanation.startsWith(`The search's view: ${action} (win `), explanation);
    // Red's first action places one of many workers: three candidates, each with its numbers.
    assert.equal((explanation.match(/\(win \d+%, \d+%( of the search)?[;)]/g) || []).length, 3, explanation);
    assert.match(explanation, / · also: /);
    assert.equal(await page.$eval('#actions button.action.hint', (b) => b.dataset.action), action);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
