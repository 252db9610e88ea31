// The sandbox's position language of dark-legacy (State::set_up, issue 36; docs/formats.md,
// "Sandbox position"): "two Rift Imps in my play", "Hellflare in their hand", "my life 30",
// "their cp 7", "empty my hand". A line changes a copy of the state, which is then written
// and loaded back: the result passes every check a loaded state passes, or the state is
// unchanged.
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "dark-legacy/state.h"
#include "rise/cardgame/position_words.h"
#include "rise/core/error.h"

namespace rise::dl {
namespace sandbox_words {
namespace {

using namespace cardgame::position;

// Where a set-up line may put a card: a pile of its owner, in play (placed by its kind), or
// the Charging Field.
enum class Zone : uint8_t { kHand, kLibrary, kBoneyard, kRemoved, kPlay, kCharging };

std::optional<Zone> zone_words(const std::string& text) {
  if (text == "hand") return Zone::kHand;
  if (text == "library" || text == "deck") return Zone::kLibrary;
  if (text == "boneyard" || text == "graveyard" || text == "cemetery") return Zone::kBoneyard;
  if (text == "removed" || text == "removed cards") return Zone::kRemoved;
  if (text == "play" || text == "mat" || text == "field" || text == "fields" || text == "battlefield") return Zone::kPlay;
  if (text == "charging" || text == "charging field") return Zone::kCharging;
  return std::nullopt;
}


}  // namespace

}  // namespace sandbox_words

// Puts card def `def` of seat `p` in play where casting or equipping it would (Rules DL-3.1
// to DL-3.6, DL-10.3, DL-11.3), resolved, not activated, and in play since before the first
// turn (cast_turn 0: a Creature may attack at once, Rule DL-8.5 waived). Throws InputError
// for a card that does not stay in play by itself or finds no room.
void DlState::put_in_play(int p, int id, const std::string& line) {
  Player& pl = players_[static_cast<size_t>(p)];
  Obj& o = objs_[static_cast<size_t>(id)];
  const CardDef& c = (*cards_)[o.def];
  auto refusal = [&](const std::string& why) { return InputError(fmt::format("'{}': {} {}", line, c.name, why)); };
  int field = -1;
  switch (c.kind) {
    case Kind::kInstant:
      throw refusal("is an Instant: it resolves and goes to the Boneyard (Rule DL-3.6); put it in a hand and cast it");
    case Kind::kMagic:
      if (!c.lasting) {
        throw refusal("is a Magic card that does not last (Interpretation DL-I10): put it in a hand and cast it");
      }
      [[fallthrough]];
    case Kind::kCreature:
      field = field_for(p, o.def);
      if (field < 0) throw refusal("finds no open Spell Casting Field (Rules DL-3.5, DL-3.6)");
      o.where = Where::kSpellField;
      pl.fields[static_cast<size_t>(field)].push_back(static_cast<int16_t>(id));
      break;
    case Kind::kWeapon:
      field = pl.weapon[0] < 0 ? 0 : pl.weapon[1] < 0 ? 1 : -1;
      if (field < 0) throw refusal("finds both Weapon Fields taken (Rule DL-3.2)");
      o.where = Where::kWeapon;
      pl.weapon[static_cast<size_t>(field)] = static_cast<int16_t>(id);
      break;
    case Kind::kArmor:
      field = pl.armor[0] < 0 ? 0 : pl.armor[1] < 0 && pl.relics.empty() ? 1 : -1;
      if (field < 0) throw refusal("finds both Armor Fields taken (Rules DL-3.3, DL-3.4)");
      o.where = Where::kArmor;
      pl.armor[static_cast<size_t>(field)] = static_cast<int16_t>(id);
      ++pl.armor_played;  // it was played (Rule DL-11.6: at most two a battle)
      break;
    case Kind::kRelic:
      if (pl.armor[1] >= 0 || (!pl.relics.empty() && objs_[static_cast<size_t>(pl.relics[0])].def != o.def)) {
        throw refusal("finds the Secondary Armor/Relic Field taken: it holds one Armor or copies of one Relic (Rule DL-3.4)");
      }
      o.where = Where::kRelicField;
      pl.relics.push_back(static_cast<int16_t>(id));
      break;
    case Kind::kEnhancement:
      if (c.attach != Attach::kHero) {
        throw refusal("is attached to a Weapon or an Armor as it is cast (Rule DL-3.2): put it in a hand and cast it");
      }
      o.where = Where::kHeroField;
      pl.hero_enh.push_back(static_cast<int16_t>(id));
      break;
  }
  o.slot = static_cast<int8_t>(std::max(field, 0));
  o.cast_turn = 0;
}

void DlState::set_up(std::string_view line_view) {
  using namespace cardgame::position;
  using sandbox_words::Zone;
  const std::string line(line_view);
  const std::string text = trimmed(line);
  const std::vector<std::string> words = split_words(ascii_lower(text));
  if (words.empty()) throw InputError("an empty set-up line: " + forms(game()));
  if (phase_ == Phase::kSetup || phase_ == Phase::kOver) {
    throw InputError(fmt::format("'{}': the sandbox sets up a running battle, not its set-up or its end", line));
  }
  DlState s(*this);

  if (words[0] == "empty") {
    // "empty WHOSE hand|boneyard": its cards go to the bottom of their owner's library.
    size_t i = 1;
    const std::optional<int> seat = seat_words(words, i, 2);
    const std::optional<Zone> zone = seat ? sandbox_words::zone_words(joined(words, i, words.size())) : std::nullopt;
    if (!zone || (*zone != Zone::kHand && *zone != Zone::kBoneyard)) {
      throw InputError(fmt::format("'{}': say 'empty my hand' or 'empty their boneyard'", line));
    }
    Player& pl = s.players_[static_cast<size_t>(*seat)];
    std::vector<int16_t>& list = *zone == Zone::kHand ? pl.hand : pl.boneyard;
    for (int16_t id : list) s.objs_[static_cast<size_t>(id)].where = Where::kLibrary;
    pl.library.insert(pl.library.begin(), list.begin(), list.end());
    list.clear();
  } else if (size_t i = 0; seat_words(words, i, 2) && i + 2 == words.size() &&
                           (words[i] == "life" || words[i] == "poison" || words[i] == "cp" || words[i] == "tokens")) {
    // "WHOSE life|poison|cp|tokens N": the hero's Life Points and poison counters (Rules
    // DL-4.1, DL-16.1), the Casting Points (Rule DL-7.1), the charging card's tokens (DL-9.1).
    size_t at = 0;
    Player& pl = s.players_[static_cast<size_t>(*seat_words(words, at, 2))];
    const std::string& field = words[i];
    if (field == "life") pl.hero.life = static_cast<int16_t>(number_in(words[i + 1], 1, 9999, "life"));
    if (field == "poison") {
      pl.hero.poison = static_cast<int8_t>(number_in(words[i + 1], 0, kHeroPoisonLimit - 1, "poison"));
    }
    if (field == "cp") pl.cp = static_cast<int16_t>(number_in(words[i + 1], 0, 999, "cp"));
    if (field == "tokens") {
      if (pl.charging < 0) throw InputError(fmt::format("'{}': no card is charging there (Rule DL-9.1)", line));
      pl.tokens = static_cast<int8_t>(number_in(words[i + 1], 0, 99, "tokens"));
    }
  } else {
    // "CARDS in|into|on|to WHOSE ZONE".
    const Placement place = placement(words, 2, line, game());
    const std::string& zone_text = place.zone;
    const std::optional<Zone> zone = sandbox_words::zone_words(zone_text);
    if (!zone) {
      throw InputError(fmt::format("'{}': no zone '{}': hand, library, boneyard, removed, play or charging field",
                                   line, zone_text));
    }
    const int p = place.seat;
    Player& pl = s.players_[static_cast<size_t>(p)];
    for (const CardItem& item : card_items(split_words(text), place.cards_end, line)) {
      const int def = card_index(*cards_, item.phrase);
      for (int k = 0; k < item.copies; ++k) {
        // A copy from the owner's library when it holds one (the topmost), else a new card.
        auto it = std::find_if(pl.library.rbegin(), pl.library.rend(),
                               [&](int16_t id) { return s.objs_[static_cast<size_t>(id)].def == def; });
        int id = -1;
        if (it != pl.library.rend()) {
          id = *it;
          pl.library.erase(std::next(it).base());
        } else {
          if (s.num_objects() >= kMaxObjects) {
            throw InputError(fmt::format("'{}': the battle holds {} cards already", line, kMaxObjects));
          }
          id = s.create_object(def, p, Where::kLibrary);
        }
        Obj& o = s.objs_[static_cast<size_t>(id)];
        o.where = Where::kLibrary;
        switch (*zone) {
          case Zone::kHand: o.where = Where::kHand, pl.hand.push_back(static_cast<int16_t>(id)); break;
          case Zone::kLibrary: pl.library.push_back(static_cast<int16_t>(id)); break;  // on top
          case Zone::kBoneyard: o.where = Where::kBoneyard, pl.boneyard.push_back(static_cast<int16_t>(id)); break;
          case Zone::kRemoved: o.where = Where::kRemoved, pl.removed.push_back(static_cast<int16_t>(id)); break;
          case Zone::kPlay: s.put_in_play(p, id, line); break;
          case Zone::kCharging:
            if (pl.charging >= 0) throw InputError(fmt::format("'{}': the Charging Field holds one card (Rule DL-3.7)", line));
            o.where = Where::kCharging;
            pl.charging = static_cast<int16_t>(id);
            pl.tokens = 0;
            break;
        }
      }
    }
  }
  std::unique_ptr<State> loaded;
  try {
    loaded = from_json(game(), s.to_json(), cards_);
  } catch (const InputError& e) {
    throw InputError(fmt::format("'{}' makes no valid position: {}", line, e.what()));
  }
  *this = static_cast<const DlState&>(*loaded);
}

}  // namespace rise::dl
