// The board of Dark Legacy: The Rising (dark-legacy): each player's mat as the rulebook lays
// it out (docs/rules/dark-legacy.md, section 3): the Hero Field (hero, Life Points, poison,
// Enhancements), the Primary and Secondary Weapon Fields, the Primary Armor Field, the
// Secondary Armor/Relic Field, the three Spell Casting Fields and the Instant Field, the
// Charging Field, the Boneyard, the removed cards, the library and the Casting Hand (the
// viewer's own in #hand). In the middle: turn, phase, Casting Points, the cast stack, the
// response window with its pass, the attacks with their d20 rolls and the pending target.
// Legal actions that name a card, a hero, a weapon or the charging card are clicks on it
// (observation: docs/formats.md "dark-legacy observation"; notation: docs/notation.md).

const PHASES = {
  setup: 'Before the battle: equip a 0-cost Equipment',
  declare: 'Start of the turn: declare the phase',
  casting: 'Casting Phase',
  attackers: 'Attack Phase: declare attackers',
  blocks: 'Attack Phase: blocks',
  defend: 'Attack Phase: the defending weapon',
  over: 'The battle is over',
};
const HERO_REF = 1000;
const FIELD_NAMES = ['Spell Casting Field 1', 'Spell Casting Field 2', 'Spell Casting Field 3', 'Instant Field'];

// The key of the thing a legal action names: "o17" an object, "hero p1" a hero, "weapon p0 1"
// a weapon slot (defend), "charged" the own charging card, "c:CARD" a card id of the deck
// (the pre-battle equip); null for the others (listed in #actions).
export function actionKey(text, seat) {
  let m;
  if ((m = /^(?:cast|charge|equip|activate|target|attack|block) #(\d+)/.exec(text))) return `o${m[1]}`;
  if ((m = /^target (hero p\d+)$/.exec(text))) return m[1];
  if (/^hero attacks/.test(text)) return `hero p${seat}`;
  if ((m = /^defend (primary|secondary)$/.exec(text))) return `weapon p${seat} ${m[1] === 'primary' ? 0 : 1}`;
  if (/^cast charged/.test(text)) return 'charged';
  if ((m = /^equip ([^#\s][^\s]*)$/.exec(text)) && m[1] !== 'none') return `c:${m[1]}`;
  return null;
}

function titleCase(s) {
  return s.split('-').map((x) => x.charAt(0).toUpperCase() + x.slice(1)).join(' ');
}

// "chaos:12:tech:3" -> "Chaos level 12, Tech level 3".
function heroSpec(spec) {
  const parts = String(spec || '').split(':');
  const out = [];
  for (let k = 0; k + 1 < parts.length; k += 2) out.push(`${titleCase(parts[k])} level ${parts[k + 1]}`);
  return out.join(', ') || spec;
}

export function renderBoard(root, ctx) {
  const { widgets: w } = ctx;
  const b = w.cardBoard(root, ctx, { stylesheet: '/games/dark-legacy.css', actionKey });
  const { el } = w;
  const { o, me, catalog, keyed, players, nameOf, cardEl, seatName } = b;

  // Every object id the observation shows, with its card.
  const note = (e) => { if (e && e.id !== undefined && e.card) b.cardOfObj.set(e.id, e.card); };
  players.forEach((p) => {
    [p.hand, p.boneyard, p.removed, p.relics, p.hero_enh, p.gear_enh, p.weapon, p.armor, p.peek].forEach((z) => (z || []).forEach(note));
    (p.fields || []).forEach((f) => f.forEach(note));
    if (p.charging && p.charging.card) note(p.charging);
  });
  for (const s of o.stack || []) b.cardOfObj.set(s.obj, s.card);
  const heroName = (seat) => {
    const h = players[seat] && players[seat].hero;
    return `${seatName(seat)}'s hero${h && h.name ? ` ${h.name}` : ''}`;
  };
  const refText = (ref) => (ref >= HERO_REF ? heroName(ref - HERO_REF) : b.objText(ref));

  const attacks = o.attacks || [];
  const attacking = new Map(attacks.map((a) => [a.attacker, a]));
  const blocking = new Map(attacks.filter((a) => a.blocker >= 0).map((a) => [a.blocker, a]));
  const targets = new Set(o.choice || []);

  // A card in play (creature, spell, Enhancement, Relic, Weapon, Armor) with its state.
  const inPlay = (e, more = {}) => {
    const extra = [...(more.extra || [])];
    let stats = more.stats;
    if (e.attack !== undefined && e.defense !== undefined && stats === undefined) stats = `ATK ${e.attack} / DEF ${e.defense}`;
    if (e.damage) extra.push(`damage ${e.damage}`);
    if (e.poison) extra.push(`poison ${e.poison}`);
    if (e.boost) extra.push(`+${e.boost} Attack Points this turn`);
    if (e.flying) extra.push('flying');
    if (e.activated) extra.push('activated');
    if (e.on_stack) extra.push('cast, not resolved yet');
    const a = attacking.get(e.id);
    if (a) extra.push('attacking');
    const b = blocking.get(e.id);
    if (b) extra.push(`blocking ${refText(b.attacker)}`);
    if (targets.has(e.id)) extra.push('possible target');
    const cls = [more.class, e.activated ? 'tilted' : '', a ? 'attacking' : '', b ? 'blocking' : ''].filter(Boolean).join(' ');
    return cardEl(e, { stats, extra, class: cls || undefined, compact: more.compact });
  };

  // --- the middle ---
  const info = [
    el('span', { class: 'cg-pill' }, `Turn ${o.turn} of ${o.turn_limit}`),
    el('span', { class: 'cg-pill' }, PHASES[o.phase] || o.phase),
    o.phase !== 'setup' && o.active >= 0 ? el('span', { class: 'cg-pill' }, `Active player: ${seatName(o.active)}`) : null,
    o.current_player >= 0 ? el('span', { class: 'cg-pill cg-turn' }, `To decide: ${seatName(o.current_player)}`) : null,
    o.phase === 'over' ? el('span', { class: 'cg-pill cg-turn' }, o.winner >= 0 ? `Winner: ${seatName(o.winner)}` : 'Draw') : null,
  ];
  const middle = [el('div', { class: 'cg-info' }, info)];
  // The latest dice: Casting Point rolls and attack rolls (d20) from the log.
  const rolls = (o.log || []).filter((t) => typeof t === 'string' && /\broll\b/.test(t)).slice(-3);
  if (rolls.length) {
    middle.push(el('div', { class: 'dl-dice', role: 'group', 'aria-label': 'latest d20 rolls' },
      el('span', { class: 'cg-small' }, 'Latest d20: '), rolls.map((t) => el('span', { class: 'cg-pill dl-roll' }, w.labelSeats(t, seatName)))));
  }
  if (o.window && o.window.open) {
    middle.push(el('div', { class: 'cg-window', id: 'response-window', role: 'status' },
      el('strong', {}, 'Response window'), ` — ${seatName(o.window.priority)} may cast an Instant`,
      b.boardButton('pass', 'Pass (cast nothing)')));
  }
  const stack = o.stack || [];
  if (stack.length) {
    const items = stack.map((s) => el('li', { class: s.countered ? 'cg-done' : '' },
      `${seatName(s.controller)}: ${nameOf(s.card)} #${s.obj}${s.countered ? ' (countered)' : ''}`)).reverse();
    middle.push(el('section', { class: 'dl-stack', id: 'stack', 'aria-label': 'the cast stack' },
      el('h3', { class: 'zone-title' }, `Cast stack (the top resolves first${o.resolving ? ', resolving' : ''})`),
      el('ol', { reversed: true, start: items.length }, items)));
  }
  if (attacks.length) {
    const rows = attacks.map((a) => {
      const who = a.attacker >= HERO_REF ? `${heroName(a.attacker - HERO_REF)} (${a.weapon ? 'secondary' : 'primary'} weapon)` : refText(a.attacker);
      const vs = a.blocker >= 0 ? `blocked by ${refText(a.blocker)}` : 'met by the defending hero';
      return el('li', {}, `${who} — ${vs}`, a.roll ? el('span', { class: 'cg-pill dl-roll' }, `d20: ${a.roll}`) : null);
    });
    middle.push(el('section', { class: 'dl-attacks', id: 'combat', 'aria-label': 'attacks' },
      el('h3', { class: 'zone-title' }, 'Attacks'), el('ul', {}, rows)));
  }
  if (targets.size) {
    const chooser = o.current_player;
    const src = (o.frames || []).length ? ` for ${refText(o.frames[o.frames.length - 1].source)}` : '';
    middle.push(el('div', { class: 'cg-choice', id: 'pending-choice', role: 'status' },
      el('strong', {}, `${seatName(chooser)} chooses a target${src}`), `: ${[...targets].map(refText).join(', ')}`,
      chooser === me ? el('div', { class: 'cg-hint' }, 'Click a highlighted card or hero.') : null));
  }
  if (o.phase === 'over' && (o.skill_rolls || []).some((x) => x)) {
    middle.push(el('p', {}, `Skill points: ${players.map((_, s) => `${seatName(s)} rolled ${o.skill_rolls[s]}, earns ${o.skill_points[s]}`).join('; ')}`));
  }

  // --- one mat ---
  const field = (title, cards, opts = {}) => {
    const z = w.zone(title, cards, { class: `dl-field ${opts.class || ''}`, empty: opts.empty || 'empty', count: opts.count });
    if (opts.key) {
      const head = z.querySelector('.zone-title');
      b.actionable(head, opts.key, title);
    }
    return z;
  };

  const matEl = (seat) => {
    const p = players[seat];
    const mine = seat === me;
    const h = p.hero || {};
    const gearOn = (id) => (p.gear_enh || []).filter((g) => g.on === id).map((g) => inPlay(g, { compact: true, class: 'dl-enh', extra: ['Enhancement'] }));

    const head = el('div', { class: 'cg-seat-head' },
      el('strong', {}, `${seatName(seat)}${mine ? ' (you)' : ''}`),
      el('span', { class: 'cg-pill' }, `Casting Points: ${p.cp}`),
      // Before the battle the cards wait in the deck; the Library is made from it (DL-5.1).
      o.phase === 'setup' ? el('span', { class: 'cg-pill' }, `Deck: ${p.deck_count}`)
        : el('span', { class: 'cg-pill' }, `Library: ${p.library_count}`),
      el('span', { class: 'cg-pill' }, `Hand: ${p.hand_count}`),
      el('span', { class: 'cg-pill' }, `Armor played: ${p.armor_played}/2`),
      p.setup_choice && p.setup_choice !== 'none' ? el('span', { class: 'cg-pill' }, `Equipped before the battle: ${nameOf(p.setup_choice)}`) : null,
      o.current_player === seat ? el('span', { class: 'cg-pill cg-turn' }, 'to decide') : null);

    // Hero Field: the hero and its Enhancements.
    const heroKey = `hero p${seat}`;
    const heroNode = el('div', { class: `cg-hero dl-hero${h.alive ? '' : ' dead'}`, dataset: { hero: `p${seat}` } },
      el('div', { class: 'card-name' }, `Hero${h.name ? `: ${h.name}` : ''}`),
      el('div', { class: 'cg-small' }, heroSpec(h.spec)),
      el('div', { class: 'dl-life' }, `Life Points ${h.life} / ${h.start_life}`),
      el('div', {}, `Attack Points ${h.attack}`),
      h.poison ? el('div', { class: 'card-extra' }, `poison ${h.poison}`) : null,
      h.flying ? el('div', { class: 'card-extra' }, 'flying') : null,
      h.alive ? null : el('div', { class: 'card-extra' }, 'destroyed'),
      attacking.has(HERO_REF + seat) ? el('div', { class: 'card-extra' }, 'attacking') : null,
      targets.has(HERO_REF + seat) ? el('div', { class: 'card-extra' }, 'possible target') : null);
    b.actionable(heroNode, heroKey, heroName(seat));
    const heroField = field('Hero Field', [heroNode, ...(p.hero_enh || []).map((e) => inPlay(e, { compact: true, class: 'dl-enh' }))], { class: 'dl-hero-field' });

    const weaponField = (slot) => {
      const wpn = (p.weapon || [])[slot];
      const cards = wpn ? [inPlay(wpn, { stats: `Attack ${wpn.attack} · ${wpn.range}` }), ...gearOn(wpn.id)] : [];
      return field(slot ? 'Secondary Weapon Field' : 'Primary Weapon Field', cards, { key: `weapon p${seat} ${slot}`, empty: 'no weapon' });
    };
    const armorField = (slot) => {
      const arm = (p.armor || [])[slot];
      const cards = arm ? [inPlay(arm, { stats: `Defense ${arm.defense}` }), ...gearOn(arm.id)] : [];
      if (slot === 1) for (const r of p.relics || []) cards.push(inPlay(r, { class: 'dl-relic' }));
      return field(slot ? 'Secondary Armor/Relic Field' : 'Primary Armor Field', cards, { empty: slot ? 'no armor or relic' : 'no armor' });
    };
    const spellFields = (p.fields || []).map((f, k) => field(FIELD_NAMES[k] || `Field ${k + 1}`, f.map((e) => inPlay(e)),
      { class: k === 3 ? 'dl-instant' : 'dl-spell', empty: 'open' }));

    const ch = p.charging || {};
    let charging = [];
    if (ch.present) {
      if (ch.card) {
        charging = [b.cardFor('charged', ch.card, { objectId: ch.id, extra: [`tokens ${ch.tokens}${ch.needed !== undefined ? ` of ${ch.needed} needed` : ''}`] })];
      } else {
        charging = [w.card(null, catalog, { class: 'cg-back' }), el('span', { class: 'cg-small' }, `face down, ${ch.tokens} token(s)`)];
      }
    }
    const chargingField = field('Charging Field', charging, { empty: 'empty' });

    const pile = (title, list) => {
      const cards = (list || []).map((c) => cardEl(c, { compact: true }));
      return el('section', { role: 'group', class: 'zone dl-pile', 'aria-label': title }, cards.length
        ? el('details', {}, el('summary', {}, `${title}: ${cards.length}`), el('div', { class: 'zone-cards' }, cards))
        : el('p', { class: 'zone-empty' }, `${title}: 0`));
    };

    let hand;
    if (mine) {
      hand = w.zone('Casting Hand', (p.hand || []).map((c) => cardEl(c)), { id: 'hand', class: 'cg-hand', count: p.hand_count, empty: 'no cards' });
    } else {
      hand = w.zone('Casting Hand', b.backs(p.hand_count), { class: 'cg-hand cg-other-hand', count: p.hand_count, empty: 'no cards' });
    }
    const extras = [];
    if (mine && (p.peek || []).length) {
      extras.push(w.zone('Next cards of the library (top first)', p.peek.map((c) => cardEl(c, { compact: true })), { class: 'dl-peek' }));
    }
    if (mine && o.phase === 'setup') {
      const choices = [...keyed.keys()].filter((k) => k.startsWith('c:')).map((k) => b.cardFor(k, k.slice(2)));
      extras.push(w.zone('Before the battle: Equipment of Casting Cost 0 in your deck', choices, { class: 'dl-setup', empty: 'none' }));
    }

    return el('section', {
      class: `cg-seat dl-mat${mine ? ' cg-me' : ''}${o.active === seat && o.phase !== 'setup' ? ' cg-active' : ''}`,
      dataset: { seat }, 'aria-label': `${seatName(seat)}'s mat${mine ? ' (you)' : ''}`,
    }, head,
    el('div', { class: 'dl-row dl-gear' }, heroField, weaponField(0), weaponField(1), armorField(0), armorField(1)),
    el('div', { class: 'dl-row dl-spells' }, spellFields, chargingField),
    el('div', { class: 'dl-row dl-foot' }, hand, el('div', { class: 'dl-piles' },
      o.phase === 'setup'
        ? el('section', { role: 'group', class: 'zone dl-pile', 'aria-label': 'Deck' }, el('p', {}, `Deck: ${p.deck_count}`))
        : el('section', { role: 'group', class: 'zone dl-pile', 'aria-label': 'Library' }, el('p', {}, `Library: ${p.library_count}`)),
      pile('Boneyard', p.boneyard), pile('Removed from the game', p.removed))),
    extras);
  };

  b.layout('dl-board', matEl, middle);
}
