// One naming of the players on every page (web/names.js, issue 20): the name given at the
// table, else the game's colours (rise-hex: Red, Blue), else "Player 1", "Player 2"; in the
// lobby (seat rows, open tables), the table's status, board and log, and the replay page.
// The notation keeps its seat tags (p0, p1): the action buttons still send them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, api, viewOf, watchErrors, waitForDecision, createFromLobby, openLobby } from './helpers.mjs';
import { seatLabel, labelSeats } from '../../../web/names.js';

test('names.js: given names, colours, Player N; seat tags in texts', () => {
  assert.equal(seatLabel('rise-hex', 0), 'Red');
  assert.equal(seatLabel('rise-hex', 1, [{ seat: 0, kind: 'human' }, { seat: 1, kind: 'random' }]), 'Blue');
  assert.equal(seatLabel('rise-tcg', 2), 'Player 3');
  assert.equal(seatLabel('rise-hex', 1, [{ seat: 0 }, { seat: 1, name: ' Ada ' }]), 'Ada');
  assert.equal(seatLabel('dark-legacy', 0, [{ seat: 0, name: '' }]), 'Player 1');
  // A seat an outside bot claimed (docs/server.md, "Bots").
  assert.equal(seatLabel('rise-hex', 0, [{ seat: 0, kind: 'human', bot: 'randombot' }]), 'Red (bot randombot)');
  assert.equal(seatLabel('rise-tcg', 1, [{ seat: 0 }, { seat: 1, name: 'Ada', bot: 'b2' }]), 'Ada (bot b2)');
  const nameOf = (s) => seatLabel('rise-tcg', s);
  assert.equal(labelSeats('p0 blocks Ember Wolf #12 with Ashfang #7', nameOf), 'Player 1 blocks Ember Wolf #12 with Ashfang #7');
  assert.equal(labelSeats('--- turn 3: p1 ---', nameOf), '--- turn 3: Player 2 ---');
  assert.equal(labelSeats('choose p1.S2', nameOf), "choose Player 2's S2");
  assert.equal(labelSeats("p1's hero, step1, #p0, p0x", nameOf), "Player 2's hero, step1, #p0, p0x");
});

// Waits until a finished table of two random players; returns its id.
async function finished(game, options, seed) {
  const created = await api('POST', '/api/tables', { game, options, seats: ['random', 'random'], seed });
  for (let k = 0; k < 600; ++k) {
    if ((await api('GET', `/api/tables/${created.id}/view`)).terminal) return created.id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the ${game} game did not end`);
}

test('lobby, table and replay name the players alike', { timeout: 90000 }, async () => {
  const open = await api('POST', '/api/tables', { game: 'rise-tcg', seats: ['human', 'random'], seed: 8 });
  const hexDone = await finished('rise-hex', { turn_limit: '8' }, 21);
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = watchErrors(page);

    // Lobby: the seat rows, then the open tables.
    await openLobby(page, 'rise-hex');
    const rows = () => page.$$eval('#new-seats .seat-row label[for^="seat-kind-"]', (ls) => ls.map((l) => l.textContent));
    assert.deepEqual(await rows(), ['Red (moves first)', 'Blue']);
    await page.selectOption('#new-game', 'rise-tcg');
    assert.deepEqual(await rows(), ['Player 1', 'Player 2']);
    const meta = page.locator(`#tables li[data-table="${open.id}"] .table-meta`);
    await meta.waitFor();
    assert.match(await meta.textContent(), /^ — Player 1: human, Player 2: random; \d+ actions?; Player [12] to act/);

    // A rise-tcg table: status, board and log say "Player N", never "p0"; actions keep the notation.
    await createFromLobby(page, 'rise-tcg', { seats: { 1: 'random' }, seed: 8 });
    await waitForDecision(page);
    assert.match(await page.textContent('#status'), /^Your move \(Player 1\)\./);
    assert.equal(await page.textContent('.cg-seat[data-seat="0"] .cg-seat-head strong'), 'Player 1 (you)');
    assert.equal(await page.textContent('.cg-seat[data-seat="1"] .cg-seat-head strong'), 'Player 2');
    assert.equal(await page.textContent('.cg-info .cg-turn'), 'To decide: Player 1');
    const logs = await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
    assert.ok(logs.some((t) => /\bPlayer [12]\b/.test(t)), logs.join('\n'));
    const texts = [...logs, await page.textContent('#board'), await page.textContent('#status'), await page.textContent('#actions')];
    for (const t of texts) assert.doesNotMatch(t, /(^|[^\w#.])p\d\b/, `no seat tag shown: ${t}`);
    assert.ok(await page.locator('#actions button.action[data-action="keep"]').count(), 'the notation is unchanged');

    // The replay page of a rise-hex game: players, result and each step by colour.
    await page.goto(`${BASE}/t/${hexDone}?replay=1&at=2`);
    await page.waitForSelector('#replay-page[data-step="2"]');
    const facts = await page.$$eval('#replay-page dl.facts dd', (dds) => dds.map((d) => d.textContent));
    assert.equal(facts[1], 'Red: random, Blue: random');
    assert.match(await page.textContent('#replay-result'), /^Red: (win|loss|draw), Blue: (win|loss|draw)$/);
    assert.match(await page.textContent('#replay-position'), /^Step 2 of \d+ — Blue: /);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

// Issue 20: a name typed in the lobby's seat row is sent with the new table (`names`), and
// the table page, its status and the lobby's list show it instead of the colour.
test('a name given in the lobby is shown at the table', { timeout: 60000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = watchErrors(page);
    await openLobby(page, 'rise-hex');
    // Each name input has its label; the name survives a change of the seat count's rows.
    assert.equal(await page.textContent('label[for="seat-name-0"]'), 'Name of Red');
    assert.equal(await page.getAttribute('#seat-name-1', 'maxlength'), '24');
    const { id } = await createFromLobby(page, 'rise-hex', { seats: { 1: 'random' }, names: { 0: '  Ann Lee ' }, seed: 5 });
    const view = await viewOf(id);
    assert.deepEqual(view.seats.map((s) => s.name), ['Ann Lee', undefined]);
    await waitForDecision(page);
    assert.match(await page.textContent('#status'), /^Your move \(Ann Lee\)\./);
    const heads = await page.$$eval('#hex-info h3', (hs) => hs.map((h) => h.textContent));
    assert.deepEqual(heads, ['Ann Lee', 'Blue']);
    assert.match(await page.textContent('#hex-actions-left'), /^Ann Lee to act: /);

    // The lobby's list of open tables names the seat too.
    await page.goto(`${BASE}/`);
    const meta = page.locator(`#tables li[data-table="${id}"] .table-meta`);
    await meta.waitFor();
    assert.match(await meta.textContent(), /^ — Ann Lee: human, Blue: random; /);

    // A name the server refuses (a control character cannot be typed; 25 characters are cut
    // by the input, so the request is sent by hand) is a 400 naming the seat.
    const refused = await page.evaluate(async () => {
      const r = await fetch('/api/tables', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ game: 'rise-hex', seats: ['human', 'random'], names: ['', 'x'.repeat(25)] }) });
      return { status: r.status, body: await r.json() };
    });
    assert.deepEqual(refused, { status: 400, body: { error: 'bad_name', message: 'seat 1: the name has 25 characters; at most 24' } });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
