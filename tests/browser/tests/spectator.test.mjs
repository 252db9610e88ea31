// A spectator of a rise-hex table, in a second browser context: it finds the table in the
// lobby, sees the board follow the player's moves and has no actions, undo, hint or resign.
// The player takes its seat with the join link of the table created by the API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, launch, api, storedKeys, watchErrors, tableState, waitForVersionAbove, waitForVersion, waitForDecision, clickHex,
} from './helpers.mjs';

// The tiles and workers drawn: "at:worker" per tile, sorted.
const boardOf = (page) => page.$$eval('#hex-board g.hex:not(.ghost)', (gs) => gs
  .map((g) => `${g.dataset.at}:${g.querySelector('.worker')?.dataset.color || ''}`).sort());

test('rise-hex: a spectator sees the board update and cannot act', { timeout: 90000 }, async () => {
  const created = await api('POST', '/api/tables', { game: 'rise-hex', seats: ['human', 'random'], seed: 5 });
  const browser = await launch();
  try {
    const player = await (await browser.newContext()).newPage();
    const watcher = await (await browser.newContext()).newPage();
    const errors = [...[player, watcher].map(watchErrors)];

    // The join link claims seat 0 for the player's browser, and leaves the address bar.
    assert.match(created.seats[0].join, new RegExp(`^/t/${created.id}#invite=[0-9a-f]{32}$`));
    await player.goto(`${BASE}${created.seats[0].join}`);
    await waitForDecision(player);
    assert.equal(player.url(), `${BASE}/t/${created.id}`);
    assert.equal((await tableState(player)).seat, 0);
    assert.match((await storedKeys(player, created.id)).keys[0], /^[0-9a-f]{32}$/);

    // The spectator comes from the lobby's list of open tables.
    await watcher.goto(`${BASE}/`);
    const link = watcher.locator(`#tables a.table-link[href="/t/${created.id}"]`);
    await link.waitFor();
    await link.click();
    await watcher.waitForURL(`${BASE}/t/${created.id}`);
    await watcher.waitForSelector('#hex-board g.hex');
    const w0 = await tableState(watcher);
    assert.equal(w0.seat, -1);
    assert.match(await watcher.textContent('#status'), /^Watching\./);
    assert.equal(await watcher.locator('#actions button.action').count(), 0);
    assert.equal(await watcher.locator('#hex-board g.hex.target').count(), 0);
    assert.equal(await watcher.locator('#hex-board g.hex[tabindex]').count(), 0);
    assert.equal(await watcher.isVisible('#undo'), false);
    assert.equal(await watcher.isVisible('#hint'), false);
    assert.equal(await watcher.isVisible('#resign'), false);
    assert.equal(await watcher.isVisible('#delete-table'), false);
    assert.deepEqual(await boardOf(watcher), await boardOf(player));

    // Red places a worker on 2,0 by a click: the spectator's board follows.
    await clickHex(player, '2,0', 'worker 2,0');
    await waitForVersionAbove(watcher, w0.version);
    await watcher.waitForSelector('#hex-board g.hex[data-at="2,0"] .worker[data-color="red"]');
    // ... and the random computer's turn (two actions) arrives as well.
    await waitForVersionAbove(watcher, w0.version + 2);
    await waitForDecision(player);
    const view = await api('GET', `/api/tables/${created.id}/view`);
    await waitForVersion(watcher, view.version);
    assert.deepEqual(await boardOf(watcher), await boardOf(player));
    assert.equal(await watcher.locator('#log li').count(), view.log.length);
    assert.equal(await watcher.locator('#actions button.action').count(), 0);
    assert.equal(await watcher.locator('#hex-board g.hex.target').count(), 0);
    assert.deepEqual(errors.flat(), []);
  } finally {
    await browser.close();
  }
});
