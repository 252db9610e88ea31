// Issue 38: the lobby speaks in words and picks decks from a list. rise-tcg's options are
// labelled in words ("Restoration draw", not "draw") with their values in words; each seat
// row has a deck select listing the game's decks (GET /api/games: `decks`), preselected as
// the game deals them by default; a table left at that default is created without a
// `decks` option, and a deck picked for a seat is sent as the seat's deck.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, api, watchErrors, openLobby } from './helpers.mjs';

test('options in words and a deck picker per seat', { timeout: 60000 }, async () => {
  const { games } = await api('GET', '/api/games');
  const tcg = games.find((g) => g.id === 'rise-tcg');
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await openLobby(page, 'rise-tcg');
    assert.equal(await page.textContent('label[for="option-draw"]'), 'Restoration draw');
    assert.equal(await page.textContent('label[for="option-deckout"]'), 'When a library is empty');
    assert.deepEqual(await page.$$eval('#option-draw option', (os) => os.map((o) => [o.value, o.textContent])),
      [['1-2', 'Draw 1 and gain 2 Coins, or draw 2 and gain 1 (rulebook)'], ['0-2', 'Also draw 0 and gain 2 Coins (web rules)']]);
    assert.equal(await page.locator('[data-option="decks"]').count(), 0, 'no free-text decks field');
    for (const seat of [0, 1]) {
      const select = `select.seat-deck[data-seat="${seat}"]`;
      assert.deepEqual(await page.$$eval(`${select} option`, (os) => os.map((o) => o.value)), tcg.decks);
      assert.equal(await page.inputValue(select), tcg.decks[seat], 'the default dealing: decks in name order');
    }
    // rise-hex has no decks: no deck select.
    await page.selectOption('#new-game', 'rise-hex');
    assert.equal(await page.locator('select.seat-deck').count(), 0);
    assert.equal(await page.textContent('label[for="option-turn_limit"]'), 'Turn limit');
    await page.selectOption('#new-game', 'rise-tcg');

    // A deck picked for seat 1 is what the lobby sends; the other seat keeps its default.
    await page.selectOption('select.seat-kind[data-seat="1"]', 'random');
    await page.selectOption('select.seat-deck[data-seat="1"]', 'tidewall-keep');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/tables');
    await page.click('#create-table');
    const body = (await sent).postDataJSON();
    assert.equal(body.options.decks, `${tcg.decks[0]},tidewall-keep`);
    await page.waitForURL(/\/t\/[0-9a-f]+/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
