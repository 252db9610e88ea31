// Dungeon files of rise-tcg's Dungeon mode (Rule TCG-17.2; docs/cards.md "Dungeon files").
#include <algorithm>
#include <filesystem>

#include "rise/cardgame/data_dir.h"
#include "rise/cardgame/yaml_fields.h"
#include "rise/core/error.h"
#include "rise-tcg/dungeon.h"
#include "rise-tcg/state.h"

namespace rise::tcg {

namespace fs = std::filesystem;
using cardgame::yaml::Field;
using cardgame::yaml::Reader;
using cardgame::yaml::find;
using cardgame::yaml::item;

namespace {

// The card index of the id in `node`, or a failure naming the line and a close card id.
int card_at(const Reader& r, const YAML::Node& node, const std::string& path, const CardSet& cards) {
  const std::string id = r.text(node, path);
  const int index = cards.db->find(id);
  if (index < 0) {
    std::vector<std::string> ids;
    for (const CardDef& c : cards.db->cards()) ids.push_back(c.id);
    r.fail(node, path, "unknown card '" + id + "'" + cardgame::yaml::did_you_mean(id, ids));
  }
  return index;
}

}  // namespace

bool room_card_allowed(const CardDef& card) {
  return card.is(cardgame::kConstantTypes) && !(card.abilities & cardgame::kEquipment) &&
         !card.is(cardgame::kSummoner) && !card.is(cardgame::kLevelUp);
}

DungeonDef load_dungeon_file(const std::string& path, const CardSet& cards) {
  return cardgame::yaml::read_document(path, [&](const YAML::Node& doc) {
    Reader r(path);
    DungeonDef out;
    out.id = fs::path(path).stem().string();
    if (!doc.IsMap()) {
      r.fail(doc, "", "expected a dungeon (a map with name, guardians, turn_limit, rooms), got " +
                          cardgame::yaml::describe(doc));
    }
    const auto fields = r.fields(doc, "", {"name", "guardians", "turn_limit", "rooms"});
    for (const char* key : {"name", "guardians", "rooms"}) {
      if (find(fields, key) == nullptr) r.fail(doc, key, "missing");
    }
    out.name = r.text(find(fields, "name")->value, "name");
    if (const Field* limit = find(fields, "turn_limit")) out.turn_limit = r.integer(limit->value, "turn_limit", 2, 30000);
    // Guardians: exactly two Summoner cards, each `{card: ID, hp: N}` or just `ID`.
    const YAML::Node& guardians = find(fields, "guardians")->value;
    r.need_list(guardians, "guardians");
    if (guardians.size() != 2) {
      r.fail(guardians, "guardians", "expected exactly 2 Guardians (Summoner cards), got " +
                                         std::to_string(guardians.size()));
    }
    for (size_t g = 0; g < 2; ++g) {
      const std::string at = item("guardians", g);
      const YAML::Node& node = guardians[g];
      YAML::Node card_node = node;
      const YAML::Node* hp_node = nullptr;
      std::vector<Field> gf;
      if (node.IsMap()) {
        gf = r.fields(node, at, {"card", "hp"});
        if (find(gf, "card") == nullptr) r.fail(node, cardgame::yaml::sub(at, "card"), "missing");
        card_node = find(gf, "card")->value;
        if (const Field* hp = find(gf, "hp")) hp_node = &hp->value;
      }
      const std::string card_path = node.IsMap() ? cardgame::yaml::sub(at, "card") : at;
      const int def = card_at(r, card_node, card_path, cards);
      if (!cards.card(def).is(cardgame::kSummoner)) {
        r.fail(card_node, card_path, "'" + cards.card(def).id + "' is not a Summoner card (a Guardian is one)");
      }
      out.guardians[g] = def;
      out.guardian_hp[g] = hp_node != nullptr ? r.integer(*hp_node, cardgame::yaml::sub(at, "hp"), 1, kMaxHp)
                                              : std::min(kMaxHp, cards.card(def).hp);
    }
    if (out.guardians[0] == out.guardians[1]) {
      r.fail(guardians, "guardians", "the two Guardians must be different Summoner cards (Rule TCG-1.1)");
    }
    // Rooms: a list of lists of card ids (a card repeated for several copies).
    const YAML::Node& rooms = find(fields, "rooms")->value;
    r.need_list(rooms, "rooms");
    if (rooms.size() > static_cast<size_t>(kMaxRooms)) {
      r.fail(rooms, "rooms", std::to_string(rooms.size()) + " rooms; at most " + std::to_string(kMaxRooms));
    }
    for (size_t k = 0; k < rooms.size(); ++k) {
      const std::string at = item("rooms", k);
      r.need_list(rooms[k], at);
      if (rooms[k].size() > static_cast<size_t>(kMaxRoomCards)) {
        r.fail(rooms[k], at, std::to_string(rooms[k].size()) + " cards; a room holds at most " +
                                 std::to_string(kMaxRoomCards));
      }
      std::vector<int> room;
      for (size_t i = 0; i < rooms[k].size(); ++i) {
        const std::string card_path = item(at, i);
        const int def = card_at(r, rooms[k][i], card_path, cards);
        const CardDef& card = cards.card(def);
        if (!room_card_allowed(card)) {
          r.fail(rooms[k][i], card_path,
                 "'" + card.id + "' cannot be in a room: a room holds Creatures, Doors and Incantations "
                 "that stand alone (no Equipment, Level Up or Summoner)");
        }
        room.push_back(def);
      }
      out.rooms.push_back(std::move(room));
    }
    return out;
  });
}

std::vector<std::string> dungeon_ids(const std::string& data_dir) { return cardgame::file_ids(data_dir, "dungeons"); }

std::string find_dungeon_file(const std::string& data_dir, const std::string& id_or_path) {
  return cardgame::find_data_file(data_dir, "dungeons", "dungeon", id_or_path);
}

}  // namespace rise::tcg
