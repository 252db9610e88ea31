// One naming of the players on every page (lobby, table status, log, board, replay): the name
// given at the table when the server's seats carry one (`seats[s].name`), else the game's
// colour (rise-hex: Red, Blue), else "Player 1", "Player 2"… Only what is shown changes: the
// notation sent to the server keeps its seat tags (p0, p1, p1.S2 in rise-tcg).
// No DOM here, so Node can import it (tests/browser/tests/names.test.mjs).

// The colours of games whose pieces have one, by seat.
const COLOURS = {
  'rise-hex': ['Red', 'Blue'],
};

// The label of seat `seat` of a table of `game`, whose seats (a view's or the lobby's
// `seats`: [{seat, kind, name?}]) may name it.
export function seatLabel(game, seat, seats = []) {
  const entry = (seats || []).find((s) => s && s.seat === seat) || (seats || [])[seat];
  const given = entry && typeof entry.name === 'string' ? entry.name.trim() : '';
  // A seat an outside bot claimed with the operator's token (docs/server.md, "Bots") says so.
  const bot = entry && typeof entry.bot === 'string' && entry.bot ? ` (bot ${entry.bot})` : '';
  if (given) return given + bot;
  const colours = COLOURS[game];
  if (colours && colours[seat]) return colours[seat] + bot;
  return `Player ${seat + 1}${bot}`;
}

// seatLabel as a function of the seat alone: namer(game, seats)(1) -> "Blue".
export function namer(game, seats) {
  return (seat) => seatLabel(game, seat, seats);
}

// A text of the game (a log line, a chain item) with its seat tags as labels: "p1" becomes
// "Player 2", "p0.S2" (a Summoner of rise-tcg) "Player 1's S2". A tag is a whole word:
// "p0" inside "p0x" or "#p0" is left alone.
export function labelSeats(text, nameOf) {
  return String(text).replace(/(^|[^\w#.])p(\d+)(?:\.(S\d))?(?![\w])/g,
    (all, before, seat, slot) => `${before}${nameOf(Number(seat))}${slot ? `'s ${slot}` : ''}`);
}
