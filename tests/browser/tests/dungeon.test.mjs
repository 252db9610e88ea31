// rise-tcg's Dungeon mode (Rules TCG-17.*) from the lobby: choosing `mode: dungeon` leaves one
// seat; the table shows the Dungeon as the other side (its Guardians, its rooms, the next
// room); after the player's first turn the Dungeon's turn has opened its first room and the
// player decides again, the page matching the server's view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, api, viewOf, watchErrors, openLobby, storedKeys, waitForDecision, clickAction } from './helpers.mjs';

test('rise-tcg Dungeon mode: one seat, the Dungeon\'s side and its first room', { timeout: 60000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = watchErrors(page);
    await openLobby(page, 'rise-tcg');
    assert.equal(await page.locator('select.seat-kind').count(), 2);
    await page.selectOption('[data-option="mode"]', 'dungeon');
    // One seat, and the seat count can no longer change.
    assert.equal(await page.locator('select.seat-kind').count(), 1);
    assert.equal(await page.inputValue('#seat-count'), '1');
    assert.equal(await page.isDisabled('#seat-count'), true);
    await page.click('#create-table');
    await page.waitForURL(/\/t\/[0-9a-f]+(\?seat=\d+)?$/);
    const id = new URL(page.url()).pathname.split('/')[2];
    const table = (await api('GET', '/api/tables')).tables.find((t) => t.id === id);
    assert.equal(table.options.mode, 'dungeon');
    assert.deepEqual(table.seats.map((s) => s.kind), ['human']);
    const stored = await storedKeys(page, id);
    const seatKey = stored.keys[0];
    assert.ok(seatKey, 'the lobby claimed the one seat');

    await waitForDecision(page);
    const head = page.locator('.cg-player[data-player="p1"] .cg-seat-head');
    assert.match(await head.textContent(), /^the Dungeon: The Barrow Depths/);
    assert.match(await head.textContent(), /Rooms opened: 0 of 7/);
    assert.match(await head.textContent(), /Next room: Blazing Duelist, Cobble Golem, Oaken Gate/);
    assert.equal(await page.locator('.cg-seat:has(.cg-player[data-player="p1"]) .cg-slot-name').first().textContent(), 'Guardian S1');

    await clickAction(page, 'keep');
    await waitForDecision(page);
    await clickAction(page, 'pass');  // the player's first turn ends; the Dungeon's follows at once
    await waitForDecision(page);
    await page.waitForFunction(() => /Rooms opened: 1 of 7/.test(
      document.querySelector('.cg-player[data-player="p1"] .cg-seat-head').textContent));
    const view = await viewOf(id, seatKey);
    {
      assert.equal(view.current_player, 0);
      assert.equal(view.observation.dungeon.rooms_opened, 1);
      const theirs = view.observation.battlefield.filter((c) => c.controller === 1).map((c) => c.id).sort((a, b) => a - b);
      const shown = await page.$$eval('.cg-battlefield[data-seat="1"] .card[data-object-id]',
        (ns) => ns.map((n) => Number(n.dataset.objectId)).sort((a, b) => a - b));
      assert.deepEqual(shown, theirs);
      assert.equal(theirs.length, 3);
    }
    const logs = await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
    assert.ok(logs.some((t) => /the Dungeon opens room 1 of 7/.test(t)), logs.join('\n'));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
