// A small Raise, Rise & Die card set built in C++ for the json, notation, observation, view
// and evaluation tests (independent of the YAML loader and of the starter content).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "raise-rise-die/cards.h"

namespace rrdview {

using rise::rrd::CardDb;
using rise::rrd::CardDef;
using rise::rrd::CharacterDef;
using rise::rrd::Effect;
using rise::rrd::Kind;
using rise::rrd::Kw;
using rise::rrd::ObjetKind;
using rise::rrd::Slot;
using rise::rrd::WeaponDef;

inline uint8_t slots(std::initializer_list<Slot> list) {
  uint8_t bits = 0;
  for (Slot s : list) bits = static_cast<uint8_t>(bits | 1 << static_cast<int>(s));
  return bits;
}

inline CardDef make_card(const std::string& id, const std::string& name, int va, int cost, Kind kind, uint8_t slot_bits,
                         Effect effet, Effect infusion = {}, Effect transcendance = {},
                         ObjetKind objet = ObjetKind::kNone) {
  CardDef c;
  c.id = id;
  c.name = name;
  c.va = va;
  c.cost = cost;
  c.kind = kind;
  c.objet = objet;
  c.slots = slot_bits;
  c.archetype = "braise";
  c.effet = std::move(effet);
  c.infusion = std::move(infusion);
  c.transcendance = std::move(transcendance);
  c.source = "view_test_cards.h:" + id;
  return c;
}

// The test cards (archetype "braise"):
//   lame-de-braise  Lame de Braise, VA 3 coût 1, normale, tete/bras: Dégâts 3, Saignement 1;
//                   infusion +1 Dégâts; transcendance Percer 2
//   ecaille         Écaille, VA 2 coût 0, normale, torse: Bloque 3
//   eclair          Éclair, VA 1 coût 0, instantanée, jambes: Dégâts 1
//   bouclier        Bouclier de Cendre, VA 2 coût 2, objet défensive, torse: Bloque 2
//   sonde           Sonde, VA 4 coût 2, normale, tete: Recherche 3
//   brasier         Brasier, VA 5 coût 3, normale, all slots: Dégâts 2, Amplitude 2, Poison 1
// Characters aldric and mira (12 PV, potentiel latent 5, actif 2, 1 weapon); weapon
// epee-de-braise (archetype braise).
inline std::shared_ptr<const CardDb> view_test_cards() {
  static const std::shared_ptr<const CardDb> db = [] {
    auto d = std::make_shared<CardDb>();
    d->add(make_card("lame-de-braise", "Lame de Braise", 3, 1, Kind::kNormale, slots({Slot::kTete, Slot::kBras}),
                     {{Kw::kDegats, 3}, {Kw::kSaignement, 1}}, {{Kw::kDegatsPlus, 1}}, {{Kw::kPercer, 2}}));
    d->add(make_card("ecaille", "Écaille", 2, 0, Kind::kNormale, slots({Slot::kTorse}), {{Kw::kBloque, 3}}));
    d->add(make_card("eclair", "Éclair", 1, 0, Kind::kInstantanee, slots({Slot::kJambes}), {{Kw::kDegats, 1}}));
    d->add(make_card("bouclier", "Bouclier de Cendre", 2, 2, Kind::kObjet, slots({Slot::kTorse}), {{Kw::kBloque, 2}},
                     {}, {}, ObjetKind::kDefensive));
    d->add(make_card("sonde", "Sonde", 4, 2, Kind::kNormale, slots({Slot::kTete}), {{Kw::kRecherche, 3}}));
    d->add(make_card("brasier", "Brasier", 5, 3, Kind::kNormale,
                     slots({Slot::kTete, Slot::kTorse, Slot::kBras, Slot::kJambes}),
                     {{Kw::kDegats, 2}, {Kw::kAmplitude, 2}, {Kw::kPoison, 1}}));
    for (const char* id : {"aldric", "mira"}) {
      CharacterDef ch;
      ch.id = id;
      ch.name = id == std::string("aldric") ? "Aldric" : "Mira";
      ch.pv = 12;
      ch.potentiel_latent = 5;
      ch.potentiel_actif = 2;
      ch.armes = 1;
      ch.source = std::string("view_test_cards.h:") + id;
      d->add(ch);
    }
    WeaponDef w;
    w.id = "epee-de-braise";
    w.name = "Épée de Braise";
    w.archetype = "braise";
    w.source = "view_test_cards.h:epee-de-braise";
    d->add(w);
    return std::shared_ptr<const CardDb>(d);
  }();
  return db;
}

}  // namespace rrdview
