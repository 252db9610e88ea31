// What each seat may see of a raise-rise-die duel (Rules RRD-12.1, RRD-12.2) and the
// determinization used by ISMCTS (resample_hidden).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "view_test_access.h"

namespace rrdview {
namespace {

using nlohmann::json;
using rise::Rng;
using rise::rrd::Choice;
using rise::rrd::ChoiceKind;
using rise::rrd::Player;
using rise::rrd::Where;

std::set<int> ids_in(const json& observation) {
  std::set<int> out;
  collect_ids(observation, out);
  return out;
}

// RRD-12.1, RRD-12.3: p0 sees its hand (and which of its cards p1 knows), the size of p1's
// hand and the card of it p0 knows, each deck's size, Top Soul and public bottom, and every
// public zone; not one id of a hidden card, not the Rng.
TEST(RrdHidden, ObservationShowsExactlyWhatTheSeatMaySee_RRD_12_1) {
  T::Table t;
  auto s = table(&t);
  const json o = s->observation_json(0);
  const json& me = o["players"][0];
  const json& other = o["players"][1];
  EXPECT_EQ(o["viewer"], 0);
  EXPECT_EQ(me["hand"].size(), 3u);
  EXPECT_EQ(me["hand"][0], json({{"id", t.p0_hand_lame}, {"card", "lame-de-braise"}, {"known", false}}));
  EXPECT_EQ(me["hand"][2]["known"], true);  // p0 knows that p1 knows its Éclair
  EXPECT_FALSE(other.contains("hand"));
  EXPECT_EQ(other["hand_count"], 3);
  EXPECT_EQ(other["known_hand"], json::array({{{"id", t.p1_hand_eclair}, {"card", "eclair"}, {"known", true}}}));
  EXPECT_FALSE(other.contains("deck"));
  EXPECT_EQ(other["deck_count"], 5);
  EXPECT_EQ(other["top_soul"], json({{"id", t.p1_top}, {"card", "eclair"}, {"va", 1}, {"mark", 1}}));
  EXPECT_EQ(other["bottom"], json::array());
  EXPECT_EQ(me["bottom"], json::array({{{"id", t.p0_bottom0}, {"card", "ecaille"}}, {{"id", t.p0_bottom1}, {"card", "eclair"}}}));
  EXPECT_EQ(me["top_soul"]["id"], t.p0_top);
  EXPECT_EQ(me["discard"], json::array({{{"id", t.p0_discard}, {"card", "ecaille"}}}));
  EXPECT_EQ(me["neant"], json::array({{{"id", t.p0_neant}, {"card", "sonde"}}}));
  EXPECT_EQ(me["body"]["tete"]["cards"][0]["id"], t.p0_body_lame);
  EXPECT_EQ(me["body"]["torse"]["bloque"], 2);
  EXPECT_EQ(other["body"]["tete"]["point_faible"], 1);
  EXPECT_EQ(other["body"]["torse"]["cards"][0]["counter"], true);
  EXPECT_EQ(me["infusion"][0]["card"], "lame-de-braise");
  EXPECT_TRUE(me["infusion"][1].is_null());
  EXPECT_EQ(me["objets"][0]["engaged"], true);
  EXPECT_EQ(other["objets"][1]["engaged"], false);
  EXPECT_EQ(me["reserve"], 2);
  EXPECT_EQ(me["poison"], 1);
  EXPECT_EQ(other["saignement"], 2);
  EXPECT_EQ(other["sonne"], 1);
  EXPECT_EQ(other["torpeur"], true);
  EXPECT_EQ(other["pv"], 8);
  EXPECT_EQ(o["phase"], "affrontement");
  EXPECT_EQ(o["current_player"], s->current_player());

  // No hidden object's id anywhere: p1's unknown hand cards, both decks' hidden parts.
  std::set<int> hidden = {t.p1_hand_brasier, t.p1_hand_searched};
  hidden.insert(t.p0_hidden_deck.begin(), t.p0_hidden_deck.end());
  hidden.insert(t.p1_hidden_deck.begin(), t.p1_hidden_deck.end());
  std::set<int> visible;
  for (int id = 0; id < s->num_objects(); ++id) {
    if (!hidden.count(id)) visible.insert(id);
  }
  EXPECT_EQ(ids_in(o), visible);
  const std::string text = o.dump();
  EXPECT_EQ(text.find("brasier"), std::string::npos);  // only in hidden places
  EXPECT_EQ(text.find("Brasier"), std::string::npos);
  EXPECT_EQ(text.find(T::rng(*s).to_hex()), std::string::npos);
  EXPECT_FALSE(o.contains("rng"));
  // The log as p0 may read it.
  EXPECT_EQ(o["log"][2], "p1 pioche une carte");
  EXPECT_EQ(o["log"][3], "p1 pioche Éclair #" + std::to_string(t.p1_hand_eclair) + " (carte connue)");
}

// RRD-12.1: the other seat sees the mirror picture; the terminal seat sees no hand at all.
TEST(RrdHidden, EachSeatAndTheSpectatorSeeTheirOwnPart_RRD_12_1) {
  T::Table t;
  auto s = table(&t);
  const json o1 = s->observation_json(1);
  EXPECT_EQ(o1["players"][1]["hand"].size(), 3u);
  EXPECT_EQ(o1["players"][0]["known_hand"], json::array({{{"id", t.p0_hand_eclair}, {"card", "eclair"}, {"known", true}}}));
  EXPECT_TRUE(ids_in(o1).count(t.p1_hand_brasier));
  EXPECT_FALSE(ids_in(o1).count(t.p0_hand_lame));
  EXPECT_FALSE(ids_in(o1).count(t.p1_hidden_deck[0]));  // its own deck order is hidden to it too
  const json spectator = s->observation_json(rise::kTerminalPlayer);
  EXPECT_FALSE(spectator["players"][0].contains("hand"));
  EXPECT_FALSE(spectator["players"][1].contains("hand"));
  EXPECT_FALSE(ids_in(spectator).count(t.p1_hand_brasier));
  EXPECT_FALSE(ids_in(spectator).count(t.p0_hand_lame));
  EXPECT_TRUE(ids_in(spectator).count(t.p1_hand_eclair));
}

// RRD-12.2: the card p1 found by Recherche: p0 sees only its VA, neither card nor id.
TEST(RrdHidden, SearchedCardIsShownToNobodyButItsVa_RRD_12_2) {
  T::Table t;
  auto s = table(&t);
  const json o0 = s->observation_json(0);
  EXPECT_FALSE(ids_in(o0).count(t.p1_hand_searched));
  EXPECT_EQ(o0["log"][6], "p1 cherche une carte de VA 3 dans sa pioche");
  EXPECT_EQ(o0.dump().find("#" + std::to_string(t.p1_hand_searched)), std::string::npos);
  const json o1 = s->observation_json(1);
  EXPECT_EQ(o1["log"][6], "p1 cherche Lame de Braise #" + std::to_string(t.p1_hand_searched) + " dans sa pioche");
}

// RRD-11.13, RRD-12.2: a pending Recherche lists the cards of the asked VA in the deck (Top
// Soul excepted) to its chooser only.
TEST(RrdHidden, RechercheOptionsOnlyForTheChooser_RRD_12_2) {
  auto s = table();
  T::choices(*s) = {Choice{ChoiceKind::kRecherche, 0, 2}};
  const json o0 = s->observation_json(0);
  // p0's deck holds ecaille (VA 2) only in its public bottom and as its Top Soul.
  EXPECT_EQ(o0["choices"][0], json({{"kind", "recherche"}, {"player", 0}, {"amount", 2}, {"options", {"ecaille"}}}));
  T::choices(*s) = {Choice{ChoiceKind::kRecherche, 0, 3}};
  EXPECT_EQ(s->observation_json(0)["choices"][0]["options"], json::array({"lame-de-braise"}));
  EXPECT_EQ(s->observation_json(1)["choices"][0], json({{"kind", "recherche"}, {"player", 0}, {"amount", 3}}));
}

// The multiset of card ids among `ids`.
std::multiset<std::string> cards_of(const RrdState& s, const std::vector<int16_t>& ids) {
  std::multiset<std::string> out;
  for (int id : ids) out.insert(s.card_of(id).id);
  return out;
}

// RRD-12.1: a determinization keeps every observation byte for byte, keeps the state
// loadable (every zone consistent), keeps each seat's cards, and really re-deals.
TEST(RrdHidden, ResampleKeepsTheObservationAndRedeals_RRD_12_1) {
  T::Table t;
  auto s = table(&t);
  for (int observer = 0; observer < 2; ++observer) {
    const std::string seen = s->observation_json(observer).dump();
    const int other = 1 - observer;
    std::set<std::string> other_hands;
    std::set<std::vector<int16_t>> own_decks;
    for (uint64_t seed = 1; seed <= 200; ++seed) {
      Rng rng(seed);
      auto sample_state = s->resample_hidden(observer, rng);
      const auto& sample = static_cast<const RrdState&>(*sample_state);
      ASSERT_EQ(sample.observation_json(observer).dump(), seen) << "observer " << observer << " seed " << seed;
      EXPECT_TRUE(sample.history().empty());
      EXPECT_FALSE(T::rng(sample) == T::rng(*s));
      // A possible position: it loads, and each seat holds the same cards as before.
      auto reloaded = load(sample.to_json());
      EXPECT_EQ(reloaded->to_json().dump(), sample.to_json().dump());
      for (int p = 0; p < 2; ++p) {
        const Player& a = s->player(p);
        const Player& b = sample.player(p);
        std::vector<int16_t> before = a.hand, after = b.hand;
        before.insert(before.end(), a.deck.begin(), a.deck.end());
        after.insert(after.end(), b.deck.begin(), b.deck.end());
        EXPECT_EQ(cards_of(*s, before), cards_of(sample, after));
        for (int id : b.hand) EXPECT_EQ(sample.obj(id).where, Where::kHand);
        for (int id : b.deck) EXPECT_EQ(sample.obj(id).where, Where::kDeck);
      }
      // The observer's own hand is untouched, the other's known card stays in its place,
      // and p1's hand still holds a VA 3 card: the one p0 saw it search (RRD-12.2).
      EXPECT_EQ(sample.player(observer).hand, s->player(observer).hand);
      if (observer == 0) {
        EXPECT_EQ(sample.player(1).hand[1], t.p1_hand_eclair);
        int va3 = 0;
        for (int id : sample.player(1).hand) va3 += sample.card_of(id).va == 3 ? 1 : 0;
        EXPECT_GE(va3, 1);
      }
      std::string hand;
      for (int id : sample.player(other).hand) hand += sample.card_of(id).id + ",";
      other_hands.insert(hand);
      own_decks.insert(sample.player(observer).deck);
    }
    EXPECT_GT(other_hands.size(), 1u) << "observer " << observer;
    EXPECT_GT(own_decks.size(), 1u) << "observer " << observer;
  }
}

// RRD-12.2: the VAs p1's hand surely holds, read from the log as p0 reads it: a search adds
// its VA, a card of that VA leaving p1's hand takes it off (p0 cannot tell which card left).
TEST(RrdHidden, SearchedVasFollowThePublicLog_RRD_12_2) {
  T::Table t;
  auto s = table(&t);
  EXPECT_EQ(s->searched_vas(1), (std::vector<int>{0, 0, 0, 1}));
  EXPECT_EQ(s->searched_vas(0), std::vector<int>{});
  T::log(*s, rise::rrd::kEvSacrifice, 1, t.p1_hand_eclair, 1, 1);  // VA 1: no change
  EXPECT_EQ(s->searched_vas(1), (std::vector<int>{0, 0, 0, 1}));
  T::log(*s, rise::rrd::kEvPlay, 1, t.p1_hidden_deck[0], 0, 0);  // a Lame de Braise (VA 3) is played
  EXPECT_EQ(s->searched_vas(1), (std::vector<int>{0, 0, 0, 0}));
  T::log(*s, rise::rrd::kEvRecherche, 1, t.p1_hand_searched, 3);
  T::log(*s, rise::rrd::kEvRecherche, 1, t.p1_hand_brasier, 5);
  EXPECT_EQ(s->searched_vas(1), (std::vector<int>{0, 0, 0, 1, 0, 1}));
  // Resampled for p0, p1's unknown hand is then exactly one VA 3 and one VA 5 card.
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    auto sample_state = s->resample_hidden(0, rng);
    const auto& sample = static_cast<const RrdState&>(*sample_state);
    EXPECT_EQ(sample.card_of(sample.player(1).hand[0]).va, 3);
    EXPECT_EQ(sample.card_of(sample.player(1).hand[2]).va, 5);
  }
}

// The sample depends on the observation only: two states that differ only in what p0
// cannot see give the same sample for the same Rng.
TEST(RrdHidden, ResampleDependsOnTheObservationOnly_RRD_12_1) {
  T::Table t;
  auto a = table(&t);
  auto b = table();
  std::swap(T::player(*b, 1).hand[0], T::player(*b, 1).deck[1]);  // brasier <-> brasier: other ids
  std::swap(T::player(*b, 1).deck[0], T::player(*b, 1).deck[2]);
  for (int16_t id : T::player(*b, 1).hand) T::obj(*b, id).where = Where::kHand;
  for (int16_t id : T::player(*b, 1).deck) T::obj(*b, id).where = Where::kDeck;
  ASSERT_EQ(a->observation_json(0).dump(), b->observation_json(0).dump());
  ASSERT_NE(a->to_json().dump(), b->to_json().dump());
  Rng ra(5), rb(5);
  EXPECT_EQ(a->resample_hidden(0, ra)->to_json().dump(), b->resample_hidden(0, rb)->to_json().dump());
}

}  // namespace
}  // namespace rrdview
