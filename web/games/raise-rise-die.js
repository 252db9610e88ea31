// The board of Raise, Rise & Die (raise-rise-die), with the rulebook's French words
// (docs/rules/raise-rise-die.md): for each player the personnage and its armes, PV, the VA
// réserve, the markers (Poison, Saignement, Sonné, Torpeur), the body slot by slot (tête,
// torse, bras, jambes) with Bloque and Point faible and the cards played there this pass, the
// two infusion slots and two object slots, the pioche with its face-up Top Soul (and its
// marks) and its public bottom, the défausse, the Néant and the main (the viewer's own in
// #hand). In the middle: the Passe d'Armes and phase, the counter window with its `laisse`,
// and the pending choices (défausse, Échangez, Recherche, infusion) with `fin`. Legal actions
// that name a card are clicks on it; several (joue on two slots, transcende, sacrifie…) open
// a small menu (observation: docs/formats.md "raise-rise-die observation").

const SLOTS = [['tete', 'Tête'], ['torse', 'Torse'], ['bras', 'Bras'], ['jambes', 'Jambes']];
const PHASES = {
  preparation: 'Phase de Préparation',
  affrontement: "Phase d'Affrontement",
  consolidation: 'Consolidation',
  over: 'Fin du duel',
};
const CHOICES = {
  'hand-limit': (n) => `défausse jusqu'à la limite de main (${n} carte${n > 1 ? 's' : ''})`,
  poison: (n) => `Poison : défausse ${n} carte${n > 1 ? 's' : ''}`,
  oubli: (n) => `Oubli : défausse ${n} carte${n > 1 ? 's' : ''}`,
  echange: (n) => `Échangez : une carte de VA ${n} de la main contre une de la défausse`,
  recherche: (n) => `Recherche : une carte de VA ${n} de la pioche`,
  infusion: () => 'Infusion : infuser une carte dans un emplacement libre',
};

// The key of the thing a legal action names: "o12" an object, "c:CARD" a card id (cherche);
// null for passe, laisse and fin (listed in #actions and next to the window or the choice).
export function actionKey(text) {
  let m;
  if ((m = /^(?:joue|transcende|active|sacrifie|defausse|infuse|echange) #(\d+)/.exec(text))) return `o${m[1]}`;
  if ((m = /^cherche (\S+)$/.exec(text))) return `c:${m[1]}`;
  return null;
}

export function renderBoard(root, ctx) {
  const { widgets: w } = ctx;
  const b = w.cardBoard(root, ctx, { stylesheet: '/games/raise-rise-die.css', actionKey });
  const { el } = w;
  const { o, me, catalog, keyed, players, nameOf, cardEl, boardButton, seatName } = b;

  const note = (e) => { if (e && e.id !== undefined && e.card) b.cardOfObj.set(e.id, e.card); };
  players.forEach((p) => {
    [p.hand, p.known_hand, p.discard, p.neant, p.bottom, p.infusion, p.objets].forEach((z) => (z || []).forEach(note));
    note(p.top_soul);
    for (const [slot] of SLOTS) ((p.body || {})[slot] || { cards: [] }).cards.forEach(note);
  });

  // --- the middle ---
  const win = o.window || {};
  const info = [
    el('span', { class: 'cg-pill' }, `Passe d'Armes ${o.pass} / ${o.pass_limit}`),
    el('span', { class: 'cg-pill' }, PHASES[o.phase] || o.phase),
    o.first_player >= 0 ? el('span', { class: 'cg-pill' }, `Premier joueur : ${seatName(o.first_player)}`) : null,
    o.phase === 'affrontement' && o.turn_player >= 0 ? el('span', { class: 'cg-pill' }, `Tour de ${seatName(o.turn_player)}`) : null,
    o.first_passer >= 0 ? el('span', { class: 'cg-pill' }, `A passé le premier : ${seatName(o.first_passer)}`) : null,
    el('span', { class: 'cg-pill', title: 'Enchaînement' }, `Cartes jouées cette passe : ${o.cards_played}`),
    o.current_player >= 0 ? el('span', { class: 'cg-pill cg-turn' }, `À décider : ${seatName(o.current_player)}`) : null,
    o.phase === 'over' ? el('span', { class: 'cg-pill cg-turn' }, o.winner >= 0 ? `Vainqueur : ${seatName(o.winner)}` : 'Match nul') : null,
  ];
  const middle = [el('div', { class: 'cg-info' }, info)];
  if (win.open) {
    const slotName = (SLOTS.find(([k]) => k === win.slot) || [win.slot, win.slot])[1];
    middle.push(el('div', { class: 'cg-window', id: 'response-window', role: 'status' },
      el('strong', {}, 'Fenêtre de contre'),
      ` — ${seatName(win.player)} a joué `, win.card ? `${nameOf(win.card.card)} #${win.card.id}` : 'une carte',
      ` sur ${slotName} ; ${seatName(1 - win.player)} peut contrer sur ${slotName} ou laisser passer`,
      boardButton('laisse', 'Laisser passer (laisse)')));
  }
  const choices = o.choices || [];
  if (choices.length) {
    const rows = choices.map((c, i) => {
      const what = (CHOICES[c.kind] || ((n) => `${c.kind} ${n}`))(c.amount);
      const options = i === 0 && c.options ? c.options.map((id) => b.cardFor(`c:${id}`, id, { compact: true })) : [];
      return el('li', {}, `${seatName(c.player)} : ${what}`, options.length ? el('div', { class: 'zone-cards' }, options) : null);
    });
    middle.push(el('div', { class: 'cg-choice', id: 'pending-choice', role: 'status' },
      el('strong', {}, 'Choix en attente'), el('ol', {}, rows),
      choices[0].player === me && keyed.size ? el('div', { class: 'cg-hint' }, 'Cliquez une carte en surbrillance.') : null,
      boardButton('fin', 'Terminer (fin)')));
  }

  // --- one player ---
  const seatEl = (seat) => {
    const p = players[seat];
    const mine = seat === me;
    const markers = [
      p.poison ? `Poison ${p.poison}` : null,
      p.saignement ? `Saignement ${p.saignement}` : null,
      p.sonne ? `Sonné +${p.sonne}` : null,
      p.torpeur ? 'Torpeur' : null,
    ].filter(Boolean);
    const head = el('div', { class: 'cg-seat-head' },
      el('strong', {}, `${seatName(seat)}${mine ? ' (vous)' : ''}`),
      el('span', { class: 'cg-pill rrd-pv' }, `PV ${p.pv} / ${p.pv_start}`),
      el('span', { class: 'cg-pill rrd-va' }, `Réserve : ${p.reserve} VA`),
      el('span', { class: 'cg-pill' }, `Pioche : ${p.deck_count}`),
      el('span', { class: 'cg-pill' }, `Main : ${p.hand_count}`),
      markers.map((m) => el('span', { class: 'cg-pill cg-warn' }, m)),
      p.passed_last ? el('span', { class: 'cg-pill' }, 'a passé') : null,
      o.current_player === seat ? el('span', { class: 'cg-pill cg-turn' }, 'à décider') : null);

    const who = el('div', { class: 'rrd-who' },
      // The personnage and its armes with their text (the catalog's), not their name alone.
      p.character ? w.card(p.character, catalog, { class: 'rrd-character', extra: catalog[p.character] ? [] : ['personnage'] }) : null,
      (p.weapons || []).map((id) => w.card(id, catalog, { class: 'rrd-weapon', extra: catalog[id] ? [] : ['arme'] })));

    const body = el('div', { class: 'rrd-body', role: 'group', 'aria-label': `corps de ${seatName(seat)}` }, SLOTS.map(([key, label]) => {
      const s = (p.body || {})[key] || { cards: [], bloque: 0, point_faible: 0 };
      const countered = win.open && win.slot === key;
      const cards = s.cards.map((c) => cardEl(c, {
        compact: true,
        class: [c.transcended ? 'transcended' : '', c.countered ? 'countered' : ''].filter(Boolean).join(' ') || undefined,
        extra: [c.transcended ? 'transcendée' : null, c.counter ? 'jouée en contre' : null, c.countered ? 'contrée' : null].filter(Boolean),
      }));
      return el('section', { role: 'group', class: `rrd-slot${countered ? ' rrd-window-slot' : ''}`, dataset: { slot: key, seat }, 'aria-label': label },
        el('h3', { class: 'zone-title' }, label),
        el('div', { class: 'rrd-marks' },
          el('span', { class: 'cg-pill', title: 'Bloque' }, `Bloque ${s.bloque}`),
          el('span', { class: 'cg-pill', title: 'Point faible' }, `Point faible ${s.point_faible}`)),
        el('div', { class: 'zone-cards' }, cards.length ? cards : el('p', { class: 'zone-empty' }, 'vide')));
    }));

    const slots = (title, list, cls, extraOf) => w.zone(title, (list || []).map((c, k) => (c
      ? cardEl(c, { compact: true, extra: extraOf ? extraOf(c) : [] })
      : el('div', { class: 'rrd-free', dataset: { slotIndex: k } }, `emplacement ${k + 1} libre`))), { class: cls });
    const infusion = slots('Infusion', p.infusion, 'rrd-infusion');
    const objets = slots('Objets', p.objets, 'rrd-objets', (c) => [c.engaged ? 'engagé' : 'dégagé']);

    const top = p.top_soul;
    const topEl = top
      ? cardEl(top, { class: 'rrd-top-soul', extra: [`Top Soul · VA ${top.va}`, top.mark ? `marques : ${top.mark}` : 'aucune marque'] })
      : el('p', { class: 'zone-empty' }, 'pas de Top Soul');
    const bottom = (p.bottom || []).map((c) => cardEl(c, { compact: true }));
    const pioche = el('section', { role: 'group', class: 'zone rrd-pioche', 'aria-label': 'Pioche' },
      el('h3', { class: 'zone-title' }, `Pioche (${p.deck_count})`), topEl,
      bottom.length ? el('details', {}, el('summary', {}, `Dessous public : ${bottom.length}`), el('div', { class: 'zone-cards' }, bottom)) : null);

    const pile = (title, list) => {
      const cards = (list || []).map((c) => cardEl(c, { compact: true }));
      return el('section', { role: 'group', class: 'zone rrd-pile', 'aria-label': title }, cards.length
        ? el('details', { open: cards.some((c) => c.classList.contains('target')) }, el('summary', {}, `${title} : ${cards.length}`), el('div', { class: 'zone-cards' }, cards))
        : el('p', { class: 'zone-empty' }, `${title} : 0`));
    };

    let hand;
    if (mine) {
      hand = w.zone('Main', (p.hand || []).map((c) => cardEl(c, { extra: c.known ? ['connue de l\'adversaire'] : [] })),
        { id: 'hand', class: 'cg-hand', count: p.hand_count, empty: 'aucune carte' });
    } else {
      const known = p.known_hand || [];
      hand = w.zone('Main', [...known.map((c) => cardEl(c, { compact: true, extra: ['connue'] })), ...b.backs(p.hand_count - known.length)],
        { class: 'cg-hand cg-other-hand', count: p.hand_count, empty: 'aucune carte' });
    }

    return el('section', {
      class: `cg-seat rrd-seat${mine ? ' cg-me' : ''}${o.turn_player === seat && o.phase === 'affrontement' ? ' cg-active' : ''}`,
      dataset: { seat }, 'aria-label': `${seatName(seat)}${mine ? ' (vous)' : ''}`,
    }, head,
    el('div', { class: 'rrd-row' }, who, body),
    el('div', { class: 'rrd-row rrd-row2' }, infusion, objets, pioche,
      el('div', { class: 'rrd-piles' }, pile('Défausse', p.discard), pile('Néant', p.neant))),
    hand);
  };

  b.layout('rrd-board', seatEl, middle);
}
