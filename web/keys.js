// What this browser holds for a table, kept in localStorage under `rise-keys-ID` as
// {"keys": {"0": "KEY", ...}, "invites": {"1": "INVITE", ...}, "hot": true|false,
//  "owner": "OWNER_KEY", "commitment": "HEX"}:
//   keys        the seats this browser plays: the creator's claimed seat (every human seat
//               for hot-seat), or the seat a join link claimed here
//   invites     the one-time invites of the human seats the creator did not claim, shown as
//               join links to share (each works once, in the first browser that opens it)
//   hot         hot-seat: this browser plays every seat it holds, following the seat to move
//   owner       the owner key of a table created here (it deletes the table)
//   commitment  the seed commitment the server answered at creation, to compare with the
//               one revealed at the end
// Nothing here goes in a URL: keys travel in the X-Rise-Key header or a POST body.

const name = (id) => `rise-keys-${id}`;

const EMPTY = () => ({ keys: {}, invites: {}, hot: false, owner: '', commitment: '' });

// Stores everything held for table `id` (the invites, owner and commitment of `extra` are
// optional: storeKeys(id, keys, hot) keeps none).
export function storeKeys(id, keys, hot, { invites = {}, owner = '', commitment = '' } = {}) {
  try {
    localStorage.setItem(name(id), JSON.stringify({ keys, invites, hot: !!hot, owner, commitment }));
  } catch {
    // Storage may be disabled (private mode): the page then only watches after a reload.
  }
}

// {keys: {seat: key}, invites: {seat: invite}, hot, owner, commitment}; empty when nothing
// is stored (or what is stored is unreadable).
export function loadKeys(id) {
  try {
    const stored = JSON.parse(localStorage.getItem(name(id)) || 'null');
    if (stored && typeof stored.keys === 'object' && stored.keys !== null) {
      const invites = stored.invites && typeof stored.invites === 'object' ? stored.invites : {};
      return {
        keys: stored.keys,
        invites,
        hot: !!stored.hot,
        owner: typeof stored.owner === 'string' ? stored.owner : '',
        commitment: typeof stored.commitment === 'string' ? stored.commitment : '',
      };
    }
  } catch {
    // unreadable: as if nothing were stored
  }
  return EMPTY();
}

// Adds the key of `seat` (claimed here) to what is held for table `id`, keeping the rest;
// the seat's invite, used up by the claim, is dropped.
export function addKey(id, seat, key) {
  const held = loadKeys(id);
  held.keys = { ...held.keys, [seat]: key };
  const invites = { ...held.invites };
  delete invites[seat];
  storeKeys(id, held.keys, held.hot, { invites, owner: held.owner, commitment: held.commitment });
}

// The ids of the tables this browser holds a seat of (a key stored under `rise-keys-ID`),
// sorted by id.
export function heldTableIds() {
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; ++i) {
      const k = localStorage.key(i);
      if (!k || !k.startsWith('rise-keys-')) continue;
      const id = k.slice('rise-keys-'.length);
      if (Object.values(loadKeys(id).keys).some((key) => key)) ids.push(id);
    }
  } catch {
    // storage disabled: none
  }
  return ids.sort();
}

// Forgets table `id` (after its owner deleted it).
export function forgetKeys(id) {
  try {
    localStorage.removeItem(name(id));
  } catch {
    // nothing stored, or storage disabled
  }
}
