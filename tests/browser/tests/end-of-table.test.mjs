// How a table ends from the page, and the fair-shuffle check once it has: a player resigns
// (a two-step confirm inside the page), both players' pages say who resigned and who won, and
// the #fair panel checks that the seed the server revealed hashes to the commitment it
// published at creation (SHA-256, computed here too); the replay page checks it as well. The
// creator deletes a table (two-step confirm) and is back in the lobby; a spectator sees the
// table end. A game of computer players ended by its rules is checked the same way. The
// tables have no seed: the server draws it and commits to it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  BASE, launch, api, viewOf, storedKeys, watchErrors, tableState, waitForDecision, createFromLobby, clickHex,
} from './helpers.mjs';

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

test('resign from the page: the result, and the fair shuffle checked against its commitment', { timeout: 90000 }, async () => {
  const browser = await launch();
  try {
    const a = await (await browser.newContext()).newPage();
    const b = await (await browser.newContext()).newPage();
    const errors = [a, b].map(watchErrors);

    // A creates a rise-hex table of two humans, without a seed; B joins with the link.
    const { id, key, stored } = await createFromLobby(a, 'rise-hex', { seats: { 1: 'human' } });
    assert.match(stored.commitment, /^[0-9a-f]{64}$/, 'the creation answer published a commitment');
    await b.goto(await a.locator('#invite a.join-link[data-seat="1"]').getAttribute('href'));
    await waitForDecision(a);
    await b.waitForSelector('#hex-board g.hex');
    assert.equal((await tableState(b)).seat, 1);
    const bKey = (await storedKeys(b, id)).keys[1];

    // While the game is open: the commitment, no seed.
    const open = await viewOf(id, key);
    assert.deepEqual(open.fair, { chosen_by: 'server', commitment: stored.commitment });
    for (const p of [a, b]) {
      await p.waitForSelector('#fair[data-check="open"]');
      assert.equal(await p.textContent('#fair-commitment'), stored.commitment);
      assert.equal(await p.locator('#fair-seed').count(), 0, 'no seed before the end');
    }

    // Red plays once, then resigns: Escape (or Cancel) backs out of the question first.
    await clickHex(a, '2,0', 'worker 2,0');
    await a.waitForFunction(() => document.querySelector('#table').dataset.version === '1');
    assert.equal(await a.isVisible('#resign-confirm'), false);
    await a.click('#resign');
    assert.equal(await a.isVisible('#resign-confirm'), true);
    assert.equal(await a.evaluate(() => document.activeElement.id), 'resign-cancel', 'the question has the focus');
    await a.keyboard.press('Escape');
    assert.equal(await a.isVisible('#resign-confirm'), false);
    assert.equal(await a.evaluate(() => document.activeElement.id), 'resign');
    assert.equal((await viewOf(id, key)).terminal, false, 'backing out did not resign');
    await a.click('#resign');
    await a.click('#resign-confirm');

    for (const p of [a, b]) await p.waitForSelector('#table[data-terminal="true"]');
    const over = await viewOf(id, bKey);
    assert.equal(over.ended, 'resigned');
    assert.equal(over.resigned_seat, 0);
    assert.deepEqual(over.returns, [-1, 1]);
    assert.match(await a.textContent('#status'), /^Game over: Red resigned; Blue wins\. You lose\.$/);
    assert.match(await b.textContent('#status'), /^Game over: Red resigned; Blue wins\. You win!$/);
    for (const p of [a, b]) {
      assert.equal(await p.isVisible('#resign'), false, 'no resign once over');
      assert.equal(await p.locator('#actions button.action').count(), 0);
    }

    // Once over: seed and salt revealed; the message hashes to the commitment of creation.
    const { fair } = over;
    assert.equal(fair.commitment, stored.commitment);
    assert.match(fair.seed, /^\d+$/);
    assert.equal(fair.message, `rise-seed:${id}:${fair.seed}:${fair.salt}`);
    assert.equal(sha256(fair.message), fair.commitment);
    for (const p of [a, b]) {
      await p.waitForSelector('#fair[data-check="match"]');
      assert.match(await p.textContent('#fair-result'), /matches the commitment/);
      assert.equal(await p.textContent('#fair-commitment'), fair.commitment);
      assert.equal(await p.textContent('#fair-seed'), fair.seed);
      assert.equal(await p.textContent('#fair-salt'), fair.salt);
      assert.equal(await p.textContent('#fair-message'), fair.message);
      assert.equal(await p.textContent('#fair-shell'), `printf '%s' '${fair.message}' | sha256sum`);
    }
    // The page's check refuses what does not hash to the commitment, or names another seed.
    const checks = await a.evaluate(async ([t, f]) => {
      const { checkFair } = await import('/fair.js');
      return Promise.all([
        checkFair(t, f),
        checkFair(t, { ...f, commitment: f.commitment.replace(/^./, (c) => (c === '0' ? '1' : '0')) }),
        checkFair(t, { ...f, salt: `${f.salt}0`, message: `${f.message}0` }),
        checkFair(t, { ...f, seed: `${f.seed}1` }),
      ]).then((r) => r.map((x) => x.check));
    }, [id, fair]);
    assert.deepEqual(checks, ['match', 'mismatch', 'mismatch', 'mismatch']);

    // The replay page checks the same.
    await a.click('#replay-link');
    await a.waitForSelector('#replay-page #fair[data-check="match"]');
    assert.equal(await a.textContent('#replay-seed'), fair.seed);
    // Issue 38: the replay of a resigned game says so (it read "Result: unfinished").
    assert.equal(await a.textContent('#replay-result'), 'Red: loss, Blue: win — Red resigned');
    // A finished table's page does not say "● live".
    assert.equal(await b.textContent('#connection'), '■ game over');
    assert.deepEqual(errors.flat(), []);
  } finally {
    await browser.close();
  }
});

test('the creator deletes the table: back to the lobby, the table is gone', { timeout: 60000 }, async () => {
  const browser = await launch();
  try {
    const owner = await (await browser.newContext()).newPage();
    const watcher = await (await browser.newContext()).newPage();
    const errors = [owner, watcher].map(watchErrors);

    const { id, key, stored } = await createFromLobby(owner, 'rise-hex', { seats: { 1: 'random' } });
    assert.match(stored.owner, /^[0-9a-f]{32}$/);
    await waitForDecision(owner);
    await watcher.goto(`${BASE}/t/${id}`);
    await watcher.waitForSelector('#hex-board g.hex');
    assert.equal(await watcher.isVisible('#delete-table'), false, 'only the creator may delete');
    assert.equal(await owner.isVisible('#delete-table'), true);

    // Cancel first, then delete.
    await owner.click('#delete-table');
    await owner.click('#delete-table-cancel');
    assert.equal(await owner.isVisible('#delete-table-confirm'), false);
    assert.equal((await viewOf(id, key)).terminal, false);
    await owner.click('#delete-table');
    await owner.click('#delete-table-confirm');
    await owner.waitForURL(`${BASE}/`);
    await owner.waitForSelector('#new-game');
    assert.equal(await storedKeys(owner, id), null, 'the browser forgot the deleted table');
    await assert.rejects(viewOf(id), /404 .*unknown_table/);

    // The spectator's page sees the table end (the stream's last view) and no winner.
    await watcher.waitForSelector('#table[data-terminal="true"]');
    assert.match(await watcher.textContent('#status'), /The table was deleted by its creator \(no winner\)/);
    // The lobby no longer lists it.
    await owner.waitForSelector('#tables li');
    assert.equal(await owner.locator(`#tables li[data-table="${id}"]`).count(), 0);
    assert.deepEqual(errors.flat(), []);
  } finally {
    await browser.close();
  }
});

test('a game ended by its rules: the table page checks the seed the server drew', { timeout: 60000 }, async () => {
  // Two computer players and no seed: the server draws it and commits to it, as for humans.
  const created = await api('POST', '/api/tables', { game: 'rise-hex', options: { turn_limit: '6' }, seats: ['random', 'random'] });
  assert.equal(created.fair.chosen_by, 'server');
  let view;
  for (const deadline = Date.now() + 30000; !(view = await viewOf(created.id)).terminal;) {
    assert.ok(Date.now() < deadline, 'the game of two random players ends');
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(view.ended, 'rules');
  assert.equal(view.fair.commitment, created.fair.commitment);
  assert.equal(sha256(view.fair.message), created.fair.commitment);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE}/t/${created.id}`);
    await page.waitForSelector('#fair[data-check="match"]');
    assert.match(await page.textContent('#status'), /^Watching\. Game over: /);
    assert.equal(await page.textContent('#fair-seed'), view.fair.seed);
    assert.equal(await page.textContent('#fair-commitment'), created.fair.commitment);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
