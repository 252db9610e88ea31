// A small Raise, Rise & Die card set built in C++ for the rule tests (independent of the YAML
// loader and of the starter decks): every keyword, every kind and every objet kind.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "raise-rise-die/cards.h"

namespace rrdtest {

using rise::rrd::CardDb;
using rise::rrd::CardDef;
using rise::rrd::CharacterDef;
using rise::rrd::Effect;
using rise::rrd::Kind;
using rise::rrd::Kw;
using rise::rrd::KwValue;
using rise::rrd::ObjetKind;
using rise::rrd::Slot;
using rise::rrd::WeaponDef;

// Slot bits for CardDef::slots.
inline constexpr uint8_t kTete = 1;
inline constexpr uint8_t kTorse = 2;
inline constexpr uint8_t kBras = 4;
inline constexpr uint8_t kJambes = 8;
inline constexpr uint8_t kAll = 15;

inline CardDef make_card(const std::string& id, const std::string& name, int va, int cost, Kind kind, uint8_t slots,
                         Effect effet, Effect infusion = {}, Effect transcendance = {},
                         ObjetKind objet = ObjetKind::kNone) {
  CardDef c;
  c.id = id;
  c.name = name;
  c.va = va;
  c.cost = cost;
  c.kind = kind;
  c.objet = objet;
  c.slots = slots;
  c.archetype = "lame";
  c.effet = std::move(effet);
  c.infusion = std::move(infusion);
  c.transcendance = std::move(transcendance);
  c.source = "test_cards.h:" + id;
  return c;
}

// The test cards (id: name, VA, cost, kind, optimal slots, effet | infusion | transcendance):
//   garde      Garde 3/0 normale, every slot: Bloque 1
//   eclat      Éclat 1/0 normale, every slot: Dégâts 1
//   entaille   Entaille 2/1 normale, tête torse: Dégâts 3 | +1 Dégâts | +2 Dégâts
//   parade     Parade 1/1 instantanée, every slot: Bloque 2
//   colosse    Colosse 5/3 normale, torse: Dégâts 6
//   balayage   Balayage 3/2 normale, tête bras: Dégâts 2, Amplitude 3 | - | +1 Dégâts
//   brasier    Brasier 2/1 normale, torse: Brûlez 5
//   coup-sec   Coup sec 1/0 normale, jambes: Dégâts 1, +2 Dégâts
//   execution  Exécution 4/3 normale, tête: Destructeur 3
//   troc       Troc 2/0 instantanée, bras: Échangez 2
//   enchaine   Enchaîné 2/4 normale, torse: Dégâts 2, Enchaînement 3
//   furie      Furie 3/2 normale, bras: Dégâts 1, Frénésie 2
//   oubli      Oubli 2/1 normale, tête: Oubli 3
//   percee     Percée 2/1 normale, torse: Dégâts 3, Percer 2
//   inspir     Inspiration 1/0 instantanée, tête: Pioche 2
//   venin      Venin 2/1 normale, jambes: Poison 2
//   quete      Quête 2/1 normale, tête: Recherche 3
//   saignee    Saignée 2/1 normale, bras: Dégâts 1, Saignement 2
//   etourdir   Étourdir 1/1 instantanée, tête: Sonné 2
//   torpeur    Léthargie 1/0 instantanée, torse: Torpeur
//   faille     Faille 2/1 normale, jambes: Point faible 2
//   bouclier   Bouclier 2/1 objet défensive, torse: Bloque 3
//   arbalete   Arbalète 3/2 objet assaut, tête bras: Dégâts 2
//   talisman   Talisman 1/0 objet soutien, tête: Pioche 1 | - | Destructeur 1
//   source     Source 2/0 normale, torse: Pioche 1 | Destructeur 1 (an upkeep effect)
//   aiguille   Aiguille 1/0 normale, jambes: Dégâts 1 | Percer 1
//   razzia     Razzia 2/1 normale, tête: Oubli 1, Dégâts 1 (a choice listed before a hit)
//   tourbillon Tourbillon 2/1 normale, tête: Amplitude 2, Pioche 1, Bloque 1
//   rage       Rage 2/1 normale, tête: Oubli 1, Frénésie 1
// Characters: t-duelliste 20 PV, potentiel latent 5, actif 2, 2 weapons; weapon t-lame (lame).
inline std::shared_ptr<const CardDb> test_cards() {
  static const std::shared_ptr<const CardDb> db = [] {
    auto d = std::make_shared<CardDb>();
    CharacterDef ch;
    ch.id = "t-duelliste";
    ch.name = "Duelliste";
    ch.pv = 20;
    ch.potentiel_latent = 5;
    ch.potentiel_actif = 2;
    ch.armes = 2;
    ch.source = "test_cards.h";
    d->add(ch);
    d->add(WeaponDef{"t-lame", "Lame", "lame", "test_cards.h"});
    const Kind N = Kind::kNormale;
    const Kind I = Kind::kInstantanee;
    const Kind O = Kind::kObjet;
    d->add(make_card("garde", "Garde", 3, 0, N, kAll, {{Kw::kBloque, 1}}));
    d->add(make_card("eclat", "Éclat", 1, 0, N, kAll, {{Kw::kDegats, 1}}));
    d->add(make_card("entaille", "Entaille", 2, 1, N, kTete | kTorse, {{Kw::kDegats, 3}}, {{Kw::kDegatsPlus, 1}},
                     {{Kw::kDegatsPlus, 2}}));
    d->add(make_card("parade", "Parade", 1, 1, I, kAll, {{Kw::kBloque, 2}}));
    d->add(make_card("colosse", "Colosse", 5, 3, N, kTorse, {{Kw::kDegats, 6}}));
    d->add(make_card("balayage", "Balayage", 3, 2, N, kTete | kBras, {{Kw::kDegats, 2}, {Kw::kAmplitude, 3}}, {},
                     {{Kw::kDegatsPlus, 1}}));
    d->add(make_card("brasier", "Brasier", 2, 1, N, kTorse, {{Kw::kBrulez, 5}}));
    d->add(make_card("coup-sec", "Coup sec", 1, 0, N, kJambes, {{Kw::kDegats, 1}, {Kw::kDegatsPlus, 2}}));
    d->add(make_card("execution", "Exécution", 4, 3, N, kTete, {{Kw::kDestructeur, 3}}));
    d->add(make_card("troc", "Troc", 2, 0, I, kBras, {{Kw::kEchangez, 2}}));
    d->add(make_card("enchaine", "Enchaîné", 2, 4, N, kTorse, {{Kw::kDegats, 2}, {Kw::kEnchainement, 3}}));
    d->add(make_card("furie", "Furie", 3, 2, N, kBras, {{Kw::kDegats, 1}, {Kw::kFrenesie, 2}}));
    d->add(make_card("oubli", "Oubli", 2, 1, N, kTete, {{Kw::kOubli, 3}}));
    d->add(make_card("percee", "Percée", 2, 1, N, kTorse, {{Kw::kDegats, 3}, {Kw::kPercer, 2}}));
    d->add(make_card("inspir", "Inspiration", 1, 0, I, kTete, {{Kw::kPioche, 2}}));
    d->add(make_card("venin", "Venin", 2, 1, N, kJambes, {{Kw::kPoison, 2}}));
    d->add(make_card("quete", "Quête", 2, 1, N, kTete, {{Kw::kRecherche, 3}}));
    d->add(make_card("saignee", "Saignée", 2, 1, N, kBras, {{Kw::kDegats, 1}, {Kw::kSaignement, 2}}));
    d->add(make_card("etourdir", "Étourdir", 1, 1, I, kTete, {{Kw::kSonne, 2}}));
    d->add(make_card("torpeur", "Léthargie", 1, 0, I, kTorse, {{Kw::kTorpeur, 1}}));
    d->add(make_card("faille", "Faille", 2, 1, N, kJambes, {{Kw::kPointFaible, 2}}));
    d->add(make_card("bouclier", "Bouclier", 2, 1, O, kTorse, {{Kw::kBloque, 3}}, {}, {}, ObjetKind::kDefensive));
    d->add(make_card("arbalete", "Arbalète", 3, 2, O, kTete | kBras, {{Kw::kDegats, 2}}, {}, {}, ObjetKind::kAssaut));
    d->add(make_card("talisman", "Talisman", 1, 0, O, kTete, {{Kw::kPioche, 1}}, {}, {{Kw::kDestructeur, 1}},
                     ObjetKind::kSoutien));
    d->add(make_card("source", "Source", 2, 0, N, kTorse, {{Kw::kPioche, 1}}, {{Kw::kDestructeur, 1}}));
    d->add(make_card("aiguille", "Aiguille", 1, 0, N, kJambes, {{Kw::kDegats, 1}}, {{Kw::kPercer, 1}}));
    d->add(make_card("razzia", "Razzia", 2, 1, N, kTete, {{Kw::kOubli, 1}, {Kw::kDegats, 1}}));
    d->add(make_card("tourbillon", "Tourbillon", 2, 1, N, kTete,
                     {{Kw::kAmplitude, 2}, {Kw::kPioche, 1}, {Kw::kBloque, 1}}));
    d->add(make_card("rage", "Rage", 2, 1, N, kTete, {{Kw::kOubli, 1}, {Kw::kFrenesie, 1}}));
    return std::shared_ptr<const CardDb>(d);
  }();
  return db;
}

// Twenty Gardes (VA 3): the default deck of the rule tests, so that every Top Soul is known.
inline std::vector<std::string> gardes(int n = 20) { return std::vector<std::string>(static_cast<size_t>(n), "garde"); }

// A deck with every card of the set (two of most), for random duels.
inline std::vector<std::string> mixed_deck() {
  std::vector<std::string> out;
  for (const char* id : {"garde", "eclat", "entaille", "parade", "colosse", "balayage", "brasier", "coup-sec",
                         "execution", "troc", "enchaine", "furie", "oubli", "percee", "inspir", "venin", "quete",
                         "saignee", "etourdir", "torpeur", "faille", "bouclier", "arbalete", "talisman", "source",
                         "aiguille", "razzia", "tourbillon", "rage"}) {
    out.push_back(id);
    out.push_back(id);
  }
  return out;
}

}  // namespace rrdtest
