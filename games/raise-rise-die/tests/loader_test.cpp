// Raise, Rise & Die data files (docs/cards-raise-rise-die.md): characters, weapons, cards
// and decks load with exact field values (Rules RRD-3.1..RRD-3.3, RRD-9.1), and every kind of
// mistake is refused with the file, the line, the definition and the field.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>

#include "raise-rise-die/cards.h"
#include "rise/core/error.h"
#include "test_files.h"

namespace rise::rrd {
namespace {

namespace fs = std::filesystem;

class RrdLoader : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "rise-rrd-loader-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  std::string write(const std::string& name, const std::string& text) const {
    const fs::path path = dir_ / name;
    fs::create_directories(path.parent_path());
    testing_files::write_text(path, text);
    return path.string();
  }

  CardDb load(const std::string& text) const {
    CardDb db;
    load_file(write("set.yaml", text), db);
    return db;
  }

  static std::string error_of(const std::function<void()>& f) {
    try {
      f();
    } catch (const InputError& e) {
      return e.what();
    }
    ADD_FAILURE() << "no InputError";
    return "";
  }

  // The message without the temporary directory ("bad.yaml:LINE: ...").
  std::string relative(std::string message) const {
    const std::string prefix = dir_.string() + "/";
    for (size_t at = message.find(prefix); at != std::string::npos; at = message.find(prefix)) {
      message.erase(at, prefix.size());
    }
    return message;
  }

  // The error of loading `text` as bad.yaml.
  std::string load_error(const std::string& text) const {
    const std::string path = write("bad.yaml", text);
    return relative(error_of([&] {
      CardDb db;
      load_file(path, db);
    }));
  }

  // The error of load_cards on the data directory `name` of the temporary directory.
  std::string load_cards_error(const std::string& name) const {
    return relative(error_of([&] { load_cards((dir_ / name).string()); }));
  }

  // The error of reading `text` as the deck file bad.yaml.
  std::string deck_error(const std::string& text) const {
    const std::string path = write("bad.yaml", text);
    return relative(error_of([&] { load_deck_file(path); }));
  }

  fs::path dir_;
};

// A card of `type` with the common fields on lines 2-8 and `extra` from line 9.
std::string card_of(const std::string& type, const std::string& extra, const std::string& archetype = "lame") {
  return "cards:\n"
         "  - id: x\n"
         "    name: X\n"
         "    va: 2\n"
         "    cout: 1\n"
         "    type: " +
         type +
         "\n"
         "    emplacements: [bras]\n"
         "    archetype: " +
         archetype + "\n" + extra;
}

// A normale card with `effet` on line 9 and `extra` from line 10.
std::string normale(const std::string& extra, const std::string& effet = "[{degats: 2}]") {
  return card_of("normale", "    effet: " + effet + "\n" + extra);
}

const char* const kEveryKind = R"(characters:
  - id: severine
    name: Séverine
    pv: 32
    potentiel_latent: 5
    potentiel_actif: 3
    armes: 1
weapons:
  - {id: epee, name: Épée, archetype: lame}
cards:
  - id: fente
    name: Fente
    text: "Dégâts 2, Saignement 1."
    va: 3
    cout: 2
    type: normale
    emplacements: [jambes, tete]
    archetype: lame
    arme: epee
    effet: [{degats: 2}, {saignement: 1}, {enchainement: 3}]
    infusion: [{degats_plus: 1}]
    transcendance: [{destructeur: 2}, {torpeur: 1}]
  - id: riposte
    name: Riposte
    va: 1
    cout: 0
    type: instantanee
    emplacements: torse
    archetype: lame
    effet:
      - bloque: 2
      - point_faible: 1
  - id: bouclier
    name: Bouclier
    va: 9
    cout: 9
    type: objet
    objet: defensive
    emplacements: [tete, torse, bras, jambes]
    archetype: lame
    effet: [{bloque: 99}]
    transcendance: [{amplitude: 4}]
)";

TEST_F(RrdLoader, RRD_3_1_RRD_3_3_EveryKindLoadsWithExactFields) {
  // RRD-3.1 (character), RRD-3.2 (weapon), RRD-3.3 (card), RRD-9.1 (objet kind).
  const CardDb db = load(kEveryKind);
  ASSERT_EQ(db.characters().size(), 1u);
  const CharacterDef& ch = db.characters()[0];
  EXPECT_EQ(ch.id, "severine");
  EXPECT_EQ(ch.name, "Séverine");
  EXPECT_EQ(ch.pv, 32);
  EXPECT_EQ(ch.potentiel_latent, 5);
  EXPECT_EQ(ch.potentiel_actif, 3);
  EXPECT_EQ(ch.armes, 1);
  EXPECT_EQ(ch.source, (dir_ / "set.yaml").string() + ":2");

  ASSERT_EQ(db.weapons().size(), 1u);
  EXPECT_EQ(db.weapons()[0].id, "epee");
  EXPECT_EQ(db.weapons()[0].name, "Épée");
  EXPECT_EQ(db.weapons()[0].archetype, "lame");
  EXPECT_EQ(db.weapons()[0].source, (dir_ / "set.yaml").string() + ":9");

  ASSERT_EQ(db.size(), 3);
  const CardDef& fente = db[db.find("fente")];
  EXPECT_EQ(fente.name, "Fente");
  EXPECT_EQ(fente.text, "Dégâts 2, Saignement 1.");
  EXPECT_EQ(fente.va, 3);
  EXPECT_EQ(fente.cost, 2);
  EXPECT_EQ(fente.kind, Kind::kNormale);
  EXPECT_EQ(fente.objet, ObjetKind::kNone);
  EXPECT_EQ(fente.slots, (1 << static_cast<int>(Slot::kTete)) | (1 << static_cast<int>(Slot::kJambes)));
  EXPECT_EQ(fente.archetype, "lame");
  EXPECT_EQ(fente.weapon, "epee");
  EXPECT_EQ(effect_text(fente.effet), "Dégâts 2, Saignement 1, Enchaînement 3");
  EXPECT_EQ(fente.enchainement(), 3);
  EXPECT_EQ(effect_text(fente.infusion), "+1 Dégâts");
  EXPECT_EQ(effect_text(fente.transcendance), "Destructeur 2, Torpeur");
  EXPECT_EQ(fente.source, (dir_ / "set.yaml").string() + ":11");

  const CardDef& riposte = db[db.find("riposte")];
  EXPECT_EQ(riposte.kind, Kind::kInstantanee);
  EXPECT_EQ(riposte.text, "");
  EXPECT_EQ(riposte.cost, 0);
  EXPECT_EQ(riposte.slots, 1 << static_cast<int>(Slot::kTorse));
  EXPECT_EQ(riposte.weapon, "");
  ASSERT_EQ(riposte.effet.size(), 2u);
  EXPECT_EQ(riposte.effet[1].kw, Kw::kPointFaible);
  EXPECT_EQ(riposte.effet[1].x, 1);
  EXPECT_FALSE(riposte.has_infusion());
  EXPECT_TRUE(riposte.transcendance.empty());

  const CardDef& bouclier = db[db.find("bouclier")];
  EXPECT_EQ(bouclier.kind, Kind::kObjet);
  EXPECT_EQ(bouclier.objet, ObjetKind::kDefensive);
  EXPECT_EQ(bouclier.va, 9);
  EXPECT_EQ(bouclier.cost, 9);
  EXPECT_EQ(bouclier.slots, 0b1111);
  EXPECT_EQ(effect_text(bouclier.effet), "Bloque 99");
}

TEST_F(RrdLoader, EveryObjetKindLoads) {  // RRD-9.1
  for (const auto& [key, kind] : {std::pair{"assaut", ObjetKind::kAssaut}, std::pair{"soutien", ObjetKind::kSoutien},
                                  std::pair{"defensive", ObjetKind::kDefensive}}) {
    const CardDb db = load(card_of("objet", std::string("    objet: ") + key + "\n    effet: [{pioche: 1}]\n"));
    EXPECT_EQ(db[0].objet, kind) << key;
  }
}

TEST_F(RrdLoader, RefusesUnknownFieldsWithASuggestion) {
  EXPECT_EQ(load_error(normale("    vaa: 3\n")),
            "bad.yaml:10: card 'x': field 'vaa': unknown field (did you mean 'va'?); allowed here: id, name, text, va, "
            "cout, type, objet, emplacements, archetype, arme, effet, infusion, transcendance");
  EXPECT_EQ(load_error("characters:\n  - {id: a, name: A, pv: 30, potentiel_latent: 5, potentiel_actif: 2, armes: 1, "
                       "arme: 1}\n"),
            "bad.yaml:2: character 'a': field 'arme': unknown field (did you mean 'armes'?); allowed here: id, name, "
            "pv, potentiel_latent, potentiel_actif, armes");
  EXPECT_EQ(load_error("weapons:\n  - {id: epee, name: Épée, archetype: lame, va: 1}\n"),
            "bad.yaml:2: weapon 'epee': field 'va': unknown field; allowed here: id, name, archetype");
  EXPECT_EQ(
      load_error("card:\n  - {id: x}\n"),
      "bad.yaml:1: field 'card': unknown field (did you mean 'cards'?); allowed here: characters, weapons, cards");
}

TEST_F(RrdLoader, RefusesUnknownKeywordsWithASuggestion) {
  EXPECT_EQ(load_error(normale("", "[{degats: 2}, {poisson: 1}]")),
            "bad.yaml:9: card 'x': field 'effet[2]': unknown keyword 'poisson' (did you mean 'poison'?); expected "
            "degats, amplitude, bloque, brulez, degats_plus, destructeur, echangez, enchainement, frenesie, oubli, "
            "percer, pioche, poison, recherche, saignement, sonne, torpeur or point_faible");
  const std::string expected =
      "; expected degats, amplitude, bloque, brulez, degats_plus, destructeur, echangez, "
      "enchainement, frenesie, oubli, percer, pioche, poison, recherche, saignement, sonne, "
      "torpeur or point_faible";
  EXPECT_EQ(load_error(normale("", "[{Brulez: 2}]")),
            "bad.yaml:9: card 'x': field 'effet[1]': unknown keyword 'Brulez' (did you mean 'brulez'?)" + expected);
  EXPECT_EQ(load_error(normale("    infusion: [{point-faible: 1}]\n")),
            "bad.yaml:10: card 'x': field 'infusion[1]': unknown keyword 'point-faible' (did you mean "
            "'point_faible'?)" +
                expected);
}

TEST_F(RrdLoader, RefusesMalformedEffects) {
  EXPECT_EQ(load_error(normale("", "[{degats: 2, poison: 1}]")),
            "bad.yaml:9: card 'x': field 'effet[1]': one keyword per entry; write 'degats' and 'poison' as two "
            "entries");
  EXPECT_EQ(load_error(normale("", "[degats]")),
            "bad.yaml:9: card 'x': field 'effet[1]': expected one keyword {KEYWORD: x}, e.g. {degats: 2}, got "
            "'degats'");
  EXPECT_EQ(load_error(normale("", "{degats: 2}")), "bad.yaml:9: card 'x': field 'effet': expected a list, got a map");
  EXPECT_EQ(load_error(normale("", "[]")),
            "bad.yaml:9: card 'x': field 'effet': expected at least one entry, got an empty list");
  EXPECT_EQ(load_error(normale("", "[{degats: 2}, {degats: 1}]")),
            "bad.yaml:9: card 'x': field 'effet[2]': keyword 'degats' is given twice (first at effet[1]); write it "
            "once with the total");
  EXPECT_EQ(load_error(normale("", "[{degats: }]")), "bad.yaml:9: card 'x': field 'effet[1].degats': no value given");
}

TEST_F(RrdLoader, RefusesOutOfRangeNumbers) {
  EXPECT_EQ(load_error(card_of("normale", "    effet: [{degats: 0}]\n")),
            "bad.yaml:9: card 'x': field 'effet[1].degats': expected an integer 1..99, got '0'");
  EXPECT_EQ(load_error(normale("", "[{poison: 100}]")),
            "bad.yaml:9: card 'x': field 'effet[1].poison': expected an integer 1..99, got '100'");
  EXPECT_EQ(load_error(normale("", "[{pioche: deux}]")),
            "bad.yaml:9: card 'x': field 'effet[1].pioche': expected an integer 1..99, got 'deux'");
  const std::string zero_va =
      "cards:\n  - {id: x, name: X, va: 0, cout: 1, type: normale, emplacements: [bras], "
      "archetype: lame, effet: [{degats: 1}]}\n";
  EXPECT_EQ(load_error(zero_va), "bad.yaml:2: card 'x': field 'va': expected an integer 1..9, got '0'");
  const std::string costly =
      "cards:\n  - {id: x, name: X, va: 1, cout: 10, type: normale, emplacements: [bras], "
      "archetype: lame, effet: [{degats: 1}]}\n";
  EXPECT_EQ(load_error(costly), "bad.yaml:2: card 'x': field 'cout': expected an integer 0..9, got '10'");
  EXPECT_EQ(load_error("characters:\n  - id: a\n    name: A\n    pv: 9\n    potentiel_latent: 5\n"
                       "    potentiel_actif: 2\n    armes: 1\n"),
            "bad.yaml:4: character 'a': field 'pv': expected an integer 10..60, got '9'");
  EXPECT_EQ(
      load_error("characters:\n  - {id: a, name: A, pv: 30, potentiel_latent: 0, potentiel_actif: 2, armes: 1}\n"),
      "bad.yaml:2: character 'a': field 'potentiel_latent': expected an integer 1..15, got '0'");
  EXPECT_EQ(
      load_error("characters:\n  - {id: a, name: A, pv: 30, potentiel_latent: 5, potentiel_actif: 16, armes: 1}\n"),
      "bad.yaml:2: character 'a': field 'potentiel_actif': expected an integer 0..15, got '16'");
  EXPECT_EQ(
      load_error("characters:\n  - {id: a, name: A, pv: 30, potentiel_latent: 5, potentiel_actif: 2, armes: 4}\n"),
      "bad.yaml:2: character 'a': field 'armes': expected an integer 1..3, got '4'");
}

TEST_F(RrdLoader, RRD_11_16_TorpeurTakesTheValueOne) {
  EXPECT_EQ(load_error(normale("", "[{torpeur: 2}]")),
            "bad.yaml:9: card 'x': field 'effet[1].torpeur': expected 1 (Torpeur has no value: write torpeur: 1), got "
            "'2'");
}

TEST_F(RrdLoader, RRD_11_7_EnchainementOnlyInTheEffet) {
  EXPECT_EQ(load_error(normale("    infusion: [{enchainement: 2}]\n")),
            "bad.yaml:10: card 'x': field 'infusion[1]': Enchaînement waives the cost of the card played (RRD-11.7); "
            "it belongs in 'effet', not in 'infusion'");
  EXPECT_EQ(load_error(normale("    transcendance: [{degats_plus: 1}, {enchainement: 2}]\n")),
            "bad.yaml:10: card 'x': field 'transcendance[2]': Enchaînement waives the cost of the card played "
            "(RRD-11.7); it belongs in 'effet', not in 'transcendance'");
}

TEST_F(RrdLoader, RRD_8_4_NoFrenesieOrAmplitudeInAnInfusion) {  // RRD-8.4 RRD-11.1 RRD-11.8
  EXPECT_EQ(load_error(normale("    infusion: [{frenesie: 1}]\n")),
            "bad.yaml:10: card 'x': field 'infusion[1]': Frénésie shapes a card as it is played (RRD-11.8); an "
            "effet d'infusion is passive (RRD-8.4): 'frenesie' cannot be in 'infusion'");
  EXPECT_EQ(load_error(normale("    infusion: [{degats_plus: 1}, {amplitude: 2}]\n")),
            "bad.yaml:10: card 'x': field 'infusion[2]': Amplitude shapes a card as it is played (RRD-11.1); an "
            "effet d'infusion is passive (RRD-8.4): 'amplitude' cannot be in 'infusion'");
  // Both stay allowed in the effet and the bonus de transcendance.
  const CardDb db = load(normale("    transcendance: [{amplitude: 2}]\n", "[{degats: 2}, {frenesie: 1}]"));
  ASSERT_EQ(db.size(), 1);
  EXPECT_EQ(kw_sum(db[0].effet, Kw::kFrenesie), 1);
  EXPECT_EQ(kw_sum(db[0].transcendance, Kw::kAmplitude), 2);
  EXPECT_TRUE(db[0].infusion.empty());
}

TEST_F(RrdLoader, RRD_9_1_AnObjetNeedsItsKindAndOnlyObjetsHaveOne) {
  EXPECT_EQ(load_error(card_of("objet", "    effet: [{degats: 2}]\n")),
            "bad.yaml:2: card 'x': field 'objet': missing: an objet is assaut, soutien or defensive (RRD-9.1)");
  EXPECT_EQ(load_error(card_of("objet", "    objet: attaque\n    effet: [{degats: 2}]\n")),
            "bad.yaml:9: card 'x': field 'objet': unknown objet kind 'attaque'; expected assaut, soutien or "
            "defensive");
  EXPECT_EQ(load_error(normale("    objet: assaut\n")),
            "bad.yaml:10: card 'x': field 'objet': only objets have an objet kind; this card is a normale");
  EXPECT_EQ(load_error(card_of("instantanee", "    objet: soutien\n    effet: [{bloque: 1}]\n")),
            "bad.yaml:9: card 'x': field 'objet': only objets have an objet kind; this card is an instantanée");
}

TEST_F(RrdLoader, RRD_7_1_AnInstantaneeCannotBeTranscended) {
  EXPECT_EQ(load_error(card_of("instantanee", "    effet: [{bloque: 2}]\n    transcendance: [{bloque: 1}]\n")),
            "bad.yaml:10: card 'x': field 'transcendance': an instantanée cannot be transcended (RRD-7.1)");
}

TEST_F(RrdLoader, RRD_9_5_AnObjetHasNoInfusion) {
  EXPECT_EQ(
      load_error(card_of("objet", "    objet: assaut\n    effet: [{degats: 2}]\n    infusion: [{degats_plus: 1}]\n")),
      "bad.yaml:11: card 'x': field 'infusion': an objet never infuses: it stays in its object slot (RRD-9.6)");
}

TEST_F(RrdLoader, RRD_3_4_RefusesBadSlots) {
  EXPECT_EQ(load_error("cards:\n  - {id: x, name: X, va: 1, cout: 1, type: normale, emplacements: [bras, bras], "
                       "archetype: lame, effet: [{degats: 1}]}\n"),
            "bad.yaml:2: card 'x': field 'emplacements': slot 'bras' is listed twice");
  EXPECT_EQ(load_error("cards:\n  - {id: x, name: X, va: 1, cout: 1, type: normale, emplacements: [], archetype: lame, "
                       "effet: [{degats: 1}]}\n"),
            "bad.yaml:2: card 'x': field 'emplacements': expected at least one slot, got an empty list");
  EXPECT_EQ(load_error("cards:\n  - {id: x, name: X, va: 1, cout: 1, type: normale, emplacements: [tête], archetype: "
                       "lame, effet: [{degats: 1}]}\n"),
            "bad.yaml:2: card 'x': field 'emplacements': unknown slot 'tête' (did you mean 'tete'?); expected tete, "
            "torse, bras or jambes");
}

TEST_F(RrdLoader, RefusesMissingFieldsBadIdsAndBadTypes) {
  EXPECT_EQ(load_error("cards:\n  - {id: x, va: 1, cout: 1, type: normale, emplacements: [bras], archetype: lame, "
                       "effet: [{degats: 1}]}\n"),
            "bad.yaml:2: card 'x': field 'name': missing");
  EXPECT_EQ(load_error(card_of("normale", "")), "bad.yaml:2: card 'x': field 'effet': missing");
  EXPECT_EQ(load_error("cards:\n  - {id: X1, name: X}\n"),
            "bad.yaml:2: card '#1': field 'id': expected an id of lowercase letters, digits and '-', got 'X1'");
  EXPECT_EQ(load_error("cards:\n  - {name: X}\n"), "bad.yaml:2: card '#1': field 'id': missing");
  EXPECT_EQ(load_error(card_of("sort", "    effet: [{degats: 1}]\n")),
            "bad.yaml:6: card 'x': field 'type': unknown card type 'sort'; expected normale, instantanee or objet");
  EXPECT_EQ(load_error(normale("    arme: Épée\n")),
            "bad.yaml:10: card 'x': field 'arme': expected an id of lowercase letters, digits and '-', got 'Épée'");
  EXPECT_EQ(load_error("cards: []\n"), "bad.yaml:1: field 'cards': expected at least one entry, got an empty list");
  EXPECT_EQ(load_error("- x\n"), "bad.yaml:1: expected a map with a 'characters, weapons or cards' list, got a list");
  EXPECT_EQ(load_error("cards:\n  - x\n"),
            "bad.yaml:2: card '#1': expected a card (a map with id, name, va, cout, type...), got 'x'");
}

TEST_F(RrdLoader, RefusesADuplicateIdAcrossFiles) {
  CardDb db;
  load_file(write("a.yaml", normale("")), db);
  const std::string second = write("b.yaml", normale(""));
  EXPECT_EQ(relative(error_of([&] { load_file(second, db); })),
            "b.yaml:2: card 'x': field 'id': duplicate id, already defined at a.yaml:2");
}

TEST_F(RrdLoader, RefusesAnIdThatAlreadyNamesAnotherKind) {
  // One id names one card, weapon or character: observations and the catalog key them alike.
  CardDb db;
  load_file(write("w.yaml", "weapons:\n  - {id: x, name: Épée, archetype: lame}\n"), db);
  const std::string cards = write("c.yaml", normale(""));
  EXPECT_EQ(relative(error_of([&] { load_file(cards, db); })),
            "c.yaml:2: card 'x': field 'id': already the id of the weapon at w.yaml:2");
  const std::string characters =
      write("h.yaml", "characters:\n  - {id: x, name: A, pv: 30, potentiel_latent: 5, potentiel_actif: 2, armes: 1}\n");
  EXPECT_EQ(relative(error_of([&] { load_file(characters, db); })),
            "h.yaml:2: character 'x': field 'id': already the id of the weapon at w.yaml:2");
}

// A data directory `name` with one character, the weapons `weapons` and the cards `cards`.
class RrdDataDir : public RrdLoader {
 protected:
  void make(const std::string& name, const std::string& weapons, const std::string& cards) const {
    write(name + "/characters/c.yaml",
          "characters:\n  - {id: a, name: A, pv: 30, potentiel_latent: 5, potentiel_actif: 2, armes: 1}\n");
    write(name + "/weapons/w.yaml", weapons);
    write(name + "/cards/c.yaml", cards);
  }
};

const char* const kWeapons =
    "weapons:\n  - {id: epee, name: Épée, archetype: lame}\n  - {id: fiole, name: Fiole, archetype: ombre}\n";

TEST_F(RrdDataDir, LoadsEveryFolderAndCachesTheDirectory) {
  make("good", kWeapons, normale("    arme: epee\n"));
  const auto db = load_cards((dir_ / "good").string());
  EXPECT_EQ(db->size(), 1);
  EXPECT_EQ(db->weapons().size(), 2u);
  EXPECT_EQ(db->characters().size(), 1u);
  EXPECT_EQ(load_cards((dir_ / "good").string()).get(), db.get());
}

TEST_F(RrdDataDir, RRD_2_3_EveryCardArchetypeIsSomeWeapons) {
  make("d", kWeapons, card_of("normale", "    effet: [{degats: 2}]\n", "lames"));
  EXPECT_EQ(load_cards_error("d"),
            "d/cards/c.yaml:2: card 'x': field 'archetype': unknown archetype 'lames' (did you mean 'lame'?); the "
            "weapons give lame or ombre");
}

TEST_F(RrdDataDir, RRD_2_4_TheDedicatedWeaponExistsAndIsOfTheCardsArchetype) {
  make("d", kWeapons, normale("    arme: epe\n"));
  EXPECT_EQ(load_cards_error("d"),
            "d/cards/c.yaml:2: card 'x': field 'arme': unknown weapon 'epe' (did you mean 'epee'?); weapons: epee, "
            "fiole");
  make("e", kWeapons, normale("    arme: fiole\n"));
  EXPECT_EQ(load_cards_error("e"),
            "e/cards/c.yaml:2: card 'x': field 'arme': weapon 'fiole' is of archetype 'ombre', this card of archetype "
            "'lame'; a card is dedicated to a weapon of its archetype");
}

TEST_F(RrdDataDir, EachFolderHoldsItsOwnListAndMustExist) {
  make("d", normale(""), normale(""));
  EXPECT_EQ(load_cards_error("d"), "d/weapons/w.yaml:1: field 'cards': unknown field; allowed here: weapons");
  write("f/characters/c.yaml",
        "characters:\n  - {id: a, name: A, pv: 30, potentiel_latent: 5, potentiel_actif: 2, "
        "armes: 1}\n");
  EXPECT_EQ(load_cards_error("f"), "f/weapons: no such data directory");
  write("g/characters/c.yml", "characters: []\n");
  EXPECT_EQ(load_cards_error("g"), "g/characters/c.yml: data files end in .yaml (rename it)");
}

const char* const kDeck = R"(name: La Lame
description: "Un deck."
character: severine
weapons: [epee, dagues]
cards:
  entaille: 3
  taillade: 1
)";

TEST_F(RrdLoader, ADeckFileLoads) {
  const Deck deck = load_deck_file(write("lame.yaml", kDeck));
  EXPECT_EQ(deck.id, "lame");
  EXPECT_EQ(deck.name, "La Lame");
  EXPECT_EQ(deck.description, "Un deck.");
  EXPECT_EQ(deck.character, "severine");
  EXPECT_EQ(deck.weapons, (std::vector<std::string>{"epee", "dagues"}));
  EXPECT_EQ(deck.cards, (std::vector<std::pair<std::string, int>>{{"entaille", 3}, {"taillade", 1}}));
  EXPECT_EQ(deck.size(), 4);
  EXPECT_EQ(deck.source, (dir_ / "lame.yaml").string());
  // No weapon is well-formed: it breaks Rule RRD-2.5, which validate_deck explains.
  EXPECT_TRUE(
      load_deck_file(write("none.yaml", "name: N\ncharacter: a\nweapons: []\ncards: {x: 1}\n")).weapons.empty());
}

TEST_F(RrdLoader, RefusesMalformedDeckFiles) {
  EXPECT_EQ(deck_error("name: D\nweapons: [epee]\ncards: {x: 1}\n"), "bad.yaml:1: field 'character': missing");
  EXPECT_EQ(deck_error("name: D\ncharacter: a\nweapon: [epee]\ncards: {x: 1}\n"),
            "bad.yaml:3: field 'weapon': unknown field (did you mean 'weapons'?); allowed here: name, description, "
            "character, weapons, cards");
  EXPECT_EQ(deck_error("name: D\ncharacter: a\nweapons: epee\ncards: {x: 1}\n"),
            "bad.yaml:3: field 'weapons': expected a list of weapon ids, got 'epee'");
  EXPECT_EQ(deck_error("name: D\ncharacter: a\nweapons: [epee]\ncards:\n  x: 0\n"),
            "bad.yaml:5: field 'cards.x': expected an integer 1..99, got '0'");
  EXPECT_EQ(deck_error("name: D\ncharacter: a\nweapons: [epee]\ncards:\n  X: 1\n"),
            "bad.yaml:5: field 'cards.X': expected a card id (lowercase letters, digits and '-')");
  EXPECT_EQ(deck_error("name: D\ncharacter: a\nweapons: [epee]\ncards:\n  x: 1\n  x: 2\n"),
            "bad.yaml:6: field 'cards.x': given twice (first at line 5)");
  EXPECT_EQ(deck_error("name: D\ncharacter: a\nweapons: [epee]\ncards: [x]\n"),
            "bad.yaml:4: field 'cards': expected a map, got a list");
  EXPECT_EQ(deck_error("name: [D\n").substr(0, 30), "bad.yaml:2: YAML syntax error:");
}

}  // namespace
}  // namespace rise::rrd
