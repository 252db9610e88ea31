// The YAML spellings of the effect language's enums (docs/cards.md), in enum order.
#include "rise/cardgame/effect.h"

namespace rise::cardgame {

const std::vector<std::string>& card_type_names() {
  static const std::vector<std::string> names = {"Creature", "Door",     "Incantation",
                                                 "Imminent", "Level Up", "Summoner"};
  return names;
}

const std::vector<std::string>& ability_names() {
  static const std::vector<std::string> names = {
      "Flight", "Reach", "Pierce", "Fightback", "Advantage", "Distance",
      "Horde", "Together", "Return", "Multi-Target", "Equipment", "Fixed Price",
      "Lock", "Wall Pass", "Iron Skin", "Bleed", "Drain", "Constancy",
      "Immunity", "Morpher", "Food", "Disease", "Symbiosis", "Copycat",
      "Bomb", "Explosive", "Reanimation", "Inhume", "Cloning", "Diversion",
      "Dodge", "Splash", "Chained", "Assimilation", "Possession", "Rage",
      "Water Element", "Fire Element", "Ice Element", "Lightning Element"};
  return names;
}

const std::vector<std::string>& disease_names() {
  static const std::vector<std::string> names = {"Cold",   "Madness",   "Dementia",      "Amok",     "Allergy",
                                                 "Trauma", "Paralysis", "Schizophrenia", "Parasite", "Paranoia"};
  return names;
}

const std::vector<std::string>& whose_names() {
  static const std::vector<std::string> names = {"any", "you", "opponent"};
  return names;
}

const std::vector<std::string>& plane_names() {
  static const std::vector<std::string> names = {"any", "ground", "air"};
  return names;
}

const std::vector<std::string>& zone_names() {
  static const std::vector<std::string> names = {"battlefield", "hand", "library", "cemetery", "exclusion", "chain"};
  return names;
}

const std::vector<std::string>& who_names() {
  static const std::vector<std::string> names = {"you", "opponent", "each opponent", "each player",
                                                 "target controller"};
  return names;
}

const std::vector<std::string>& resource_names() {
  static const std::vector<std::string> names = {"coins", "ether"};
  return names;
}

const std::vector<std::string>& chain_kind_names() {
  static const std::vector<std::string> names = {"Imminent", "Action", "Skill"};
  return names;
}

const std::vector<std::string>& op_names() {
  static const std::vector<std::string> names = {
      "damage", "heal",    "gain",   "lose",    "steal", "draw",   "discard",  "search",   "return",
      "destroy", "exclude", "counter", "open",   "close", "tilt",   "untilt",   "control",  "copy",
      "token",  "regress", "restore", "attach", "cancel", "unlock", "discount", "coin toss", "dice roll",
      "cure", "mill", "shuffle in", "lose abilities", "grant", "prevent"};
  return names;
}

const std::vector<std::string>& trigger_names() {
  static const std::vector<std::string> names = {"invoked", "turn start", "attacks",  "blocks",  "blocked",
                                                 "dies",    "end of turn", "opened", "unlocked"};
  return names;
}

const std::vector<std::string>& stat_of_names() {
  static const std::vector<std::string> names = {"self", "event", "target"};
  return names;
}

const std::vector<std::string>& condition_self_names() {
  static const std::vector<std::string> names = {"any", "open", "closed", "tilted", "untilted", "damaged", "undamaged"};
  return names;
}

const std::vector<std::string>& condition_turn_names() {
  static const std::vector<std::string> names = {"any", "yours", "not yours"};
  return names;
}

const std::vector<std::string>& whenever_names() {
  static const std::vector<std::string> names = {"dies", "invoked", "attacks", "damaged", "turn start"};
  return names;
}

const std::vector<std::string>& static_effect_names() {
  static const std::vector<std::string> names = {"no untilt", "cannot attack", "cannot block", "may attack", "creatures cost 1 less"};
  return names;
}

}  // namespace rise::cardgame
