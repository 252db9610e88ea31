// The heuristic of dark-legacy for greedy play and search leaves (docs/ai.md, "The
// dark-legacy evaluation"): each side's hero (alive, Life Points, armor, poison, weapon),
// creatures, hand, charging card and open fields, plus how close each side is to winning,
// squashed to (-1, 1). It reads only what both seats see and counts (hand size, not hand
// contents), so a determinization and the real state score the same.
#include <algorithm>
#include <array>
#include <cmath>

#include "dark-legacy/state.h"
#include "rise/core/score_parts.h"

namespace rise::dl {
namespace eval_parts {
namespace {

// A hero's value is multiplied by 1 - poison_threat: 0 without poison, 0.75 at 20 counters
// (the hero dies there, Rule DL-16.1); half of that while it wears Armor (no new counters,
// Rule DL-11.8).
double poison_threat(const DlState& s, int p) {
  const Player& pl = s.player(p);
  const double x = std::clamp(static_cast<double>(pl.hero.poison) / kHeroPoisonLimit, 0.0, 1.0);
  const double threat = 0.75 * std::pow(x, 1.3);
  const bool armored = pl.armor[0] >= 0 || pl.armor[1] >= 0;
  return armored ? 0.5 * threat : threat;
}

// Value of the abilities a card in play uses again and again (turn-start and activated
// effects): 1.5 per point of damage or poison they deal to the other side (a hero, a
// target, every opposing creature), 0.5 per point of a boost or a heal, 1 for anything else.
double ability_value(const CardDef& c) {
  double v = 0.0;
  for (const Effect& e : c.effects) {
    if (e.when == Trigger::kCast) continue;
    for (const Step& step : e.steps) {
      switch (step.op) {
        case Op::kDamage:
        case Op::kPoison:
          v += step.target == Target::kYourHero || step.target == Target::kYourCreatures ? 0.0 : 1.5 * step.amount;
          break;
        case Op::kBoost:
        case Op::kHeal:
          v += 0.5 * step.amount;
          break;
        default:
          v += 1.0;
      }
    }
  }
  return v;
}

// Value of one creature in play: 2 + Attack Points (without this turn's boosts) + 0.7 x the
// Defense Points left, +1 for flying (only flyers and hits-flying cards can block or hurt
// it), +0.5 for hits-flying, + its abilities (ability_value); times 1 - half the share of
// its poison limit it carries (Rule DL-16.2, Interpretation DL-I15).
double creature_value(const DlState& s, int id) {
  const Obj& o = s.obj(id);
  const CardDef& c = s.card_of(id);
  double v = 2.0 + std::max(0, s.attack_of(id) - o.boost) + 0.7 * std::max(0, s.defense_of(id) - o.damage);
  if (s.flies(id)) v += 1.0;
  if ((c.keywords & kHitsFlying) != 0) v += 0.5;
  v += ability_value(c);
  const int limit = std::min(kHeroPoisonLimit, std::max(1, c.level));
  v *= 1.0 - 0.5 * std::min(1.0, static_cast<double>(o.poison) / limit);
  return v;
}

int creature_count(const DlState& s, int p) {
  int n = 0;
  for (const auto& field : s.player(p).fields) {
    for (int16_t id : field) n += s.is_creature_in_play(id) ? 1 : 0;
  }
  return n;
}

// The parts of a side's score (DlState::evaluation_terms), in words.
enum Part : size_t {
  kHero, kArmor, kPoison, kWeapons, kHand, kCastingPoints, kCharging, kOpenFields, kLasting, kWinning, kCreatures,
  kParts
};
constexpr std::array<const char*, kParts> kPartNames = {
    "hero and Life Points", "Armor", "poison", "weapons", "hand", "Casting Points", "charging card",
    "open fields", "Magic, Relics and Enhancements in play", "the opposing hero dead", "creatures"};

// The score of seat p, in "points" (a small creature is about 5, a card in hand 1.5).
double side_score(const DlState& s, int p, ScoreParts<kParts> score = {}) {
  const Player& pl = s.player(p);
  const Player& op = s.player(1 - p);
  if (pl.hero.alive) {
    // The hero: alive (it alone casts spells, Rule DL-17.2), Life Points, armor, weapon.
    double hero = 25.0 + pl.hero.life;
    score.note(kHero, hero);
    for (int16_t id : pl.armor) {
      if (id < 0) continue;
      const double armor = 2.0 + 0.6 * std::max(0, s.armor_defense(id) - s.obj(id).damage);
      hero += armor;
      score.note(kArmor, armor);
    }
    const double threat = poison_threat(s, p);
    score.note(kPoison, -hero * threat);
    hero *= 1.0 - threat;
    score.total += hero;
    score.add(kWeapons, 1.5 * (std::max(s.hero_attack(p, 0), s.hero_attack(p, 1)) - 1));
    // What it may still cast: hand cards, Casting Points, the charging card (face down, so
    // only its tokens are known: the first 6 count, Rules DL-3.7, DL-9.2), open fields for
    // Magic and Instants.
    score.add(kHand, 1.5 * static_cast<double>(pl.hand.size()));
    score.add(kCastingPoints, 0.1 * pl.cp);
    if (pl.charging >= 0) score.add(kCharging, 1.5 + 0.5 * std::min<int>(pl.tokens, 6));
    if (pl.fields[kInstantField].empty()) score.add(kOpenFields, 2.0);
    bool open = false;
    for (int f = 0; f < kInstantField; ++f) open = open || pl.fields[static_cast<size_t>(f)].empty();
    if (open) score.add(kOpenFields, 1.5);
    // Lasting Magic and Relics in the fields, Enhancements on the hero: their effects.
    for (const auto& field : pl.fields) {
      for (int16_t id : field) {
        if (s.in_play(id) && s.card_of(id).kind != Kind::kCreature) score.add(kLasting, 2.0);
      }
    }
    for (int16_t id : pl.hero_enh) score.add(kLasting, s.in_play(id) ? 2.0 : 0.0);
    for (int16_t id : pl.relics) score.add(kLasting, s.in_play(id) ? 2.0 : 0.0);
    // Closeness to winning (Rule DL-17.1): the opposing hero is dead, only its creatures
    // stand between this side and the win.
    if (!op.hero.alive) score.add(kWinning, 24.0 / (1.0 + creature_count(s, 1 - p)));
  }
  for (const auto& field : pl.fields) {
    for (int16_t id : field) {
      if (s.is_creature_in_play(id)) score.add(kCreatures, creature_value(s, id));
    }
  }
  return score.total;
}

}  // namespace
}  // namespace eval_parts

double DlState::evaluate(PlayerId player) const {
  using namespace eval_parts;
  if (phase_ == Phase::kOver) return returns()[static_cast<size_t>(player)];
  return std::tanh((side_score(*this, player) - side_score(*this, 1 - player)) / 40.0);
}

std::vector<EvaluationTerm> DlState::evaluation_terms(PlayerId player) const {
  using namespace eval_parts;
  if (phase_ == Phase::kOver) return {};
  return term_differences(kPartNames, [&](int p, ScoreParts<kParts> parts) { return side_score(*this, p, parts); },
                          player, 1 - player);
}

}  // namespace rise::dl
