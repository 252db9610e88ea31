// The "pass the device" screen of a hot-seat table of a card game (table.js): one browser
// plays several seats, so before it shows the next seat's hand a full-page screen asks the
// players to hand the device over. The hands are not in the page while it is up; a press
// (click, Enter or Space on its button, or a tap anywhere on it) calls onContinue.
import { el, button } from './widgets.js';

// The screen (#pass-screen) for the seat labelled `label`; `first`: the page just opened (no
// seat played here before), which words it as whose turn it is rather than a hand-over.
export function passScreen(label, onContinue, { first = false } = {}) {
  const go = button(`Show ${label}'s cards`, (ev) => { ev.stopPropagation(); onContinue(); }, { class: 'primary' });
  go.id = 'pass-continue';
  const title = first ? `${label} plays now` : `Pass the device to ${label}`;
  const screen = el('div', {
    id: 'pass-screen', class: 'pass-screen', role: 'dialog', 'aria-modal': 'true',
    'aria-labelledby': 'pass-title', 'aria-describedby': 'pass-help', dataset: { seatLabel: label },
    onclick: () => onContinue(),
  },
  el('div', { class: 'pass-box' },
    el('h2', { id: 'pass-title' }, title),
    el('p', { id: 'pass-help' }, `The cards of the other seats are hidden. ${label}: press to continue.`),
    go));
  return screen;
}
