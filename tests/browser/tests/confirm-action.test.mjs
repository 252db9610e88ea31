// Issue 38: an action the seat cannot take back asks first, inside the page. A rise-tcg table
// of two human seats is brought through the API to the first player's fourth decision (three
// mulligans: keep or concede, Rule TCG-3.3); on that seat's page a click on "concede" sends
// nothing but shows the view's warning with "Yes, do it" and Cancel (the focus on Cancel);
// Cancel and Escape back out, and only the yes concedes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, api, viewOf, claimSeats, watchErrors, openTableAs } from './helpers.mjs';

test('conceding asks first in the page, and only the yes concedes', { timeout: 90000 }, async () => {
  const created = await api('POST', '/api/tables', { game: 'rise-tcg', seats: ['human', 'human'], seed: 5 });
  const keys = await claimSeats(created);
  const seat = (await viewOf(created.id)).current_player;
  for (let version = 0; version < 3; ++version) {
    await api('POST', `/api/tables/${created.id}/actions`, { key: keys[seat], version, action: 'mulligan' });
  }
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await openTableAs(page, created.id, seat, keys[seat]);
    const concede = page.locator('#actions button.action[data-action="concede"]');
    assert.equal(await page.isVisible('#action-warning'), false);

    await concede.click();
    assert.equal(await page.isVisible('#action-warning'), true);
    assert.equal(await page.textContent('#action-warning .confirm-question'),
      'concede ends the game: you lose (Rule TCG-3.3).');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'action-warning-cancel');
    await page.click('#action-warning-cancel');
    assert.equal(await page.isVisible('#action-warning'), false);
    await concede.click();
    await page.keyboard.press('Escape');
    assert.equal(await page.isVisible('#action-warning'), false);
    assert.equal((await viewOf(created.id)).version, 3, 'nothing was sent');

    await concede.click();
    await page.click('#action-warning-confirm');
    await page.waitForSelector('#table[data-terminal="true"]');
    const over = await viewOf(created.id, keys[seat]);
    assert.equal(over.returns[seat], -1);
    assert.deepEqual(over.log.at(-1), { seat, text: 'concede' });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
