// Issue 38: rules taught in the app. A refusal names its rule ("Rule TCG-11.2"): the id is a
// link that opens the rule in the table page's rules panel; the panel searches the game's
// rules (GET /api/games/GAME/rules). linkRules (web/rules.js) is checked without a page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, api, watchErrors, waitForDecision } from './helpers.mjs';
import { linkRules } from '../../../web/rules.js';

test('rules.js: the rule ids of a text become links', () => {
  const made = [];
  const make = (tag, attrs, text) => {
    const node = { tag, rule: attrs.dataset.rule, text };
    made.push(node);
    return node;
  };
  const nodes = linkRules('not legal here (Rule TCG-11.2; see also HEX-I7 and DL-10.2)', () => {}, make);
  assert.deepEqual(nodes.map((n) => (typeof n === 'string' ? n : `[${n.rule}]`)),
    ['not legal here (Rule ', '[TCG-11.2]', '; see also ', '[HEX-I7]', ' and ', '[DL-10.2]', ')']);
  assert.deepEqual(linkRules('no rule here', () => {}, make), ['no rule here']);
});

test('a refusal links its rule into the rules panel, which also searches', { timeout: 60000 }, async () => {
  const created = await api('POST', '/api/tables', { game: 'rise-tcg', seats: ['human', 'random'], seed: 8 });
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${BASE}${created.seats[0].join}`);
    await waitForDecision(page);
    // The panel searches: "mulligan concedes" finds TCG-3.3.
    await page.fill('#rules-search', 'mulligan concedes');
    await page.waitForSelector('#rules-results li[data-rule="TCG-3.3"]');
    const text = await page.textContent('#rules-results li[data-rule="TCG-3.3"]');
    const rule = (await api('GET', '/api/games/rise-tcg/rules?id=TCG-3.3')).rules[0];
    assert.equal(text, `TCG-3.3 ${rule.text}`);
    // A refusal that names a rule (the server's answer replaced: the page offers only legal
    // actions): its id opens that rule in the panel.
    await page.route('**/api/tables/*/actions', (route) => route.fulfill({ status: 422, contentType: 'application/json',
      body: JSON.stringify({ error: 'illegal_action', message: 'a response window is open (Rule TCG-11.2)' }) }));
    await page.click('#actions button.action >> nth=0');
    await page.waitForSelector('#error button.rule-link[data-rule="TCG-11.2"]');
    assert.equal(await page.textContent('#error'), 'Refused (illegal_action): a response window is open (Rule TCG-11.2)');
    await page.click('#error button.rule-link[data-rule="TCG-11.2"]');
    await page.waitForSelector('#rules-results li[data-rule="TCG-11.2"]');
    assert.equal(await page.locator('#rules-results li').count(), 1);
    assert.deepEqual(errors.filter((e) => !/422/.test(e)), []);
  } finally {
    await browser.close();
  }
});
