// The pages the phone-size and accessibility tests visit: the lobby, and a table of each game
// (a human seat, the page's, against `random`, with a fixed seed) at its first decision.
import { waitForDecision, createFromLobby } from './helpers.mjs';

export const GAMES = [
  { game: 'rise-hex', seed: 11 },
  { game: 'rise-tcg', seed: 8 },
  { game: 'dark-legacy', seed: 3 },
  { game: 'raise-rise-die', seed: 5 },
];

// Creates a table of `game` from the lobby in `page` and waits for the human seat's decision.
export async function openTable(page, { game, seed }) {
  const created = await createFromLobby(page, game, { seats: { 1: 'random' }, seed });
  await waitForDecision(page);
  return created;
}
