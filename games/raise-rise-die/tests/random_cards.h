// Random but valid Raise, Rise & Die cards and decks, for the RandomCards* tests (issue 15).
//
// write_random_data(dir, seed) writes a data directory (characters/, weapons/, cards/ and
// decks/r0.yaml, r1.yaml) that the real YAML loader (card_loader.cpp) reads: cards drawn from
// the whole card language of docs/cards-raise-rise-die.md — every type, objet kind, slot,
// archetype, dedicated weapon and keyword, in effet, infusion and transcendance, in random
// combinations the loader accepts — and two decks legal under Rules RRD-2.1..RRD-2.5. Same
// seed, same files. Test-side only: no engine code uses it.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "rise/core/rng.h"

namespace rrdtest::random_cards {

inline const std::vector<std::string> kKeywords = {
    "degats", "amplitude", "bloque",  "brulez",    "degats_plus", "destructeur", "echangez",  "enchainement", "frenesie",
    "oubli",  "percer",    "pioche",  "poison",    "recherche",   "saignement",  "sonne",     "torpeur",      "point_faible"};
inline const std::vector<std::string> kSlots = {"tete", "torse", "bras", "jambes"};

inline int roll(rise::Rng& rng, int n) { return rng.roll(n); }

// x: mostly small, sometimes large (the language allows 1..99).
inline int value(rise::Rng& rng) {
  const int r = rng.roll(20);
  if (r == 1) return 99;
  if (r <= 3) return 4 + rng.roll(10);
  return rng.roll(3);
}

// A keyword list for `where` ("effet", "infusion", "transcendance"): 1..4 distinct keywords.
inline std::string keywords(rise::Rng& rng, const std::string& where) {
  std::vector<std::string> chosen;
  const int n = rng.roll(10) == 1 ? 1 + rng.roll(6) : rng.roll(3);
  for (int tries = 0; static_cast<int>(chosen.size()) < n && tries < 50; ++tries) {
    const std::string& k = kKeywords[static_cast<size_t>(rng.roll(static_cast<int>(kKeywords.size())) - 1)];
    if (std::find(chosen.begin(), chosen.end(), k) != chosen.end()) continue;
    if (k == "enchainement" && where != "effet") continue;                      // RRD-11.7
    if ((k == "frenesie" || k == "amplitude") && where == "infusion") continue;  // Interpretation RRD-8.4
    chosen.push_back(k);
  }
  std::string out = "[";
  for (size_t i = 0; i < chosen.size(); ++i) {
    const int x = chosen[i] == "torpeur" ? 1 : chosen[i] == "frenesie" ? (rng.roll(15) == 1 ? 99 : rng.roll(3)) : value(rng);
    out += (i ? ", {" : "{") + chosen[i] + ": " + std::to_string(x) + "}";
  }
  return out + "]";
}

struct RandomData {
  std::string dir;
  int num_cards = 0;
};

// Writes the random data set of `seed` into `dir` (created; its old content replaced).
inline RandomData write_random_data(const std::string& dir, uint64_t seed, int num_cards = 60) {
  namespace fs = std::filesystem;
  rise::Rng rng(seed);
  fs::remove_all(dir);
  for (const char* sub : {"characters", "weapons", "cards", "decks"}) fs::create_directories(fs::path(dir) / sub);
  // Three weapons over two archetypes.
  struct Weapon {
    std::string id, archetype;
  };
  const std::vector<Weapon> weapons = {{"wa", "alpha"}, {"wb", "alpha"}, {"wc", "beta"}};
  std::string w = "weapons:\n";
  for (const Weapon& x : weapons) w += "  - {id: " + x.id + ", name: Weapon " + x.id + ", archetype: " + x.archetype + "}\n";
  std::ofstream(fs::path(dir) / "weapons" / "random.yaml") << w;

  struct Card {
    std::string id, archetype, weapon;
  };
  std::vector<Card> cards;
  std::string c = "cards:\n";
  for (int k = 0; k < num_cards; ++k) {
    Card card;
    card.id = "c" + std::to_string(k);
    card.archetype = rng.roll(3) == 1 ? "beta" : "alpha";
    if (rng.roll(5) == 1) card.weapon = card.archetype == "beta" ? "wc" : (rng.roll(2) == 1 ? "wa" : "wb");
    const int type = rng.roll(6);  // normale 3/6, instantanee 2/6, objet 1/6
    const std::string kind = type <= 3 ? "normale" : type <= 5 ? "instantanee" : "objet";
    c += "  - id: " + card.id + "\n    name: Carte " + std::to_string(k) + "\n";
    if (rng.roll(2) == 1) c += "    text: \"generated\"\n";
    c += "    va: " + std::to_string(rng.roll(9)) + "\n    cout: " + std::to_string(rng.roll(10) - 1) + "\n";
    c += "    type: " + kind + "\n";
    if (kind == "objet") {
      static const std::vector<std::string> objets = {"assaut", "soutien", "defensive"};
      c += "    objet: " + objets[static_cast<size_t>(rng.roll(3) - 1)] + "\n";
    }
    std::vector<std::string> slots;
    for (const std::string& s : kSlots) {
      if (rng.roll(3) == 1) slots.push_back(s);
    }
    if (slots.empty()) slots.push_back(kSlots[static_cast<size_t>(rng.roll(4) - 1)]);
    if (slots.size() == 1 && rng.roll(2) == 1) {
      c += "    emplacements: " + slots[0] + "\n";
    } else {
      c += "    emplacements: [";
      for (size_t i = 0; i < slots.size(); ++i) c += (i ? ", " : "") + slots[i];
      c += "]\n";
    }
    c += "    archetype: " + card.archetype + "\n";
    if (!card.weapon.empty()) c += "    arme: " + card.weapon + "\n";
    c += "    effet: " + keywords(rng, "effet") + "\n";
    if (kind != "objet" && rng.roll(3) == 1) c += "    infusion: " + keywords(rng, "infusion") + "\n";
    if (kind != "instantanee" && rng.roll(3) == 1) c += "    transcendance: " + keywords(rng, "transcendance") + "\n";
    cards.push_back(card);
  }
  std::ofstream(fs::path(dir) / "cards" / "random.yaml") << c;

  // Two characters and their decks: weapons first, then the cards they open, 1..3 copies,
  // until the character's PV (RRD-2.1..RRD-2.5).
  std::string ch = "characters:\n";
  std::vector<std::string> decks;
  for (int p = 0; p < 2; ++p) {
    const int armes = rng.roll(3);
    std::vector<Weapon> equipped;
    for (const Weapon& x : weapons) {
      if (static_cast<int>(equipped.size()) < armes && rng.roll(2) == 1) equipped.push_back(x);
    }
    if (equipped.empty()) equipped.push_back(weapons[static_cast<size_t>(rng.roll(3) - 1)]);
    auto opens = [&](const Card& card) {
      bool arch = false, ded = card.weapon.empty();
      for (const Weapon& x : equipped) {
        arch = arch || x.archetype == card.archetype;
        ded = ded || x.id == card.weapon;
      }
      return arch && ded;
    };
    std::vector<std::pair<std::string, int>> list;
    int capacity = 0;
    for (const Card& card : cards) {
      if (!opens(card)) continue;
      const int copies = rng.roll(3);
      list.emplace_back(card.id, copies);
      capacity += copies;
    }
    int pv = rng.roll(4) == 1 ? 40 + rng.roll(20) : 10 + rng.roll(15);
    pv = std::max(10, std::min(pv, capacity));
    // Trim the list to exactly pv cards (capacity >= 10 with 60 cards of two archetypes).
    std::string deck = "name: Random " + std::to_string(p) + "\ncharacter: ch" + std::to_string(p) + "\nweapons: [";
    for (size_t i = 0; i < equipped.size(); ++i) deck += (i ? ", " : "") + equipped[i].id;
    deck += "]\ncards:\n";
    int left = pv;
    for (const auto& [id, copies] : list) {
      if (left == 0) break;
      const int n = std::min(copies, left);
      deck += "  " + id + ": " + std::to_string(n) + "\n";
      left -= n;
    }
    pv -= left;  // (never: capacity >= pv)
    ch += "  - {id: ch" + std::to_string(p) + ", name: Perso " + std::to_string(p) + ", pv: " + std::to_string(pv) +
          ", potentiel_latent: " + std::to_string(rng.roll(15)) + ", potentiel_actif: " + std::to_string(rng.roll(16) - 1) +
          ", armes: " + std::to_string(std::max<int>(armes, static_cast<int>(equipped.size()))) + "}\n";
    std::ofstream(fs::path(dir) / "decks" / ("r" + std::to_string(p) + ".yaml")) << deck;
  }
  std::ofstream(fs::path(dir) / "characters" / "random.yaml") << ch;
  RandomData data;
  data.dir = dir;
  data.num_cards = num_cards;
  return data;
}

}  // namespace rrdtest::random_cards
