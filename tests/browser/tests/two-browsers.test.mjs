// Two browsers at one rise-tcg table with two human seats: browser A creates it in the lobby
// (its browser claims seat 0 and keeps seat 1's one-time invite), browser B (its own context:
// no shared storage) takes seat 1 with the join link from A's #invite. A fourth browser that
// opens the same join link later is refused (an invite works once) and only watches. They
// play in turn by clicks; each page follows the other's actions through the event stream,
// shows its own hand (as its view says) and never the other's hand or key. A third browser
// opens the spectator link: it follows every action and shows both hand counts, but no hand
// and nothing of either hand. No URL any browser visits or requests holds a seat key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BASE, launch, api, viewOf, storedKeys, recordUrls, watchErrors, tableState, waitForVersionAbove, waitForVersion, waitForDecision, createFromLobby, clickBoard, clickAction,
} from './helpers.mjs';

const SEED = 4;
const DECKS = 'ashen-omens,cinderstorm';

test('two browsers at a rise-tcg table: each sees only its own hand; a spectator sees none', { timeout: 90000 }, async () => {
  const browser = await launch();
  try {
    const contexts = [];
    for (let k = 0; k < 4; ++k) contexts.push(await browser.newContext());
    const urls = contexts.map(recordUrls);
    const [a, b, watcher, late] = await Promise.all(contexts.map((c) => c.newPage()));
    const errors = [a, b, watcher, late].map(watchErrors);

    // A creates the table: rise-tcg, two human seats.
    const created = await createFromLobby(a, 'rise-tcg', { options: { decks: DECKS }, seats: { 1: 'human' }, seed: SEED });
    const { id } = created;
    const keys = { 0: created.key };
    assert.deepEqual(Object.keys(created.stored.keys), ['0'], 'A claimed seat 0 only');
    assert.match(created.stored.invites[1], /^[0-9a-f]{32}$/, 'A keeps seat 1\'s invite to share');
    assert.match(created.stored.owner, /^[0-9a-f]{32}$/);

    // B opens the join link of seat 1 shown in A's #invite: the invite rides in the fragment.
    const join = a.locator('#invite a.join-link[data-seat="1"]');
    await join.waitFor();
    const href = await join.getAttribute('href');
    assert.equal(href, `${BASE}/t/${id}#invite=${created.stored.invites[1]}`);
    await b.goto(href);
    await b.waitForSelector('#hand');
    assert.equal(b.url(), `${BASE}/t/${id}`, 'the invite left B\'s address bar');
    const heldByB = await storedKeys(b, id);
    assert.deepEqual(Object.keys(heldByB.keys), ['1']);
    assert.equal(heldByB.owner, '', 'B does not own the table');
    // A's page learns from its views that seat 1 joined, and stops offering the spent link.
    await a.waitForSelector('#invite li.joined[data-seat="1"]');
    assert.equal(await a.locator('#invite a.join-link[data-seat="1"]').count(), 0, 'A no longer offers a spent link');
    keys[1] = heldByB.keys[1];
    assert.match(keys[0], /^[0-9a-f]{32}$/);
    assert.match(keys[1], /^[0-9a-f]{32}$/);
    assert.notEqual(keys[0], keys[1]);
    const heldByA = JSON.stringify(await storedKeys(a, id));
    assert.ok(!heldByA.includes(keys[1]), 'A\'s browser never holds seat 1\'s key');

    // A late browser opens the same join link: refused (claimed already); it only watches.
    await late.goto(href);
    await late.waitForSelector('#notice:not([hidden])');
    assert.match(await late.textContent('#notice'), /used already/);
    await late.waitForSelector('#board .cg-seat');
    assert.equal((await tableState(late)).seat, -1);
    assert.equal(late.url(), `${BASE}/t/${id}`, 'the used invite left the late browser\'s address bar');
    assert.equal(await storedKeys(late, id), null, 'the late browser holds no key');
    await late.evaluate(() => { window.__e2eSamePage = true; });
    const pages = { 0: a, 1: b };
    for (const s of [0, 1]) {
      await pages[s].waitForSelector('#hand');
      assert.equal((await tableState(pages[s])).seat, s);
      // A mark that tells a reload (which would drop it) from an update by the event stream.
      await pages[s].evaluate(() => { window.__e2eSamePage = true; });
    }

    // The spectator opens the spectator link of A's #invite.
    const spectate = await a.getAttribute('#invite a.spectate-link', 'href');
    assert.ok(!spectate.includes('key='), spectate);
    await watcher.goto(spectate);
    await watcher.waitForSelector('#board .cg-seat');
    assert.equal((await tableState(watcher)).seat, -1);
    await watcher.evaluate(() => { window.__e2eSamePage = true; });

    const seatView = (s) => viewOf(id, keys[s]);

    // A watching page (the spectator, or the late browser whose join link was refused) at
    // `version`: both seats' hand counts as the public view says, no #hand, no action,
    // nothing of either hand (object ids, or card ids the public view does not show) and no
    // key in its HTML.
    async function checkSpectator(watcher, version) {
      await waitForVersion(watcher, version);
      assert.equal(await watcher.evaluate(() => window.__e2eSamePage), true, 'the spectator\'s page was not reloaded');
      const pub = await api('GET', `/api/tables/${id}/view`);
      assert.equal(pub.version, version);
      assert.equal(await watcher.locator('#hand').count(), 0, 'a spectator has no #hand');
      assert.equal(await watcher.locator('#hand .card, #board .cg-hand .card[data-object-id]').count(), 0);
      assert.equal(await watcher.locator('#actions button.action').count(), 0);
      for (const s of [0, 1]) {
        const count = await watcher.textContent(`#board .cg-seat[data-seat="${s}"] .cg-hand .zone-count`);
        assert.equal(count.trim(), `(${pub.observation.players[s].hand_count})`, `seat ${s}'s hand count`);
        assert.equal(pub.observation.players[s].hand, undefined);
      }
      const html = await watcher.content();
      const visible = JSON.stringify(pub);
      for (const s of [0, 1]) {
        const hand = (await seatView(s)).observation.players[s].hand;
        assert.ok(hand.length > 0);
        for (const c of hand) {
          assert.ok(!html.includes(`data-object-id="${c.id}"`), `the spectator draws object #${c.id} of seat ${s}'s hand`);
          assert.ok(!new RegExp(`(?<!&)#${c.id}(?![0-9a-fA-F])`).test(html), `the spectator names #${c.id} of seat ${s}'s hand`);
          if (!visible.includes(`"${c.card}"`)) {
            assert.ok(!html.includes(c.card), `the spectator shows the card ${c.card} of seat ${s}'s hand`);
          }
        }
        assert.ok(!html.includes(keys[s]), `the spectator never holds seat ${s}'s key`);
      }
    }

    // Page `s` at version `version`: its hand is its own view's hand, and nothing of the
    // other seat's hand (object ids, card ids not visible otherwise) or key is in its HTML.
    async function checkPrivacy(s, version) {
      const page = pages[s];
      const other = 1 - s;
      await waitForVersion(page, version);
      const own = await seatView(s);
      const theirs = await seatView(other);
      assert.equal(own.version, version);
      assert.equal(theirs.version, version);
      assert.equal(await page.evaluate(() => window.__e2eSamePage), true, `page ${s} was not reloaded`);

      const shown = await page.$$eval('#hand .card[data-object-id]', (cards) => cards
        .map((c) => ({ card: c.dataset.cardId, id: Number(c.dataset.objectId) })).sort((x, y) => x.id - y.id));
      const hand = own.observation.players[s].hand.map((c) => ({ card: c.card, id: c.id })).sort((x, y) => x.id - y.id);
      assert.ok(hand.length > 0);
      assert.deepEqual(shown, hand, `page ${s} shows its own hand`);
      assert.equal(own.observation.players[other].hand, undefined, 'a view has no hand of the other seat');

      const html = await page.content();
      const visible = JSON.stringify(own);
      const hidden = theirs.observation.players[other].hand;
      assert.ok(hidden.length > 0);
      for (const c of hidden) {
        assert.ok(!html.includes(`data-object-id="${c.id}"`), `page ${s} draws object #${c.id} of the other hand`);
        assert.ok(!new RegExp(`(?<!&)#${c.id}(?![0-9a-fA-F])`).test(html), `page ${s} names #${c.id} of the other hand`);
        if (!visible.includes(`"${c.card}"`)) {
          assert.ok(!html.includes(c.card), `page ${s} shows the card ${c.card} of the other hand`);
        }
      }
      assert.ok(!html.includes(keys[other]), `page ${s} never holds seat ${other}'s key`);
      assert.ok(!html.includes(keys[s]), `page ${s} has no key in its HTML`);
      assert.equal(await b.locator('#invite a.join-link').count(), 0, 'page B has no join link');
    }

    // Seat `s` takes `text` by clicks (its card, and the menu item if it has a menu; else its
    // #actions button); both pages then show the new version, the other's by the event stream.
    async function play(s, pick) {
      const page = pages[s];
      const other = pages[1 - s];
      const st = await waitForDecision(page);
      assert.equal(st.current, s);
      const view = await seatView(s);
      assert.equal(view.version, st.version);
      assert.equal((await tableState(other)).version, st.version);
      assert.equal(await other.locator('#actions button.action').count(), 0, 'the other page has no actions');
      const text = pick(view.legal.map((x) => x.text));
      assert.ok(text, `seat ${s} has an action to take: ${view.legal.map((x) => x.text).join(', ')}`);
      const m = /^invoke #(\d+)/.exec(text);
      if (m) {
        await clickBoard(page, `#hand button.card[data-object-id="${m[1]}"]`, text);
      } else {
        await clickAction(page, text);
      }
      await waitForVersionAbove(page, st.version);
      await waitForVersionAbove(other, st.version);
      const after = await seatView(s);
      assert.deepEqual(after.log[st.version], { seat: s, text }, 'the server took the action');
      for (const t of [0, 1]) {
        await waitForVersion(pages[t], after.version);
        assert.equal(await pages[t].locator('#log li').count(), (await seatView(t)).observation.log.length);
      }
      if (m) {
        // The card left the hand for the battlefield (or the Cemetery), on both pages.
        assert.equal(await page.locator(`#hand [data-object-id="${m[1]}"]`).count(), 0);
        const onField = after.observation.battlefield.some((c) => c.id === Number(m[1]));
        for (const p of [page, other]) {
          assert.equal(await p.locator(`.cg-battlefield[data-seat="${s}"] .card[data-object-id="${m[1]}"]`).count(), onField ? 1 : 0);
        }
        assert.match((await other.$$eval('#log li', (lis) => lis.map((li) => li.textContent))).join('\n'),
          new RegExp(`^Player ${s + 1} invokes .*#${m[1]}$`, 'm'));  // the log's "p0" as shown
      }
      await checkPrivacy(0, after.version);
      await checkPrivacy(1, after.version);
      await checkSpectator(watcher, after.version);
      await checkSpectator(late, after.version);
      return text;
    }

    const st0 = await waitForDecision(a);
    await checkPrivacy(0, st0.version);
    await checkPrivacy(1, st0.version);
    await checkSpectator(watcher, st0.version);
    await checkSpectator(late, st0.version);
    const invoke = (legal) => legal.find((t) => /^invoke #\d+ .*by S[12]$/.test(t));

    await play(0, (l) => (l.includes('keep') ? 'keep' : null));
    await play(1, (l) => (l.includes('keep') ? 'keep' : null));
    // Whoever decides passes (response windows, Interpretation TCG-I75, and the end of a
    // turn) until seat `s` may take an action that `pick` finds.
    async function passUntil(s, pick) {
      for (let k = 0; k < 12; ++k) {
        const current = (await seatView(0)).current_player;
        if (current === s && pick((await seatView(s)).legal.map((x) => x.text))) return;
        await play(current, (l) => (l.includes('pass') ? 'pass' : null));
      }
      assert.fail(`seat ${s} never had the action it waits for`);
    }
    await passUntil(0, invoke);
    await play(0, invoke);                                   // A: a card from its hand, by a click
    const draw = (l) => (l.includes('draw 1') ? 'draw 1' : null);
    await passUntil(1, draw);
    await play(1, draw);
    await passUntil(1, invoke);
    await play(1, invoke);                                   // B: a card from its hand, by a click

    // A's browser never got seat 1's key; no URL any browser visited or requested held a key.
    assert.ok(!JSON.stringify(await storedKeys(a, id)).includes(keys[1]), 'A\'s storage never holds seat 1\'s key');
    const all = urls.flat();
    assert.ok(all.some((u) => u.includes(`/api/tables/${id}/events`)), 'the event streams were recorded');
    for (const u of all) {
      for (const s of [0, 1]) assert.ok(!u.includes(keys[s]), `seat ${s}'s key in the URL ${u}`);
      assert.ok(!/[?&]key=/.test(u), `a key parameter in the URL ${u}`);
    }
    assert.deepEqual(errors.flat(), []);
  } finally {
    await browser.close();
  }
});
