// Card texts within reach without hovering (issue 20): in rise-tcg the other seat's Summoners
// show their text on the board (it was a tooltip only); in raise-rise-die each seat's
// personnage and armes show their catalog text, not their name alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, launch, watchErrors } from './helpers.mjs';
import { openTable } from './pages.mjs';

// The catalog text and the board's .card-text of every card matched by `selector`.
const texts = (page, selector) => page.$$eval(selector, (ns) => ns.map((n) => ({
  id: n.dataset.cardId, shown: (n.querySelector('.card-text') || {}).textContent || '',
})));

test('card texts: rise-tcg Summoners of the other seat, raise-rise-die personnage and armes', { timeout: 60000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    for (const [game, seed, selector, count] of [
      ['rise-tcg', 8, '.cg-seat[data-seat="1"] .card.summoner', 2],
      ['raise-rise-die', 5, '.cg-seat[data-seat="1"] .rrd-who .card', 2],
      ['raise-rise-die', 5, '.cg-seat[data-seat="0"] .rrd-who .card', 2],
    ]) {
      const { id } = await openTable(page, { game, seed });
      const catalog = (await api('GET', `/api/tables/${id}/cards`)).cards;
      const shown = await texts(page, selector);
      assert.ok(shown.length >= count, `${game}: ${shown.length} cards at ${selector}`);
      for (const c of shown) {
        assert.ok(catalog[c.id] && catalog[c.id].text, `${c.id} has a text in the catalog`);
        assert.equal(c.shown, catalog[c.id].text, `${game}: the text of ${c.id} is on the board`);
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
