// The table page's event stream (web/api.js subscribe: Server-Sent Events read with fetch, so
// that the seat key goes in the X-Rise-Key header, never in the URL). The stream is
// intercepted: a stream that ends after one event (lines ending in CRLF, a comment, a view
// in two data lines), then refusals the page retries with a doubling delay, then the real
// server again, live; and a refusal for good (bad_key) that the page reports and stops at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, api, viewOf, storedKeys, watchErrors, waitForDecision } from './helpers.mjs';

test('the event stream: header key, parsing, reconnection with a growing delay, fatal refusal', { timeout: 60000 }, async () => {
  const created = await api('POST', '/api/tables', { game: 'rise-hex', seats: ['human', 'random'], seed: 5 });
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const requests = [];  // {at: ms, key: X-Rise-Key, url} of every events request
    let mode = 'short';
    await page.route('**/api/tables/*/events', async (route) => {
      const r = route.request();
      requests.push({ at: Date.now(), key: r.headers()['x-rise-key'], url: r.url() });
      if (mode === 'short' && requests.length === 1) {
        // One view, marked by its version, whose JSON spans two data lines; then the end.
        const view = await viewOf(created.id, r.headers()['x-rise-key']);
        const json = JSON.stringify({ ...view, version: 999 }).replace(',"seat":', ',\n"seat":');
        const data = json.split('\n').map((line) => `data: ${line}`).join('\r\n');
        await route.fulfill({ status: 200, contentType: 'text/event-stream', body: `: keep-alive\r\n\r\nevent: view\r\n${data}\r\n\r\n` });
      } else if (mode === 'short' && requests.length <= 3) {
        await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"busy","message":"try later"}' });
      } else if (mode === 'fatal') {
        await route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":"bad_key","message":"not a seat"}' });
      } else {
        await route.continue();
      }
    });

    await page.goto(`${BASE}${created.seats[0].join}`);
    // The view of the short stream is shown, then the page retries.
    await page.waitForFunction(() => document.querySelector('#table')?.dataset.version === '999');
    const key = (await storedKeys(page, created.id)).keys[0];
    assert.match(key, /^[0-9a-f]{32}$/);
    assert.equal(await page.getAttribute('#table', 'data-seat'), '0');
    await page.waitForSelector('#connection.reconnecting');
    // The real stream after two refusals: live, the server's version again.
    await waitForDecision(page);
    await page.waitForSelector('#connection.live');
    assert.equal(await page.getAttribute('#table', 'data-version'), String((await viewOf(created.id)).version));
    assert.ok(requests.length >= 4, `${requests.length} stream requests`);
    for (const r of requests) {
      assert.equal(r.key, key, 'the seat key goes in the X-Rise-Key header');
      assert.equal(r.url, `${BASE}/api/tables/${created.id}/events`, 'and not in the URL');
    }
    // 500 ms after the stream that brought a view, then 1 s and 2 s after refusals.
    const gaps = requests.slice(1, 4).map((r, k) => r.at - requests[k].at);
    assert.ok(gaps[0] >= 450 && gaps[1] >= 900 && gaps[2] >= 1800, `retry delays ${gaps.join(', ')} ms`);

    // A refusal for good: the page says why and stops asking.
    mode = 'fatal';
    await page.reload();
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await page.textContent('#error'), /not one of this table's seats\. \(bad_key/);
    const asked = requests.length;
    await page.waitForTimeout(1500);
    assert.equal(requests.length, asked, 'no retry after a refusal for good');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
