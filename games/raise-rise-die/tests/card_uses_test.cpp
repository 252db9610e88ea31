// RrdState::card_uses (State::card_uses, `rise lab cards`): the deck cards of each seat,
// which were drawn and on which Passe d'Armes each was first played, from an exact situation.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "test_access.h"

namespace rrdtest {
namespace {

// The entry of `uses` made for object `id` of a seat whose objects were added in id order
// from `first_id`.
const rise::CardUse& rrd_use(const std::vector<rise::CardUse>& uses, int first_id, int id) {
  return uses.at(static_cast<size_t>(id - first_id));
}

// The opening hand (17lands' "OH", `rise lab cards`): the cards each player draws in the
// preparation of the first Passe d'Armes (Rule RRD-4.3); what is drawn afterwards is drawn,
// not in it.
TEST(RrdCardUses, TheOpeningHandIsTheFirstPreparationsDraw) {  // RRD-4.3
  std::unique_ptr<rise::State> state = rise::find_game("raise-rise-die").new_initial_state(3, {}, 2);
  auto* s = dynamic_cast<RrdState*>(state.get());
  ASSERT_NE(s, nullptr);
  const std::vector<int16_t> opening[2] = {s->player(0).hand, s->player(1).hand};
  ASSERT_FALSE(opening[0].empty());
  // Seat p's objects are listed in id order.
  auto entry = [&](const std::vector<std::vector<rise::CardUse>>& uses, int id) {
    const int owner = s->obj(id).owner;
    size_t index = 0;
    for (int other = 0; other < id; ++other) index += s->obj(other).owner == owner;
    return uses[static_cast<size_t>(owner)].at(index);
  };
  while (!s->is_terminal() && s->pass_number() < 3) {
    std::vector<rise::Action> legal;
    s->legal_actions(legal);
    s->apply_action(legal.back());
  }
  const auto uses = s->card_uses();
  for (int p = 0; p < 2; ++p) {
    int count = 0;
    for (const rise::CardUse& u : uses[static_cast<size_t>(p)]) count += u.opening_hand;
    EXPECT_EQ(count, static_cast<int>(opening[p].size())) << "seat " << p;
    for (int16_t id : opening[p]) EXPECT_TRUE(entry(uses, id).opening_hand && entry(uses, id).drawn) << id;
  }
  int drawn_later = 0;
  for (const auto& e : s->events()) {
    if (e.kind != kEvDraw) continue;
    const bool in_opening = std::find(opening[0].begin(), opening[0].end(), e.a) != opening[0].end() ||
                            std::find(opening[1].begin(), opening[1].end(), e.a) != opening[1].end();
    if (in_opening) continue;
    ++drawn_later;
    EXPECT_TRUE(entry(uses, e.a).drawn && !entry(uses, e.a).opening_hand) << e.a;
  }
  EXPECT_GT(drawn_later, 0);
}

TEST(RrdCardUses, DrawnPlayedAndPassFromTheLog) {
  // Pass 3, p0 to act, empty hands, 20 Gardes in each deck (objects 0-19 and 20-39).
  auto s = table();
  const int sacrificed = T::add_to_hand(*s, 0, "garde");  // 40
  const int eclat = T::add_to_hand(*s, 0, "eclat");       // 41
  const int kept = T::add_to_hand(*s, 0, "garde");        // 42
  act(*s, kActSacrifie, sacrificed);
  act(*s, kActJoue, eclat, slot(Slot::kJambes));  // Rule RRD-5.3: played on pass 3
  act(*s, kActLaisse);
  act(*s, kActPasse);  // p1
  act(*s, kActPasse);  // p0
  act(*s, kActPasse);  // p1 again: the Affrontement ends
  ASSERT_GE(s->pass_number(), 4);

  const auto uses = s->card_uses();
  ASSERT_EQ(uses.size(), 2u);
  ASSERT_EQ(uses[0].size(), 23u);  // objects 0-19, 40, 41, 42
  ASSERT_EQ(uses[1].size(), 20u);  // objects 20-39
  std::vector<int> p0_drawn;
  for (int id = 0; id < 20; ++id) {
    if (rrd_use(uses[0], 0, id).drawn) p0_drawn.push_back(id);
    EXPECT_EQ(rrd_use(uses[0], 0, id).played_turn, -1);
  }
  // The 20 first entries of p0 are objects 0-19; 40, 41, 42 follow.
  const rise::CardUse& e = uses[0][21];
  EXPECT_EQ(e.card, "eclat");
  EXPECT_TRUE(e.drawn);
  EXPECT_EQ(e.played_turn, 3);
  EXPECT_EQ(uses[0][20].card, "garde");
  EXPECT_TRUE(uses[0][20].drawn);  // sacrificed: in the hand, never played
  EXPECT_EQ(uses[0][20].played_turn, -1);
  EXPECT_TRUE(uses[0][22].drawn);
  EXPECT_EQ(uses[0][22].played_turn, -1);
  (void)kept;
  // Every deck card p0 drew at the start of pass 4 (RRD-4.3) is in its hand and logged.
  std::vector<int> in_hand;
  for (int16_t id : s->player(0).hand) {
    if (id < 20) in_hand.push_back(id);
  }
  std::sort(in_hand.begin(), in_hand.end());
  EXPECT_FALSE(p0_drawn.empty());
  EXPECT_EQ(p0_drawn, in_hand);
}

}  // namespace
}  // namespace rrdtest
