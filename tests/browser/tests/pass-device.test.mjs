// Hot-seat card game (rise-tcg, both seats human in one browser): the page covers the hands
// with a full-page "pass the device" screen (web/pass-screen.js) when it opens and whenever
// it switches to the other seat. While the screen is up no card of any hand is in the page,
// even once the next seat's view has arrived; Enter or a tap on the screen shows the board,
// with exactly the hand the server gives that seat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, viewOf, watchErrors, waitForVersionAbove, createFromLobby, clickAction, tableState } from './helpers.mjs';

// Asserts that the screen is up for `seat` and that no card of a hand is in the page.
async function assertCovered(page, seat, title) {
  await page.waitForSelector(`#pass-screen[data-seat="${seat}"]`);
  assert.equal(await page.textContent('#pass-title'), title);
  assert.equal(await page.locator('#hand').count(), 0, 'no hand under the screen');
  assert.equal(await page.locator('#board .card[data-object-id]').count(), 0, 'no card under the screen');
  assert.equal(await page.locator('#actions button').count(), 0, 'no action under the screen');
}

// The object ids of the page's #hand and of the server's view of the seat of `key`.
async function hands(page, id, key) {
  const view = await viewOf(id, key);
  const shown = await page.$$eval('#hand .card[data-object-id]', (ns) => ns.map((n) => Number(n.dataset.objectId)).sort((a, b) => a - b));
  return { shown, server: view.observation.players[view.seat].hand.map((c) => c.id).sort((a, b) => a - b), view };
}

test('rise-tcg hot-seat: the pass-the-device screen hides the hands between seats', { timeout: 60000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors = watchErrors(page);
    const { id, stored } = await createFromLobby(page, 'rise-tcg', { seats: { 1: 'human' }, hotSeat: true, seed: 8 });
    assert.deepEqual(Object.keys(stored.keys).sort(), ['0', '1']);

    // Opened covered, for the seat to decide.
    const start = await viewOf(id, stored.keys[0]);
    const first = start.current_player;
    await assertCovered(page, first, `Player ${first + 1} plays now`);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'pass-continue');
    // The page under the screen is inert: Tab reaches nothing of it.
    for (let k = 0; k < 3; ++k) {
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => [...document.body.children].some((n) => n.id !== 'pass-screen'
        && n.contains(document.activeElement) && document.activeElement !== document.body)), false);
    }
    await page.focus('#pass-continue');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#pass-screen', { state: 'detached' });
    await page.waitForSelector(`#table[data-seat="${first}"] #hand`);
    let h = await hands(page, id, stored.keys[first]);
    assert.ok(h.server.length > 0);
    assert.deepEqual(h.shown, h.server);

    // The first seat acts until the decision passes to the other seat: the screen comes back.
    const other = 1 - first;
    for (let k = 0; ; ++k) {
      assert.ok(k < 10, 'the decision passed to the other seat');
      const st = await tableState(page);
      const legal = (await viewOf(id, stored.keys[first])).legal.map((a) => a.text);
      await clickAction(page, legal.includes('keep') ? 'keep' : legal[0]);
      await waitForVersionAbove(page, st.version);
      if (await page.locator('#pass-screen').count()) break;
    }
    await assertCovered(page, other, `Pass the device to Player ${other + 1}`);
    // The other seat's view arrives (the page now holds it) and stays covered.
    await page.waitForSelector(`#table[data-seat="${other}"]`);
    await assertCovered(page, other, `Pass the device to Player ${other + 1}`);
    const html = await page.content();
    h = await hands(page, id, stored.keys[other]);
    for (const c of h.server) assert.ok(!html.includes(`data-object-id="${c}"`), `card #${c} of the hand is not in the page`);

    // A tap anywhere on the screen shows the other seat's hand.
    await page.click('#pass-screen', { position: { x: 10, y: 10 } });
    await page.waitForSelector('#pass-screen', { state: 'detached' });
    await page.waitForSelector('#hand');
    h = await hands(page, id, stored.keys[other]);
    assert.deepEqual(h.shown, h.server);
    assert.match(await page.textContent('#status'), new RegExp(`^Hot-seat\\. Your move \\(Player ${other + 1}\\)\\.`));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
