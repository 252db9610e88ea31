// The fair-shuffle panel of a table (the "fair" of its views, docs/server.md): where a human
// plays, the server draws the seed and publishes a commitment, the SHA-256 of
// "rise-seed:ID:SEED:SALT", before the first action; once the game is over it reveals the
// seed, the salt and that message, and anyone can check that the message hashes to the
// commitment, i.e. that the seed (which fixes every shuffle and die) was not chosen later.
import { el } from './widgets.js';

// The lowercase hex SHA-256 of `text` (UTF-8), or null where the page has no Web Crypto
// (crypto.subtle exists only in secure contexts: https, or http on localhost/127.0.0.1).
export async function sha256Hex(text) {
  if (!globalThis.crypto || !globalThis.crypto.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// The check of a revealed seed of table `tableId`: 'match' (the message names this table,
// seed and salt, and hashes to the commitment), 'mismatch' (it does not; `why` says what
// differs), 'unchecked' (no Web Crypto here), or 'none' (nothing to check yet: the game is
// open, or the creator chose the seed). Returns {check, why}.
export async function checkFair(tableId, fair) {
  if (!fair || fair.chosen_by !== 'server' || fair.seed === undefined) return { check: 'none', why: '' };
  if (!fair.commitment || !fair.message || !fair.salt) return { check: 'mismatch', why: 'the server revealed no salt or message' };
  const expected = `rise-seed:${tableId}:${fair.seed}:${fair.salt}`;
  if (fair.message !== expected) {
    return { check: 'mismatch', why: `the message hashed is not "${expected}" (this table, seed and salt)` };
  }
  const digest = await sha256Hex(fair.message);
  if (digest === null) return { check: 'unchecked', why: 'this page cannot compute SHA-256 here (Web Crypto needs https or localhost)' };
  return digest === fair.commitment.toLowerCase()
    ? { check: 'match', why: '' }
    : { check: 'mismatch', why: `the SHA-256 of the message is ${digest}, not the commitment` };
}

// The shell command that prints the SHA-256 of `message` (single quotes escaped).
export const shellCheck = (message) => `printf '%s' '${message.replace(/'/g, `'\\''`)}' | sha256sum`;

// The panel (#fair) for the "fair" of a view of table `tableId`. `earlier` is a commitment
// this browser saw before the end (at creation, or in an earlier view): a different one at
// the end is reported. The check runs after the panel is returned; its outcome is in
// data-check ("open", "creator", "match", "mismatch", "unchecked").
export function fairPanel(tableId, fair, { earlier = '' } = {}) {
  const over = fair.seed !== undefined;
  const panel = el('section', { id: 'fair', class: 'panel fair', 'aria-labelledby': 'fair-title',
    dataset: { check: fair.chosen_by !== 'server' ? 'creator' : over ? 'pending' : 'open' } },
  el('h2', { id: 'fair-title' }, 'Fair shuffle'));
  if (fair.chosen_by !== 'server') {
    panel.append(el('p', { id: 'fair-result' }, over
      ? `The creator of this table chose its seed: ${fair.seed}. It fixes every shuffle and die roll.`
      : 'The creator of this table chose its seed (a table of computer players); it is shown when the game is over.'));
    return panel;
  }
  if (!over) {
    panel.append(
      el('p', { class: 'hint' }, 'The server drew the seed (it fixes every shuffle and die roll) and published its commitment before the first action. The seed and its salt are revealed when the game is over, so anyone can check it was not changed.'),
      el('dl', { class: 'facts' }, el('dt', {}, 'Commitment'), el('dd', {}, el('code', { id: 'fair-commitment' }, fair.commitment))));
    return panel;
  }
  const result = el('p', { id: 'fair-result', role: 'status' }, 'Checking the commitment…');
  panel.append(
    el('dl', { class: 'facts' },
      el('dt', {}, 'Commitment'), el('dd', {}, el('code', { id: 'fair-commitment' }, fair.commitment || '(none)')),
      el('dt', {}, 'Seed'), el('dd', {}, el('code', { id: 'fair-seed' }, fair.seed)),
      el('dt', {}, 'Salt'), el('dd', {}, el('code', { id: 'fair-salt' }, fair.salt || '(none)')),
      el('dt', {}, 'Hashed'), el('dd', {}, el('code', { id: 'fair-message' }, fair.message || '(none)'))),
    result);
  if (earlier && fair.commitment && earlier !== fair.commitment) {
    panel.append(el('p', { id: 'fair-changed', class: 'error' },
      `✗ The commitment changed: this browser saw ${earlier} before the end.`));
  }
  if (fair.message) {
    panel.append(el('p', { class: 'hint' }, 'Check it yourself: ', el('code', { id: 'fair-shell' }, shellCheck(fair.message)),
      ' prints the commitment.'));
  }
  checkFair(tableId, fair).then(({ check, why }) => {
    const changed = earlier && fair.commitment && earlier !== fair.commitment;
    panel.dataset.check = changed ? 'mismatch' : check;
    result.textContent = {
      match: '✓ The SHA-256 of the message matches the commitment: the seed was fixed before the game began.',
      mismatch: `✗ The revealed seed does not check out: ${why}.`,
      unchecked: `Not checked: ${why}; run the command below.`,
    }[check];
    result.classList.toggle('error', check === 'mismatch');
  }, (e) => {
    panel.dataset.check = 'unchecked';
    result.textContent = `Not checked (${e.message}); run the command below.`;
  });
  return panel;
}
