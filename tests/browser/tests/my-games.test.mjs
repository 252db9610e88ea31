// Issue 38: the lobby lists "My games", the tables this browser holds a seat of, with what
// the seat's view says now: its turn, then, once it resigned, the result. A table it holds
// no seat of is not listed there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, api, watchErrors, createFromLobby } from './helpers.mjs';

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
