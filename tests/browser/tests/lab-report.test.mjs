// The HTML report of `rise lab cards --round-robin ... --report DIR` (docs/lab.md), opened as
// a file: it shows the settings, the heat map, the deck ratings, how the games ended and the
// card table without fetching anything from the network, and a click on a column header sorts
// the card table by that column (ascending, then descending on a second click).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, watchErrors } from './helpers.mjs';

const lab = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../lab');

// The card table's column `column` as shown: [text, data-sort] per row, in row order.
const columnOf = (page, column) => page.$$eval('#cards tbody tr', (rows, c) =>
  rows.map((r) => [r.cells[c].textContent, r.cells[c].dataset.sort]), column);

test('lab report: offline, with a card table sorted by a clicked column', { timeout: 120000 }, async () => {
  const rise = process.env.RISE_BIN;
  assert.ok(rise, 'run.sh sets RISE_BIN to the rise binary');
  const dir = mkdtempSync(path.join(tmpdir(), 'rise-lab-report-'));
  try {
    // greedy (fast; it reads hidden cards, which the lab allows only when asked).
    execFileSync(rise, ['lab', 'cards', 'rise-tcg', '--option', `data=${lab}/rise-tcg`, '--round-robin',
      `${lab}/rise-tcg/decks`, '--games', '4', '--players', 'greedy', '--allow-omniscient', '--seed', '5', '--quiet',
      '--report', dir]);
    const browser = await launch();
    try {
      const page = await browser.newPage();
      const errors = watchErrors(page);
      const requests = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(pathToFileURL(path.join(dir, 'index.html')).href);
      // Everything is in the one file.
      assert.deepEqual(requests.filter((u) => !u.startsWith('file:')), []);
      assert.match(await page.textContent('#settings'), /seed\s*5/);
      assert.equal(await page.locator('#matrix svg rect').count() > 2, true, 'the heat map is drawn');
      assert.equal(await page.locator('#ratings tbody tr').count(), 2, 'a rating per deck');
      assert.equal(await page.locator('#cards tbody tr').count(), 3, 'a row per card');
      // Four games are too few for any card's win rates (issue 36): every row is greyed.
      assert.equal(await page.locator('#cards tbody tr.muted').count(), 3);
      assert.equal(await page.$eval('#cards tbody tr.muted td', (td) => getComputedStyle(td).color), 'rgb(153, 153, 153)');
      // How the games ended (issue 36): its rows count the 4 games.
      const ended = await page.$$eval('#ends-table tbody tr', (rows) => rows.map((r) => Number(r.cells[2].textContent)));
      assert.ok(ended.length >= 1, 'a row per way the games ended');
      assert.equal(ended.reduce((a, b) => a + b, 0), 4);

      // "games": the Level Up is in both decks (8 seat games), each Creature in one (4).
      const games = 2;
      const header = page.locator('#cards thead th').nth(games);
      assert.equal(await header.textContent(), 'games');
      await header.click();
      assert.equal(await page.getAttribute('#cards', 'data-sort-order'), 'ascending');
      assert.equal(await header.getAttribute('aria-sort'), 'ascending');
      let shown = await columnOf(page, games);
      assert.deepEqual(shown.map(([t]) => t), ['4', '4', '8']);
      await header.click();
      assert.equal(await header.getAttribute('aria-sort'), 'descending');
      shown = await columnOf(page, games);
      assert.deepEqual(shown.map(([t]) => t), ['8', '4', '4']);
      assert.equal(await page.textContent('#cards tbody tr:first-child td:first-child'), 'lab-levelup');

      // 17lands' OH and GD win rates (issue 36): their columns follow "win rate drawn", and each
      // card's two counts ("of N") add up to the games it was drawn in.
      const heads = await page.$$eval('#cards thead th', (ths) => ths.map((th) => th.textContent));
      const oh = heads.indexOf('in opening hand (OH)');
      assert.equal(heads[oh - 1], 'win rate drawn');
      assert.equal(heads[oh + 1], 'drawn later (GD)');
      const counts = await page.$$eval('#cards tbody tr', (rows, at) => rows.map((r) => [3, at, at + 1].map((c) => {
        const m = /of (\d+)$/.exec(r.cells[c].textContent);
        return c === 3 ? Number(r.cells[c].textContent) : m ? Number(m[1]) : 0;
      })), oh);
      for (const [drawn, opening, later] of counts) assert.equal(opening + later, drawn);

      // "card" (text): descending after two clicks.
      const card = page.locator('#cards thead th').nth(0);
      await card.click();
      await card.click();
      const cards = (await columnOf(page, 0)).map(([t]) => t);
      assert.deepEqual(cards, ['lab-levelup', 'lab-grunt', 'lab-champion']);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
