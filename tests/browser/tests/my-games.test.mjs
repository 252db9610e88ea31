// Issue 38: the lobby lists "My games", the tables this browser holds a seat of, with what
// the seat's view says now: its turn, then, once it resigned, the result. A table it holds
// no seat of is not listed there. The finished games are listed for everyone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, api, viewOf, watchErrors, createFromLobby } from './helpers.mjs';

test('my games: the tables this browser plays, with their state', { timeout: 60000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const { id, key } = await createFromLobby(page, 'rise-hex', { seats: { 1: 'random' } });
    const other = await api('POST', '/api/tables', { game: 'rise-hex', seats: ['random', 'random'], seed: 4 });

    await page.goto(`${BASE}/`);
    const mine = page.locator(`#my-games li[data-table="${id}"]`);
    await mine.waitFor();
    assert.match(await mine.textContent(), /^Rise! — Red; your turn; 0 actions$/);
    assert.equal(await mine.locator('a.table-link').getAttribute('href'), `/t/${id}`);
    assert.equal(await page.locator(`#my-games li[data-table="${other.id}"]`).count(), 0);

    await api('POST', `/api/tables/${id}/resign`, { key });
    await page.reload();
    await page.locator(`#my-games li[data-table="${id}"][data-terminal="true"]`).waitFor();
    assert.match(await mine.textContent(), /; game over: you lost; /);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// Issue 38: the lobby lists the newest finished games (GET /api/tables?status=finished), each
// with how it ended and a link to its replay.
test('finished games: how each ended, and its replay', { timeout: 60000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const played = await api('POST', '/api/tables',
      { game: 'rise-hex', options: { turn_limit: '4' }, seats: ['random', 'random'], seed: 5 });
    const resigned = await createFromLobby(page, 'rise-hex', { seats: { 1: 'random' } });
    await api('POST', `/api/tables/${resigned.id}/resign`, { key: resigned.key });
    for (let i = 0; i < 200 && !(await viewOf(played.id)).terminal; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
    }

    await page.goto(`${BASE}/`);
    const row = page.locator(`#finished-games li[data-table="${resigned.id}"]`);
    await row.waitFor();
    assert.match(await row.textContent(), /^Replay Rise! — Red resigned; \d+ actions?; created /);
    const done = page.locator(`#finished-games li[data-table="${played.id}"]`);
    await done.waitFor();
    const result = (await viewOf(played.id)).returns;
    const words = result[0] > 0 ? 'Red won' : result[1] > 0 ? 'Blue won' : 'a draw';
    assert.match(await done.textContent(), new RegExp(`^Replay Rise! — ${words}; \\d+ actions; `));
    assert.equal(await row.locator('a.table-link').getAttribute('href'), `/t/${resigned.id}?replay=1`);
    await row.locator('a.table-link').click();
    await page.waitForSelector('#replay-page');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
