// The board of Rise (rise-tcg, 2–6 players): every zone of the rulebook for every seat
// (docs/rules/rise-tcg.md): the two Summoners with HP, level and Capacity Points and their
// Level Ups, Stock (Coins) and Ether, the battlefield with each card's current attack and
// defense, the hand (the viewer's own in #hand), the library, Cemetery and Exclusion; and
// in the middle the turn and phase, the Imminent chain, the response window with its pass,
// the combat and the pending choice. Opponents are drawn at the top, the viewer at the
// bottom. Legal actions that name a card, a Summoner, a player or a chain item are clicks on
// it (observation: docs/formats.md "rise-tcg observation"; notation: docs/notation.md).

const PHASES = {
  mulligan: 'Set-up: keep or mulligan',
  restoration: 'Restoration (draw)',
  attackers: 'Attack declaration',
  blockers: 'Block declaration',
  over: 'Game over',
};
const WINDOWS = ['the chain', 'before combat damage', 'end of turn', 'the Invocation phase begins', 'attackers declared', 'damage resolved'];  // window.kind (docs/formats.md)
const CHOICES = {
  target: 'a target',
  discard: 'a card to discard',
  search: 'a card to take from the library',
  sacrifice: 'a Summoner to sacrifice',
  attach: 'the host of an Equipment or Disease',
  advantage: 'who gets the advantage',
  'damage-summoner': 'the Summoner that takes the damage',
  morph: 'the card a Morpher copies',
  inhume: 'the card to inhume',
  diversion: 'the Creature that cannot block',
  splash: 'what takes the Splash damage',
  'pass-disease': 'the Disease the Dodge passes',
};
const SUMMONER_REF = 1024;
const PLAYER_REF = 1100;
const CHAIN_REF = 1200;

// The key of the thing a legal action names (see widgets.actionsByKey): "o17" an object,
// "p1.S2" a Summoner, "p1" a player, "chain 2" an item of the chain; null for the others
// (keep, draw 1, attack, pass, attackers done, blocks done…, listed in #actions).
export function actionKey(text, seat) {
  let m;
  if ((m = /^(?:invoke|levelup|action|relaunch|attacker|block|explode|divert|rage|assimilate|choose) #(\d+)/.exec(text))) return `o${m[1]}`;
  if ((m = /^skill (S[12])\b/.exec(text))) return `p${seat}.${m[1]}`;
  if ((m = /^choose (p\d+\.S[12])$/.exec(text))) return m[1];
  if ((m = /^choose (p\d+)$/.exec(text))) return m[1];
  if ((m = /^choose chain (\d+)\b/.exec(text))) return `chain ${m[1]}`;
  return null;
}

export function renderBoard(root, ctx) {
  const { widgets: w } = ctx;
  const b = w.cardBoard(root, ctx, { stylesheet: '/games/rise-tcg.css', actionKey });
  const { el } = w;
  const { o, me, catalog, players, nameOf, cardOfObj, cardEl } = b;
  // Dungeon mode (Rules TCG-17.*): side 1 is the Dungeon, its Summoners are its Guardians.
  const dungeon = o.dungeon || null;
  const seatName = dungeon ? (s) => (s === 1 ? 'the Dungeon' : b.seatName(s)) : b.seatName;
  const battlefield = o.battlefield || [];
  for (const c of battlefield) cardOfObj.set(c.id, c.card);
  for (const lu of o.level_ups || []) cardOfObj.set(lu.id, lu.card);
  players.forEach((p) => {
    for (const z of [p.hand, p.known_hand, p.cemetery, p.exclusion]) for (const c of z || []) cardOfObj.set(c.id, c.card);
  });
  for (const c of battlefield) for (const s of c.stack || []) cardOfObj.set(s.id, s.card);

  // A chain item in words; items are numbered from 1 at the bottom everywhere (the list, its
  // keys, the prompt), as the engine's "choose chain N" numbers them (issue 38).
  const chain = o.chain || [];
  const chainItemText = (c) => {
    if (c.text) return c.text;  // the engine's words, as in the action texts
    const src = c.card ? `${nameOf(c.card)} #${c.source}` : c.source >= SUMMONER_REF ? refText(c.source) : `a card #${c.source}`;
    return c.kind === 'skill' ? `skill ${c.index + 1} of ${src}`
      : c.kind === 'action' ? `Action ${c.index + 1} of ${src}` : `Imminent ${src}`;
  };
  // A reference (object, Summoner, player, chain item) as words.
  const refText = (ref) => {
    if (ref === undefined || ref === null || ref < 0 || ref === 2047) return '—';
    if (ref >= CHAIN_REF) {
      const c = chain[ref - CHAIN_REF];
      return `chain item ${ref - CHAIN_REF + 1}${c ? ` (${chainItemText(c)})` : ''}`;
    }
    if (ref >= PLAYER_REF) return seatName(ref - PLAYER_REF);
    if (ref >= SUMMONER_REF) {
      const seat = Math.floor((ref - SUMMONER_REF) / 2);
      const slot = (ref - SUMMONER_REF) % 2;
      const s = players[seat] && players[seat].summoners[slot];
      return `${s ? nameOf(s.card) : 'Summoner'} (${seatName(seat)}'s S${slot + 1})`;
    }
    return b.objText(ref);
  };
  // Menu labels: the notation, with the seats and Summoners named.
  b.labelOf = (a) => w.labelSeats(a.text, seatName).replace(/\b(by|on) (S[12])\b/, (all, word, s) => {
    const sm = players[me] && players[me].summoners[Number(s[1]) - 1];
    return sm ? `${word} ${s} (${nameOf(sm.card)})` : all;
  });
  b.menuTitle = (key) => {
    const m = /^p(\d+)\.S([12])$/.exec(key);
    if (m) return refText(SUMMONER_REF + 2 * Number(m[1]) + Number(m[2]) - 1);
    return key[0] === 'o' ? refText(Number(key.slice(1))) : key;
  };

  // --- the middle: turn, phase, chain, window, combat, choice ---
  const phase = o.phase === 'main'
    ? (o.main_step === 2 ? 'End of turn phase (after combat)' : 'Invocation (before combat)')
    : PHASES[o.phase] || o.phase;
  const info = [
    el('span', { class: 'cg-pill' }, `Turn ${o.turn}`),
    el('span', { class: 'cg-pill' }, phase),
    o.active >= 0 ? el('span', { class: 'cg-pill' }, `Active player: ${seatName(o.active)}`) : null,
    o.phase === 'blockers' && o.defender >= 0 ? el('span', { class: 'cg-pill' }, `Blocking: ${seatName(o.defender)}`) : null,
    o.current_player >= 0 ? el('span', { class: 'cg-pill cg-turn' }, `To decide: ${seatName(o.current_player)}`) : null,
    o.winner >= 0 ? el('span', { class: 'cg-pill cg-turn' }, `Winner: ${seatName(o.winner)}`) : null,
  ];
  const middle = [el('div', { class: 'cg-info' }, info)];

  const win = o.window || {};
  if (win.open) {
    middle.push(el('div', { class: 'cg-window', id: 'response-window', role: 'status' },
      el('strong', {}, `Response window (${WINDOWS[win.kind] || 'response'})`),
      ` — ${seatName(win.priority)} may answer with an Imminent, a skill or an Action`,
      win.passes ? ` (${win.passes} passed)` : '',
      b.boardButton('pass', 'Pass (do not answer)')));
  }

  if (chain.length) {
    const items = chain.map((c, i) => {
      const what = chainItemText(c);
      const li = el('li', { class: 'cg-chain-item', dataset: { chain: i + 1 } }, `${seatName(c.controller)}: ${what}`);
      b.actionable(li, `chain ${i + 1}`, `chain item ${i + 1} (${what})`);
      return li;
    }).reverse();
    middle.push(el('section', { class: 'cg-chain', id: 'chain', 'aria-label': 'the Imminent chain' },
      el('h3', { class: 'zone-title' }, 'Chain (the top resolves first)'), el('ol', { reversed: true, start: items.length }, items)));
  }

  // An attacker that has left the battlefield deals nothing: not shown (issue 38).
  const combat = (o.combat || []).filter((e) => !e.gone);
  if (combat.length) {
    const rows = combat.map((e) => {
      const blocked = e.blocker >= 0 ? `blocked by ${refText(e.blocker)}` : 'not blocked';
      const dodge = e.dodge === 2 ? ' — dodged' : e.dodge === 1 ? ' — dodge failed' : '';
      return el('li', { class: e.resolved ? 'cg-done' : '' },
        `${refText(e.attacker)} attacks ${seatName(e.defender)} — ${blocked}${dodge}`,
        e.summoner >= 0 ? ` → ${refText(e.summoner)}` : '', e.resolved ? ' (resolved)' : '');
    });
    middle.push(el('section', { class: 'cg-combat', id: 'combat', 'aria-label': 'combat' },
      el('h3', { class: 'zone-title' }, 'Combat'), el('ul', {}, rows)));
  }

  const choice = o.choice || {};
  if (choice.kind && choice.kind !== 'none') {
    const opts = choice.options ? choice.options.map(refText).join(', ') : choice.option_count !== undefined
      ? `${choice.option_count} card(s) of the hand` : 'hidden';
    middle.push(el('div', { class: 'cg-choice', id: 'pending-choice', role: 'status' },
      el('strong', {}, `${seatName(choice.chooser)} chooses ${CHOICES[choice.kind] || choice.kind}`),
      choice.subject >= 0 && choice.subject !== 2047 ? ` for ${refText(choice.subject)}` : '',
      choice.remaining > 1 ? ` (${choice.remaining} to choose)` : '',
      `: ${opts}`,
      choice.chooser === me ? el('div', { class: 'cg-hint' }, 'Click a highlighted card, Summoner or player.') : null));
  }

  // --- one seat ---
  const attacking = new Map(combat.map((e) => [e.attacker, e]));
  const blocking = new Map(combat.filter((e) => e.blocker >= 0).map((e) => [e.blocker, e]));
  const onSummoner = new Map();  // Summoner reference -> its Level Ups
  for (const lu of o.level_ups || []) {
    if (!onSummoner.has(lu.on)) onSummoner.set(lu.on, []);
    onSummoner.get(lu.on).push(lu);
  }

  const fieldCard = (c) => {
    const stats = c.attack !== undefined ? `ATK ${c.attack} / DEF ${c.defense}` : undefined;
    const extra = [];
    if (c.damage) extra.push(`damage ${c.damage}`);
    const [ca, cd, ta, td] = c.counters || [0, 0, 0, 0];
    if (ca || cd) extra.push(`counters ${ca >= 0 ? '+' : ''}${ca}/${cd >= 0 ? '+' : ''}${cd}`);
    if (ta || td) extra.push(`until end of turn ${ta >= 0 ? '+' : ''}${ta}/${td >= 0 ? '+' : ''}${td}`);
    if (c.tilted) extra.push('tilted');
    if (c.sick) extra.push('invocation sickness');
    const type = w.cardInfo(c.card, catalog).type || '';
    if (/door/i.test(type)) extra.push(c.open ? 'open' : 'closed');
    else if (c.open) extra.push('open');
    if (c.unlocked) extra.push('unlocked');
    if (c.token) extra.push('token');
    if (c.owner !== c.controller) extra.push(`owner ${seatName(c.owner)}`);
    if (c.disease) extra.push(`Disease ${c.disease} (cast by ${seatName(c.caster)}${c.disease_turns ? `, ${c.disease_turns} turn(s) left` : ''})`);
    if (c.attached_to >= 0) extra.push(`on ${refText(c.attached_to)}`);
    if (c.disabled) extra.push('disabled');
    if (c.double_damage) extra.push('takes double damage');
    if (c.actions_by >= 0) extra.push(`Actions used by ${seatName(c.actions_by)} this turn`);
    if (c.base_card) extra.push(`copying (is ${nameOf(c.base_card)})`);
    if (c.stack && c.stack.length) extra.push(`stack: ${c.stack.map((s) => `${nameOf(s.card)} #${s.id}`).join(', ')}`);
    const a = attacking.get(c.id);
    if (a) extra.push(`attacking ${seatName(a.defender)}`);
    const b = blocking.get(c.id);
    if (b) extra.push(`blocking ${refText(b.attacker)}`);
    const cls = [a ? 'attacking' : '', b ? 'blocking' : '', c.tilted ? 'tilted' : ''].filter(Boolean).join(' ');
    return cardEl(c, { stats, extra, class: cls || undefined });
  };

  const summonerEl = (seat, s, slot) => {
    const key = `p${seat}.S${slot + 1}`;
    const ref = SUMMONER_REF + 2 * seat + slot;
    const extra = [];
    if (!s.alive) extra.push('dead');
    if (s.tilted) extra.push('tilted');
    if (s.skills_used) {
      const used = [];
      for (let k = 0; k < 8; ++k) if (s.skills_used & (1 << k)) used.push(k + 1);
      extra.push(`skills used: ${used.join(', ')}`);
    }
    // Every Summoner's text is shown, the opponents' too: a tooltip is out of reach on a phone.
    const node = b.cardFor(key, s.card, {
      class: `summoner${s.alive ? '' : ' dead'}${s.tilted ? ' tilted' : ''}`,
      // Interpretation TCG-I79: the level shown stops at the Summoner's maximum, which is where
      // its Capacity Points stop (max_cp); Level Ups beyond it are counted under the Summoner.
      stats: `HP ${s.hp} · Level ${s.max_cp} · Capacity Points ${s.cp}/${s.max_cp}`, extra,
    });
    node.dataset.summoner = key;
    const ups = (onSummoner.get(ref) || []).map((lu) => cardEl(lu, { class: 'level-up' }));
    const title = dungeon && seat === 1 ? `Guardian S${slot + 1}` : `Summoner S${slot + 1}`;
    return el('div', { class: 'cg-summoner' }, el('div', { class: 'cg-slot-name' }, title), node,
      ups.length ? el('div', { class: 'cg-levelups' }, el('span', { class: 'cg-small' }, `Level Ups (${s.level_ups})`), ups) : null);
  };

  const seatEl = (seat) => {
    const p = players[seat];
    const mine = seat === me;
    const rooms = dungeon ? dungeon.rooms || [] : [];
    const next = dungeon && dungeon.rooms_opened < rooms.length ? rooms[dungeon.rooms_opened] : null;
    const head = dungeon && seat === 1 ? el('div', { class: 'cg-seat-head' },
      el('strong', {}, `the Dungeon: ${dungeon.name}`),
      el('span', { class: 'cg-pill', dataset: { rooms: dungeon.rooms_opened } },
        `Rooms opened: ${dungeon.rooms_opened} of ${rooms.length}`),
      el('span', { class: 'cg-pill', dataset: { nextRoom: '' } },
        next ? `Next room: ${next.map((c) => nameOf(c)).join(', ')}` : 'No room left'),
      el('span', { class: 'cg-pill' }, `Turn limit: ${o.turn_limit}`),
      p.out ? el('span', { class: 'cg-pill cg-warn' }, 'cleared') : null)
      : el('div', { class: 'cg-seat-head' },
      el('strong', {}, `${seatName(seat)}${mine ? ' (you)' : ''}`),
      el('span', { class: 'cg-pill', title: 'Stock' }, `Stock: ${p.coins} Coin${p.coins === 1 ? '' : 's'}`),
      el('span', { class: 'cg-pill', title: 'Ether' }, `Ether: ${p.ether}`),
      el('span', { class: 'cg-pill' }, `Library: ${p.library_count}`),
      el('span', { class: 'cg-pill' }, `Hand: ${p.hand_count}`),
      p.discount ? el('span', { class: 'cg-pill' }, `discount ${p.discount}`) : null,
      p.mulligans ? el('span', { class: 'cg-pill' }, `mulligans ${p.mulligans}`) : null,
      p.empty_draws ? el('span', { class: 'cg-pill cg-warn' }, `empty draws ${p.empty_draws}`) : null,
      p.out ? el('span', { class: 'cg-pill cg-warn' }, 'out of the game') : null,
      o.current_player === seat ? el('span', { class: 'cg-pill cg-turn' }, 'to decide') : null);
    const playerNode = el('div', { class: 'cg-player', dataset: { player: `p${seat}` } }, head);
    b.actionable(playerNode, `p${seat}`, seatName(seat));
    const summoners = el('div', { class: 'cg-summoners' }, (p.summoners || []).map((s, k) => summonerEl(seat, s, k)));
    const mineOnField = battlefield.filter((c) => c.controller === seat);
    const field = w.zone('Battlefield', mineOnField.map(fieldCard), { class: 'cg-battlefield', empty: 'no cards in play' });
    field.dataset.seat = seat;
    let hand;
    if (mine) {
      hand = w.zone('Hand', (p.hand || []).map((c) => cardEl(c)), { id: 'hand', class: 'cg-hand', count: p.hand_count, empty: 'no cards' });
    } else {
      const known = p.known_hand || [];
      const hidden = Math.max(0, p.hand_count - known.length);
      hand = w.zone('Hand', [...known.map((c) => cardEl(c, { compact: true, extra: ['seen by all'] })), ...b.backs(hidden)],
        { class: 'cg-hand cg-other-hand', count: p.hand_count, empty: 'no cards' });
    }
    const pile = (title, list, cls) => {
      const cards = (list || []).map((c) => cardEl(c, { compact: true }));
      const body = cards.length
        ? el('details', { class: 'cg-pile' }, el('summary', {}, `${title}: ${cards.length}`), el('div', { class: 'zone-cards' }, cards))
        : el('p', { class: 'zone-empty' }, `${title}: 0`);
      return el('section', { role: 'group', class: `zone ${cls}`, 'aria-label': title }, body);
    };
    const piles = el('div', { class: 'cg-piles' },
      el('section', { role: 'group', class: 'zone cg-library', 'aria-label': 'Library' },
        el('p', {}, `Library: ${p.library_count} card${p.library_count === 1 ? '' : 's'}`)),
      pile('Cemetery', p.cemetery, 'cg-cemetery'), pile('Exclusion', p.exclusion, 'cg-exclusion'));
    return el('section', {
      class: `cg-seat${mine ? ' cg-me' : ''}${o.active === seat ? ' cg-active' : ''}${p.out ? ' cg-out' : ''}`,
      dataset: { seat }, 'aria-label': `${seatName(seat)}${mine ? ' (you)' : ''}`,
    }, playerNode, el('div', { class: 'cg-seat-body' }, summoners, field), el('div', { class: 'cg-seat-foot' }, hand, piles));
  };

  b.layout('tcg-board', seatEl, middle);
}
