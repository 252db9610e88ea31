// Phone-sized screens (issue 20): the lobby and the table page of each game in Chromium's
// device emulation of a 390×844 phone (deviceScaleFactor 3, touch) overflow nothing
// horizontally: the document is no wider than the screen and no element's right edge is
// beyond it. A full-page screenshot of each is written to $RISE_E2E_OUT (run.sh: beside the
// rise binary, browser-output/phone-*.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { BASE, launch, watchErrors } from './helpers.mjs';
import { GAMES, openTable } from './pages.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const OUT = process.env.RISE_E2E_OUT || join(tmpdir(), 'rise-browser-output');

// The document's scroll width and the elements whose right edge passes the viewport's.
function overflow(page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const bad = [];
    for (const n of document.querySelectorAll('body *')) {
      const r = n.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.right > width + 0.5) {
        const what = `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}.${[...n.classList].join('.')}`;
        bad.push(`${what} right=${Math.round(r.right)} "${(n.textContent || '').trim().slice(0, 40)}"`);
      }
    }
    return { width, scrollWidth: document.documentElement.scrollWidth, bad };
  });
}

async function check(page, name) {
  await page.screenshot({ path: join(OUT, `phone-${name}.png`), fullPage: true });
  const o = await overflow(page);
  assert.equal(o.width, 390, 'the page is laid out for the phone\'s width');
  assert.deepEqual(o.bad, [], `${name}: elements past the right edge`);
  assert.ok(o.scrollWidth <= 390, `${name}: the document is ${o.scrollWidth}px wide`);
}

test('phone size (390×844): lobby and every game\'s table fit the width', { timeout: 120000 }, async () => {
  mkdirSync(OUT, { recursive: true });
  const browser = await launch();
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE}/`);
    await page.waitForSelector('#new-seats .seat-row');
    await check(page, 'lobby');
    for (const g of GAMES) {
      await openTable(page, g);
      await check(page, g.game);
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
