// The rules of a game on the table page (issue 38): a panel that searches the game's rules
// (GET /api/games/GAME/rules?q=WORDS) and shows one by its id (?id=ID), and the rule ids of
// a refusal ("Rule TCG-11.2") made into links that open it there. The rules are the
// project's own (docs/rules/<game>.md, built into the server).
import { get } from './api.js';
import { el } from './widgets.js';

// A rule id as the rules documents write them: TCG-11.2, HEX-I7, DL-10.2, RRD-12.3.
const RULE_ID = /\b([A-Z]{2,4}-I?[0-9]+(?:\.[0-9]+)*)\b/g;

// `text` as nodes: its rule ids as buttons (class rule-link, data-rule) that call
// onRule(id), the rest as text. Pure: usable without a page (names.test.mjs-style tests).
export function linkRules(text, onRule, make = el) {
  const nodes = [];
  let last = 0;
  for (const m of String(text).matchAll(RULE_ID)) {
    if (m.index > last) nodes.push(text.slice(last, m.index));
    const id = m[1];
    nodes.push(make('button', { class: 'rule-link', type: 'button', dataset: { rule: id }, title: `Show rule ${id}`,
      onclick: () => onRule(id) }, id));
    last = m.index + m[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

// The rules panel of `game`: {node, show(id)}.
export function rulesPanel(game) {
  const path = (query) => `/api/games/${encodeURIComponent(game)}/rules?${query}`;
  const results = el('ol', { id: 'rules-results', class: 'log rules-results', 'aria-live': 'polite' });
  const search = el('input', { id: 'rules-search', type: 'search', placeholder: 'Search the rules (e.g. mulligan)',
    'aria-label': 'Search the rules' });
  const note = el('p', { id: 'rules-note', class: 'hint-text' }, 'The rules as this program plays them: each refusal names its rule.');
  const list = (rules, empty) => {
    results.replaceChildren(...rules.map((r) => el('li', { dataset: { rule: r.id } },
      el('strong', {}, r.id), ` ${r.text}`)));
    note.textContent = rules.length ? '' : empty;
  };
  let seq = 0;
  async function ask(query, empty) {
    const mine = ++seq;
    try {
      const answer = await get(path(query));
      if (mine === seq) list(answer.rules || [], empty);
    } catch (e) {
      if (mine === seq) list([], `${empty} (${e.message})`);
    }
  }
  search.addEventListener('input', () => {
    const q = search.value.trim();
    if (q) ask(`q=${encodeURIComponent(q)}`, `No rule holds "${q}".`);
    else list([], '');
  });
  const node = el('section', { id: 'rules', class: 'panel', 'aria-labelledby': 'rules-title' },
    el('h2', { id: 'rules-title' }, 'Rules'), search, note, results);
  return {
    node,
    show(id) {
      search.value = '';
      ask(`id=${encodeURIComponent(id)}`, `No rule ${id}.`);
      node.scrollIntoView({ block: 'nearest' });
    },
  };
}
