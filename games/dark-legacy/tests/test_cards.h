// A small Dark Legacy card set built in C++ for the rule tests (independent of the YAML
// loader and of the starter content), and the decks made of it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "dark-legacy/cards.h"

namespace dltest {

using rise::dl::Attach;
using rise::dl::CardDb;
using rise::dl::CardDef;
using rise::dl::Effect;
using rise::dl::Faction;
using rise::dl::Kind;
using rise::dl::Op;
using rise::dl::Range;
using rise::dl::Step;
using rise::dl::Target;
using rise::dl::Trigger;

inline CardDef make_card(const std::string& id, Kind kind, int cost, int level, int attack = 0, int defense = 0,
                         Faction faction = Faction::kDarkness) {
  CardDef c;
  c.id = id;
  c.name = id;  // names = ids, so that tests read them back easily
  c.kind = kind;
  c.cost = cost;
  c.level = level;
  c.attack = attack;
  c.defense = defense;
  c.affiliation = faction;
  c.source = "test_cards.h:" + id;
  return c;
}

inline Effect effect(Trigger when, std::vector<Step> steps) {
  Effect e;
  e.when = when;
  e.steps = std::move(steps);
  return e;
}

inline Step step(Op op, int amount, Target target) {
  Step s;
  s.op = op;
  s.amount = amount;
  s.target = target;
  return s;
}

// The test cards (all Darkness unless said):
//   creatures  t-ghoul 3/3 (cost 2, level 1), t-guard 4/4, t-wall 4/7, t-glass 4/2,
//              t-bat 2/2 flying, t-archer 2/3 hits-flying, t-dragon 6/6 flying level 5 cost 5,
//              t-totem 1/1 (turn start: +1 Casting Point), t-shaman 1/2 (activated: 1 damage
//              to a target), t-knight 2/2 Holy Order level 6
//   weapons    t-sword AP 4 melee cost 0, t-bow AP 3 distance cost 0, t-axe AP 6 melee cost 3
//   armor      t-plate DP 10 cost 0, t-shield DP 5 cost 2
//   instants   t-bolt (3 damage to a target hero or creature, cost 2),
//              t-negate (counter, cost 1), t-blast (2 damage to the opposing hero, cost 0)
//   magic      t-rally (lasting: creatures +1/+1, cost 3), t-mend (heal your hero 5, cost 1),
//              t-venom (5 poison to a target creature or hero, cost 1), t-insight (draw 2, cost 1)
//   enh.       t-wings (hero: flying, cost 1), t-edge (weapon: +2 attack, cost 1),
//              t-plating (armor: +3 defense, cost 1), t-vigor (hero: +10 life, cost 2)
//   relic      t-idol (hero +1 attack, cost 0)
// Added for the rule tests of mat_test.cpp, casting_rules_test.cpp, combat_rules_test.cpp
// and interpretations_test.cpp:
//   t-titan    creature 9/9, level 17, cost 6 (the rulebook's charging example, Rule DL-9.1)
//   t-charm    relic, hero +2 attack, cost 1; t-crown relic level 5, hero +3 attack, cost 2
//   t-banish   magic: remove a target creature from the game (cost 1)
//   t-dispel   instant: dispel a target Magic, Relic or Enhancement (cost 1)
//   t-smite    instant: 4 damage to a target creature (cost 1)
//   t-staff    weapon AP 2 melee cost 0, activated: 1 damage to a target
//   t-mail     armor DP 4 cost 0, turn start: heal its hero 2; activated: 1 damage to a target
//   t-helm     armor DP 3 cost 0, when equipped: its controller draws 1
//   t-greatsword weapon AP 8 melee, level 5, cost 0
//   (review fixes, after the others so that the earlier indices stay)
//   armor      t-aegis DP 6 cost 0 (turn start: +1 Casting Point; activated: +2 Casting Points)
//   magic      t-unmake (dispel a target spell, cost 1), t-rot (the opposing hero's player
//              discards 1, cost 1), t-purge (a target hero's player discards 1, cost 1)
//   (Armor grants, Interpretation DL-I44)
//   armor      t-spikemail DP 3 cost 1, grants its hero +1 attack ("Armor: +1 Attack");
//              t-wingmail DP 2 cost 0, grants its hero flying
inline std::shared_ptr<const CardDb> test_cards() {
  static const std::shared_ptr<const CardDb> db = [] {
    auto cards = std::make_shared<CardDb>();
    cards->add(make_card("t-ghoul", Kind::kCreature, 2, 1, 3, 3));
    cards->add(make_card("t-guard", Kind::kCreature, 2, 1, 4, 4));
    cards->add(make_card("t-wall", Kind::kCreature, 3, 1, 4, 7));
    cards->add(make_card("t-glass", Kind::kCreature, 1, 1, 4, 2));
    CardDef bat = make_card("t-bat", Kind::kCreature, 1, 1, 2, 2);
    bat.keywords = rise::dl::kFlying;
    cards->add(bat);
    CardDef archer = make_card("t-archer", Kind::kCreature, 2, 1, 2, 3);
    archer.keywords = rise::dl::kHitsFlying;
    cards->add(archer);
    CardDef dragon = make_card("t-dragon", Kind::kCreature, 5, 5, 6, 6);
    dragon.keywords = rise::dl::kFlying;
    cards->add(dragon);
    CardDef totem = make_card("t-totem", Kind::kCreature, 1, 1, 1, 1);
    totem.effects.push_back(effect(Trigger::kTurnStart, {step(Op::kCastingPoints, 1, Target::kNone)}));
    cards->add(totem);
    CardDef shaman = make_card("t-shaman", Kind::kCreature, 1, 1, 1, 2);
    shaman.effects.push_back(effect(Trigger::kActivated, {step(Op::kDamage, 1, Target::kTarget)}));
    cards->add(shaman);
    cards->add(make_card("t-knight", Kind::kCreature, 1, 6, 2, 2, Faction::kHolyOrder));
    cards->add(make_card("t-sword", Kind::kWeapon, 0, 1, 4));
    CardDef bow = make_card("t-bow", Kind::kWeapon, 0, 1, 3);
    bow.range = Range::kDistance;
    cards->add(bow);
    cards->add(make_card("t-axe", Kind::kWeapon, 3, 1, 6));
    cards->add(make_card("t-plate", Kind::kArmor, 0, 1, 0, 10));
    cards->add(make_card("t-shield", Kind::kArmor, 2, 1, 0, 5));
    CardDef bolt = make_card("t-bolt", Kind::kInstant, 2, 1);
    bolt.effects.push_back(effect(Trigger::kCast, {step(Op::kDamage, 3, Target::kTarget)}));
    cards->add(bolt);
    CardDef negate = make_card("t-negate", Kind::kInstant, 1, 1);
    negate.effects.push_back(effect(Trigger::kCast, {step(Op::kCounter, 0, Target::kNone)}));
    cards->add(negate);
    CardDef blast = make_card("t-blast", Kind::kInstant, 0, 1);
    blast.effects.push_back(effect(Trigger::kCast, {step(Op::kDamage, 2, Target::kOpposingHero)}));
    cards->add(blast);
    CardDef rally = make_card("t-rally", Kind::kMagic, 3, 1);
    rally.lasting = true;
    rally.grants.attack = 1;
    rally.grants.defense = 1;
    cards->add(rally);
    CardDef mend = make_card("t-mend", Kind::kMagic, 1, 1);
    mend.effects.push_back(effect(Trigger::kCast, {step(Op::kHeal, 5, Target::kYourHero)}));
    cards->add(mend);
    CardDef venom = make_card("t-venom", Kind::kMagic, 1, 1);
    venom.effects.push_back(effect(Trigger::kCast, {step(Op::kPoison, 5, Target::kTarget)}));
    cards->add(venom);
    CardDef insight = make_card("t-insight", Kind::kMagic, 1, 1);
    insight.effects.push_back(effect(Trigger::kCast, {step(Op::kDraw, 2, Target::kNone)}));
    cards->add(insight);
    CardDef wings = make_card("t-wings", Kind::kEnhancement, 1, 1);
    wings.attach = Attach::kHero;
    wings.grants.keywords = rise::dl::kFlying;
    cards->add(wings);
    CardDef edge = make_card("t-edge", Kind::kEnhancement, 1, 1);
    edge.attach = Attach::kWeapon;
    edge.grants.attack = 2;
    cards->add(edge);
    CardDef plating = make_card("t-plating", Kind::kEnhancement, 1, 1);
    plating.attach = Attach::kArmor;
    plating.grants.defense = 3;
    cards->add(plating);
    CardDef vigor = make_card("t-vigor", Kind::kEnhancement, 2, 1);
    vigor.attach = Attach::kHero;
    vigor.grants.life = 10;
    cards->add(vigor);
    CardDef idol = make_card("t-idol", Kind::kRelic, 0, 1);
    idol.grants.attack = 1;
    cards->add(idol);
    cards->add(make_card("t-titan", Kind::kCreature, 6, 17, 9, 9));
    CardDef charm = make_card("t-charm", Kind::kRelic, 1, 1);
    charm.grants.attack = 2;
    cards->add(charm);
    CardDef crown = make_card("t-crown", Kind::kRelic, 2, 5);
    crown.grants.attack = 3;
    cards->add(crown);
    CardDef banish = make_card("t-banish", Kind::kMagic, 1, 1);
    banish.effects.push_back(effect(Trigger::kCast, {step(Op::kRemove, 0, Target::kTargetCreature)}));
    cards->add(banish);
    CardDef dispel = make_card("t-dispel", Kind::kInstant, 1, 1);
    dispel.effects.push_back(effect(Trigger::kCast, {step(Op::kDispel, 0, Target::kTargetSpell)}));
    cards->add(dispel);
    CardDef smite = make_card("t-smite", Kind::kInstant, 1, 1);
    smite.effects.push_back(effect(Trigger::kCast, {step(Op::kDamage, 4, Target::kTargetCreature)}));
    cards->add(smite);
    CardDef staff = make_card("t-staff", Kind::kWeapon, 0, 1, 2);
    staff.effects.push_back(effect(Trigger::kActivated, {step(Op::kDamage, 1, Target::kTarget)}));
    cards->add(staff);
    CardDef mail = make_card("t-mail", Kind::kArmor, 0, 1, 0, 4);
    mail.effects.push_back(effect(Trigger::kTurnStart, {step(Op::kHeal, 2, Target::kYourHero)}));
    mail.effects.push_back(effect(Trigger::kActivated, {step(Op::kDamage, 1, Target::kTarget)}));
    cards->add(mail);
    CardDef helm = make_card("t-helm", Kind::kArmor, 0, 1, 0, 3);
    helm.effects.push_back(effect(Trigger::kCast, {step(Op::kDraw, 1, Target::kNone)}));
    cards->add(helm);
    cards->add(make_card("t-greatsword", Kind::kWeapon, 0, 5, 8));
    CardDef aegis = make_card("t-aegis", Kind::kArmor, 0, 1, 0, 6);
    aegis.effects.push_back(effect(Trigger::kTurnStart, {step(Op::kCastingPoints, 1, Target::kNone)}));
    aegis.effects.push_back(effect(Trigger::kActivated, {step(Op::kCastingPoints, 2, Target::kNone)}));
    cards->add(aegis);
    CardDef unmake = make_card("t-unmake", Kind::kMagic, 1, 1);
    unmake.effects.push_back(effect(Trigger::kCast, {step(Op::kDispel, 0, Target::kTargetSpell)}));
    cards->add(unmake);
    CardDef rot = make_card("t-rot", Kind::kMagic, 1, 1);
    rot.effects.push_back(effect(Trigger::kCast, {step(Op::kDiscard, 1, Target::kOpposingHero)}));
    cards->add(rot);
    CardDef purge = make_card("t-purge", Kind::kMagic, 1, 1);
    purge.effects.push_back(effect(Trigger::kCast, {step(Op::kDiscard, 1, Target::kTargetHero)}));
    cards->add(purge);
    CardDef spikemail = make_card("t-spikemail", Kind::kArmor, 1, 1, 0, 3);
    spikemail.grants.attack = 1;
    cards->add(spikemail);
    CardDef wingmail = make_card("t-wingmail", Kind::kArmor, 0, 1, 0, 2);
    wingmail.grants.keywords = rise::dl::kFlying;
    cards->add(wingmail);
    return std::shared_ptr<const CardDb>(cards);
  }();
  return db;
}

// A 50-card deck of the test cards ("mixed": every type; "equip": the same with only the
// 0-cost Equipment t-sword, t-plate, t-idol), as card ids with copies.
inline std::vector<std::pair<std::string, int>> test_deck(const std::string& name) {
  if (name == "bare") return {{"t-ghoul", 25}, {"t-guard", 25}};  // no 0-cost Equipment
  if (name == "helm") return {{"t-helm", 1}, {"t-ghoul", 25}, {"t-guard", 24}};  // one 0-cost Armor
  if (name == "wingmail") return {{"t-wingmail", 1}, {"t-ghoul", 25}, {"t-guard", 24}};  // 0-cost, grants flying
  if (name == "creatures") {  // only creatures and a sword: fast, bloody playouts
    return {{"t-ghoul", 3}, {"t-guard", 3}, {"t-wall", 3}, {"t-glass", 3}, {"t-bat", 3}, {"t-archer", 3},
            {"t-totem", 3}, {"t-shaman", 3}, {"t-sword", 3}, {"t-ghoul", 3}, {"t-guard", 3}, {"t-glass", 3},
            {"t-bat", 3}, {"t-archer", 3}, {"t-shaman", 3}, {"t-bolt", 3}, {"t-blast", 2}};
  }
  return {{"t-ghoul", 3},   {"t-guard", 3}, {"t-wall", 3},  {"t-glass", 3},   {"t-bat", 3},   {"t-archer", 2},
          {"t-dragon", 2},  {"t-totem", 2}, {"t-shaman", 2}, {"t-sword", 2},  {"t-bow", 1},   {"t-axe", 2},
          {"t-plate", 2},   {"t-shield", 2}, {"t-bolt", 3}, {"t-negate", 2},  {"t-blast", 1}, {"t-rally", 2},
          {"t-mend", 2},    {"t-venom", 2}, {"t-insight", 1}, {"t-wings", 1}, {"t-edge", 1},  {"t-plating", 1},
          {"t-vigor", 1},   {"t-idol", 1}};
}

}  // namespace dltest
