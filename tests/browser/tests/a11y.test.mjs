// Accessibility (issue 20): axe-core (npm, pinned in package.json) finds no violation of
// impact "serious" or "critical" on the lobby, on the table page of each game at its first
// decision, on a hot-seat card game's pass-the-device screen and on a replay page; and the
// card games' actions are focusable buttons, reached with Tab alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { BASE, launch, api, watchErrors, createFromLobby } from './helpers.mjs';
import { GAMES, openTable } from './pages.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// The serious and critical violations axe finds on the page, one line each.
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  return found;
}

// Tabs from the top of the page until the focus is on the button of `action` in #actions.
async function tabTo(page, action) {
  await page.evaluate(() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); });
  for (let k = 0; k < 400; ++k) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((a) => document.activeElement.matches(`#actions button.action[data-action="${a}"]`), action)) return true;
  }
  return false;
}

test('axe: no serious or critical violation; actions reachable by Tab', { timeout: 180000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    const found = {};  // page -> its violations, asserted empty at the end (all reported at once)
    const scan = async (name) => { const v = await violations(page); if (v.length) found[name] = v; };
    await page.goto(`${BASE}/`);
    await page.waitForSelector('#new-seats .seat-row');
    await scan('lobby');
    for (const g of GAMES) {
      await openTable(page, g);
      await scan(g.game);
      if (g.game === 'rise-hex') continue;  // its keyboard play: hot-seat.test.mjs
      // Every action of a card game is a <button>, reached by Tab and taken with Enter.
      const legal = await page.$$eval('#actions button.action', (bs) => bs.map((b) => b.dataset.action));
      assert.ok(legal.length > 0);
      const version = await page.getAttribute('#table', 'data-version');
      assert.ok(await tabTo(page, legal[0]), `Tab reaches "${legal[0]}"`);
      await page.keyboard.press('Enter');
      await page.waitForFunction((v) => document.querySelector('#table').dataset.version !== v, version);
    }

    // The pass-the-device screen of a hot-seat card game.
    await createFromLobby(page, 'raise-rise-die', { seats: { 1: 'human' }, hotSeat: true, seed: 5 });
    await page.waitForSelector('#pass-screen');
    await scan('pass-the-device screen');

    // A replay page.
    const done = await api('POST', '/api/tables', { game: 'rise-hex', options: { turn_limit: '6' }, seats: ['random', 'random'], seed: 21 });
    for (let k = 0; k < 400 && !(await api('GET', `/api/tables/${done.id}/view`)).terminal; ++k) await page.waitForTimeout(50);
    await page.goto(`${BASE}/t/${done.id}?replay=1&at=3`);
    await page.waitForSelector('#replay-page[data-step="3"]');
    await scan('replay page');
    assert.deepEqual(found, {}, 'serious or critical violations');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
