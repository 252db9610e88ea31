// dark-legacy in the browser: before the battle (Rule DL-5.1) the cards wait in the deck,
// so the mat shows the deck's count, not an empty Library; once both heroes have equipped,
// the Library holds the deck and the deck is no longer shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, viewOf, watchErrors, waitForDecision, waitForVersion, waitForVersionAbove, createFromLobby, clickAction } from './helpers.mjs';

const pills = (page, seat) => page.$$eval(`.dl-mat[data-seat="${seat}"] .cg-seat-head .cg-pill`, (ns) => ns.map((n) => n.textContent));
const piles = (page, seat) => page.$$eval(`.dl-mat[data-seat="${seat}"] .dl-pile`, (ns) => ns.map((n) => n.getAttribute('aria-label') + ' ' + n.textContent));

test('dark-legacy set-up shows the deck, the battle the Library', { timeout: 60000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = watchErrors(page);
    const { id, key } = await createFromLobby(page, 'dark-legacy', { seats: { 1: 'random' }, seed: 3 });
    const st = await waitForDecision(page);
    let view = await viewOf(id, key);
    assert.equal(view.observation.phase, 'setup');
    const deck = view.observation.players[0].deck_count;
    assert.ok(deck > 0);
    const before = await pills(page, 0);
    assert.ok(before.includes(`Deck: ${deck}`), before.join(' | '));
    assert.ok(!before.some((t) => t.startsWith('Library')), before.join(' | '));
    assert.deepEqual((await piles(page, 0)).filter((t) => t.startsWith('Deck')), [`Deck Deck: ${deck}`]);

    // Equip the first offered card; the random seat equips; the battle begins.
    const equip = view.legal.find((a) => a.text.startsWith('equip'));
    await clickAction(page, equip.text);
    await waitForVersionAbove(page, st.version);
    for (let k = 0; k < 50; ++k) {
      view = await viewOf(id, key);
      if (view.observation.phase !== 'setup') break;
      await page.waitForTimeout(100);
    }
    assert.notEqual(view.observation.phase, 'setup');
    // The random seat may act again after the view above: wait until the page waits for this
    // seat, then compare the page with the view of that same version.
    await waitForDecision(page);
    view = await viewOf(id, key);
    await waitForVersion(page, view.version);
    const after = await pills(page, 0);
    assert.ok(after.includes(`Library: ${view.observation.players[0].library_count}`), after.join(' | '));
    assert.ok(!after.some((t) => t.startsWith('Deck')), after.join(' | '));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
