// Issue 38: a click on a chain item chooses the item shown. The list numbered its items from 1
// at the bottom, the engine's "choose chain N" too, but the page keyed item N as N - 1: a
// click on the highlighted item sent the one above it, and the player's own item was
// cancelled. Now the list, its keys, the prompt and the buttons number the items alike and
// name them in the engine's words.
//
// The position is reached through the API: a rise-tcg game between two human seats whose
// actions a small seeded policy picks (it prefers what goes on the chain) until a seat must
// choose among two or more chain items (a Cancel); the page of that seat checks that every
// item is numbered and named alike in the list, the prompt and the buttons, then clicks the
// lowest one, and the server must receive that item: the log says what was cancelled, in the
// words the item showed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, api, viewOf, claimSeats, watchErrors, openTableAs } from './helpers.mjs';

const DECKS = 'stormtide-tempo,deepcurrent';  // Unravel, Hush, Nerith Tidespeaker: cancels

// A small deterministic generator (mulberry32) for the policy.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Plays table `id` (seat keys `keys`) by the policy until a seat may choose among two or more
// chain items; returns {seat, version, choices} then, or null when the game ends first.
async function playToAChainChoice(id, keys, seed) {
  const random = generator(seed);
  for (let step = 0; step < 900; ++step) {
    const pub = await viewOf(id);
    if (pub.terminal) return null;
    const seat = pub.current_player;
    const view = await viewOf(id, keys[seat]);
    const texts = view.legal.map((a) => a.text);
    const choices = texts.filter((t) => /^choose chain \d+/.test(t));
    if (choices.length >= 2) return { seat, version: view.version, choices };
    const chained = texts.filter((t) => /^(invoke|action|skill) /.test(t));
    const pool = chained.length && random() < 0.7 ? chained : texts;
    const text = pool[Math.floor(random() * pool.length)];
    await api('POST', `/api/tables/${id}/actions`, { key: keys[seat], version: view.version, action: text });
  }
  return null;
}

// A table of two human seats at a chain choice: {id, keys, at}.
async function tableAtAChainChoice() {
  for (let seed = 1; seed <= 12; ++seed) {
    const created = await api('POST', '/api/tables', { game: 'rise-tcg', options: { decks: DECKS }, seats: ['human', 'human'], seed });
    const keys = await claimSeats(created);
    const at = await playToAChainChoice(created.id, keys, seed);
    if (at) return { id: created.id, keys, at };
  }
  throw new Error('no chain choice in 12 games');
}

test('a click on a chain item chooses the item it shows, named alike everywhere', { timeout: 240000 }, async () => {
  const { id, keys, at } = await tableAtAChainChoice();
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await openTableAs(page, id, at.seat, keys[at.seat]);
    const prompt = await page.textContent('#pending-choice');
    const items = at.choices.map((choice) => {
      const [, n, words] = /^choose chain (\d+) \((.*)\)$/.exec(choice);
      return { choice, n, words };
    });
    for (const { choice, n, words } of items) {
      // The list shows item n with the words of its button.
      const item = page.locator(`#board .cg-chain-item[data-chain="${n}"]`);
      assert.ok((await item.textContent()).endsWith(`: ${words}`), `${await item.textContent()} / ${choice}`);
      assert.equal(await page.locator(`#actions button.action[data-action=${JSON.stringify(choice)}]`).count(), 1,
        `the button names the item: ${choice}`);
      // The prompt numbers and names the items alike: "chain item 3 (the Imminent Riptide)".
      assert.ok(prompt.includes(`chain item ${n} (${words})`), prompt);
      // The list numbers from 1 at the bottom: the item's place in the <ol reversed> is n.
      const place = await item.evaluate((li) => {
        const all = [...li.parentElement.children];
        return all.length - all.indexOf(li);
      });
      assert.equal(place, Number(n));
    }

    // The lowest item clicked: before, the item above it was sent.
    const { choice, n, words } = items[0];
    await page.click(`#board .cg-chain-item[data-chain="${n}"]`);
    if (await page.locator('#board .act-menu').count()) {
      await page.click(`#board .act-menu button.menu-action[data-menu-action=${JSON.stringify(choice)}]`);
    }
    await page.waitForFunction((v) => Number(document.querySelector('#table').dataset.version) > v, at.version);
    const after = await viewOf(id, keys[at.seat]);
    // The table's actions: the one sent is the item clicked, in the same words.
    assert.deepEqual(after.log.at(-1), { seat: at.seat, text: choice });
    // The game's log: what was cancelled.
    const events = after.observation.log || [];
    assert.ok(events.some((line) => String(line).endsWith(`cancels ${words}`)),
      `the engine cancelled the item clicked (${words}): ${JSON.stringify(events.slice(-6))}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
