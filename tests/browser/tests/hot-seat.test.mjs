// Hot-seat rise-hex from the lobby: one browser plays both human seats (the lobby claimed
// both invites), the page follows the seat to move with its key (?seat=N, no key in a URL); the board is usable from the keyboard; undo (when the server has
// it) takes back the last action once both seats agree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, api, watchErrors, tableState, waitForVersionAbove, waitForDecision, createFromLobby } from './helpers.mjs';

test('rise-hex hot-seat: both seats from one page, keyboard, undo', { timeout: 90000 }, async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const { id, stored } = await createFromLobby(page, 'rise-hex', { seats: { 1: 'human' }, hotSeat: true });
    assert.equal(stored.hot, true);
    assert.deepEqual(Object.keys(stored.keys).sort(), ['0', '1']);
    assert.deepEqual(stored.invites, {}, 'both invites were claimed');
    assert.match(stored.owner, /^[0-9a-f]{32}$/);
    // Both seats are played here: no join link to share.
    await page.waitForSelector('#invite a.spectate-link');
    assert.equal(await page.locator('#invite a.join-link').count(), 0);

    // Red's first action by keyboard: focus the hex of 2,0, press Enter (worker or its menu).
    let st = await waitForDecision(page);
    assert.match(await page.textContent('#status'), /^Hot-seat\. Your move \(Red\)\./);
    // The status says what the decision is for (the view's `decision`, issue 20).
    assert.match(await page.textContent('#status'), /Decision: take red's action, 1 left this turn\./);
    assert.equal(st.seat, 0);
    await page.focus('#hex-board g.hex.target[data-at="2,0"]');
    await page.keyboard.press('Enter');
    const menuItem = page.locator('#hex-choices button[data-action="worker 2,0"]');
    if (await menuItem.count()) {
      await menuItem.focus();
      await page.keyboard.press('Enter');
    }
    await waitForVersionAbove(page, st.version);

    // Now Blue moves, on the same page, with Blue's key.
    st = await waitForDecision(page);
    assert.equal(st.seat, 1);
    assert.equal(new URL(page.url()).search, '?seat=1');
    assert.ok(!page.url().includes(stored.keys[1]) && !page.url().includes(stored.keys[0]));
    assert.match(await page.textContent('#status'), /Your move \(Blue\)\./);
    assert.equal(await page.locator('#pass-screen').count(), 0, 'rise-hex hides nothing: no pass-the-device screen');
    // Blue selects its worker on 6,0 with the keyboard and moves it to 5,0.
    await page.focus('#hex-board g.hex.target[data-at="6,0"]');
    await page.keyboard.press('Enter');
    if (await page.locator('#hex-choices button:has-text("Move or jump")').count()) {
      await page.click('#hex-choices button:has-text("Move or jump")');
    }
    await page.waitForSelector('#hex-board g.hex.selected[data-at="6,0"]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#hex-board g.hex.selected', { state: 'detached' });
    await page.click('#hex-board g.hex.target[data-at="6,0"]');
    if (await page.locator('#hex-choices button:has-text("Move or jump")').count()) {
      await page.click('#hex-choices button:has-text("Move or jump")');
    }
    await page.click('#hex-board g.hex.target[data-at="5,0"]');
    await waitForVersionAbove(page, st.version);
    await page.waitForSelector('#hex-board g.hex[data-at="5,0"] .worker[data-color="blue"]');
    st = await tableState(page);
    assert.equal(st.version, 2);

    // Undo, asked with both seats' keys, takes back Blue's move (a server without undo says so).
    const probe = await fetch(`${BASE}/api/tables/${id}/undo`, { method: 'POST', body: '{}' });
    if (probe.status === 404 && (await probe.json()).error !== 'unknown_table') {
      await page.click('#undo');
      await page.waitForSelector('#undo-text:has-text("not available")');
    } else {
      await page.click('#undo');
      await page.waitForFunction(() => Number(document.querySelector('#table').dataset.version) < 2);
      const view = await api('GET', `/api/tables/${id}/view`);
      assert.equal(await page.getAttribute('#table', 'data-version'), String(view.version));
      assert.equal(await page.locator('#hex-board g.hex[data-at="5,0"] .worker').count(),
        view.observation.tiles.some((t) => t.at === '5,0' && t.worker) ? 1 : 0);
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
