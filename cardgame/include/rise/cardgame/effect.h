// The declarative effect language shared by the card games (docs/cards.md).
//
// A card's text is data: a list of Steps resolved top to bottom (Rule TCG-8.2, "effects
// apply in the order of reading"). A Step is one primitive (deal damage, draw, destroy…)
// with its amount, its target and, for coin tosses and dice rolls, a success and a fail
// branch. The AST is immutable after loading and shared by every state (states refer to
// cards by index, never copy them). Parsing from YAML lives in card_loader.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rise::cardgame {

// Bit masks of card types, as used in filters and CardDef::types.
enum CardType : uint32_t {
  kCreature = 1u << 0,
  kDoor = 1u << 1,
  kIncantation = 1u << 2,
  kImminent = 1u << 3,
  kLevelUp = 1u << 4,
  kSummoner = 1u << 5,
  kConstantTypes = kCreature | kDoor | kIncantation,
};

// Abilities named by the rulebook's list (Rule TCG-12.*), as bits of a 64-bit mask.
enum Ability : uint64_t {
  kFlight = uint64_t{1} << 0,
  kReach = uint64_t{1} << 1,
  kPierce = uint64_t{1} << 2,
  kFightback = uint64_t{1} << 3,
  kAdvantage = uint64_t{1} << 4,
  kDistance = uint64_t{1} << 5,
  kHorde = uint64_t{1} << 6,
  kTogether = uint64_t{1} << 7,
  kReturn = uint64_t{1} << 8,
  kMultiTarget = uint64_t{1} << 9,
  kEquipment = uint64_t{1} << 10,
  kFixedPrice = uint64_t{1} << 11,
  kLock = uint64_t{1} << 12,
  kWallPass = uint64_t{1} << 13,
  kIronSkin = uint64_t{1} << 14,
  kBleed = uint64_t{1} << 15,
  kDrain = uint64_t{1} << 16,
  kConstancy = uint64_t{1} << 17,
  kImmunity = uint64_t{1} << 18,
  kMorpher = uint64_t{1} << 19,
  kFood = uint64_t{1} << 20,
  kDisease = uint64_t{1} << 21,
  kSymbiosis = uint64_t{1} << 22,
  kCopycat = uint64_t{1} << 23,
  kBomb = uint64_t{1} << 24,
  kExplosive = uint64_t{1} << 25,
  kReanimation = uint64_t{1} << 26,
  kInhume = uint64_t{1} << 27,
  kCloning = uint64_t{1} << 28,
  kDiversion = uint64_t{1} << 29,
  kDodge = uint64_t{1} << 30,
  kSplash = uint64_t{1} << 31,
  kChained = uint64_t{1} << 32,
  kAssimilation = uint64_t{1} << 33,
  kPossession = uint64_t{1} << 34,
  kRage = uint64_t{1} << 35,
  kWaterElement = uint64_t{1} << 36,
  kFireElement = uint64_t{1} << 37,
  kIceElement = uint64_t{1} << 38,
  kLightningElement = uint64_t{1} << 39,
};

// The YAML names of the enums above, in bit order (used by the loader and by renderers).
const std::vector<std::string>& card_type_names();  // "Creature", "Door", ...
const std::vector<std::string>& ability_names();    // "Flight", "Reach", ...

// Which Disease a card with the ability Disease is (YAML `disease:`, Rules TCG-14.*).
enum class Disease : uint8_t {
  kNone, kCold, kMadness, kDementia, kAmok, kAllergy, kTrauma, kParalysis, kSchizophrenia, kParasite, kParanoia,
};
const std::vector<std::string>& disease_names();  // "Cold", "Madness", ... (kCold first; no kNone)

enum class Rarity : uint8_t { kCommon, kUncommon, kRare, kLegendary };

// Whose cards or which players a filter accepts, relative to the controller of the effect.
enum class Whose : uint8_t { kAny, kYou, kOpponent };
const std::vector<std::string>& whose_names();  // YAML names in Whose order: "any", "you", "opponent"

// Which plane a Constant is on: kAir = it has Flight.
enum class Plane : uint8_t { kAny, kGround, kAir };
const std::vector<std::string>& plane_names();  // YAML names in Plane order: "any", "ground", "air"

// Where a filter looks for cards.
enum class Zone : uint8_t { kBattlefield, kHand, kLibrary, kCemetery, kExclusion, kChain };
// Names in Zone order: "battlefield", ..., "exclusion", "chain" (card files may not name the
// chain: the loader reads the first five).
const std::vector<std::string>& zone_names();

// Which cards (or Summoners, or players) a target may be.
struct Filter {
  Whose whose = Whose::kAny;
  uint32_t types = 0;      // CardType mask; 0 = any type
  Plane plane = Plane::kAny;
  Zone zone = Zone::kBattlefield;
  bool another = false;    // not the card the effect comes from
  uint64_t abilities = 0;  // every ability in the mask is required
  std::string card_id;     // if not empty, only cards with this id
  std::string subtype;     // if not empty, only cards with this subtype (CardDef::subtypes)
  bool tilted_only = false;
  bool untilted_only = false;
};

// How a Step's target is found.
enum class TargetMode : uint8_t {
  kNone,      // the step needs no target (e.g. gain Coins for "who")
  kSelf,      // the card the effect comes from (for a skill: its Summoner)
  kChoose,    // the controller chooses one object matching the filter, when the step resolves
  kAll,       // every object matching the filter, no choice
  kRandom,    // one matching object chosen by the game's Rng
  kEvent,     // the other card of the triggering event (the blocker, the attacker…)
  kEquipped,  // the card or Summoner this Equipment is attached to
};

struct Target {
  TargetMode mode = TargetMode::kNone;
  Filter filter;
};

// Which player a player-directed step (gain, draw, discard…) affects.
enum class Who : uint8_t {
  kYou,             // the controller of the effect
  kOpponent,        // the controller chooses an opponent (two players: the opponent)
  kEachOpponent,    // every opponent
  kEachPlayer,      // every player, controller first
  kTargetController // the controller of the step's chosen target
};
// YAML names in Who order: "you", "opponent", "each opponent", "each player", "target controller".
const std::vector<std::string>& who_names();

enum class Resource : uint8_t { kCoins, kEther };
const std::vector<std::string>& resource_names();  // YAML names in Resource order: "coins", "ether"

// A card's current statistic that a value may read (YAML `attack of:`, `defense of:`).
enum class Stat : uint8_t { kNone, kAttack, kDefense };
// Whose statistic: the card the effect comes from, the other card of the trigger, or the
// step's target (read for each target as it is reached).
enum class StatOf : uint8_t { kSelf, kEvent, kTarget };
const std::vector<std::string>& stat_of_names();  // YAML names in StatOf order: "self", "event", "target"

// A player quantity a value may read besides Stock and Ether (YAML `hp: yes`, `level: yes`).
enum class PlayerValue : uint8_t {
  kNone,
  kLowestHp,      // the lowest HP among the controller's living Summoners
  kHighestLevel,  // the highest level among the controller's living Summoners
};

// A number in a step or a `*` attack/defense: constant + (per_count × count of matching
// objects) + (per_resource × the controller's resource) + (per_stat × a card's current
// attack or defense) + (per_player × a player quantity). At most one of the variable parts
// is used (the loader refuses two).
struct Value {
  int constant = 0;
  int per_count = 0;
  Filter count_filter;
  int per_resource = 0;
  Resource resource = Resource::kCoins;
  int per_stat = 0;
  Stat stat = Stat::kNone;
  StatOf stat_of = StatOf::kSelf;
  int per_player = 0;
  PlayerValue player_value = PlayerValue::kNone;
  bool is_constant() const { return per_count == 0 && per_resource == 0 && per_stat == 0 && per_player == 0; }
};

// A condition (YAML `if:`) on a step (the step is skipped when it does not hold as it is
// reached) or on a triggered effect (the effect does not happen when it does not hold as it
// triggers). Every part given must hold.
struct Condition {
  // The state of the card the effect comes from (a skill's: its Summoner).
  enum class Self : uint8_t { kAny, kOpen, kClosed, kTilted, kUntilted, kDamaged, kUndamaged };
  // Whose turn it is, from the effect's controller's side.
  enum class Turn : uint8_t { kAny, kYours, kNotYours };
  Self self = Self::kAny;
  Turn turn = Turn::kAny;
  bool has_value = false;  // `value` compared with at_least and at_most
  Value value;
  int at_least = -1000;
  int at_most = 1000;
  bool present() const { return self != Self::kAny || turn != Turn::kAny || has_value; }
};
const std::vector<std::string>& condition_self_names();  // "any", "open", "closed", "tilted", ...
const std::vector<std::string>& condition_turn_names();  // "any", "yours", "not yours"

enum class Op : uint8_t {
  kDamage,    // amount to target (Creature/Door: damage until end of turn; Summoner: HP)
  kHeal,      // amount of HP to a Summoner (max 30), or removes damage from a Constant
  kGain,      // who gains amount of resource (Stock/Ether cap 30)
  kLose,      // who loses amount of resource (never below 0)
  kSteal,     // controller takes amount of resource from who (at most what they have)
  kDraw,      // who draws amount
  kDiscard,   // who discards amount, chosen by that player (random if target mode kRandom)
  kSearch,    // controller picks a card matching filter from its library into hand; shuffle
  kReturn,    // target goes to its controller's hand (Rule TCG-12.Return)
  kDestroy,   // target is destroyed (Cemetery, or Exclusion + 1 Ether if infinite rank)
  kExclude,   // target goes to the Exclusion Zone
  kCounter,   // target gains attack/defense charge counters (± values), maybe until end of turn
  kOpen,      // open target Door
  kClose,     // close target Door
  kTilt,      // tilt target
  kUntilt,    // untilt target
  kControl,   // controller takes control of target (permanently or until end of turn)
  kCopy,      // controller creates a token copy of target Constant
  kToken,     // controller creates a token of card_id
  kRegress,   // target Summoner loses a level
  kRestore,   // target Summoner regains a regressed level
  kAttach,    // this Equipment attaches to target (Rule TCG-12.Equipment)
  kCancel,    // cancel target chain item (an Imminent, Action or Skill) below this one
  kUnlock,    // open the Lock of target card: its `unlocked` effects resolve
  kDiscount,  // controller's Actions cost `amount` fewer Coins until end of turn (not Fixed Price)
  kCoinToss,  // toss a coin: success (heads) or fail branch
  kDiceRoll,  // roll a die (6 sides): success if the roll >= dice_at_least, else fail
  kCure,      // the Diseases on target Creature (or target Disease, or the player of target Summoner) end
  // Card language v2 (issue 19)
  kMill,          // who puts the top `amount` cards of their library into their Cemetery
  kShuffleIn,     // target card (battlefield, hand, Cemetery, Exclusion) goes into its owner's library, shuffled
  kLoseAbilities, // target Constant loses all its abilities and static effects until end of turn
  kGrant,         // target Constant has the abilities `grant` until end of turn
  kPrevent,       // prevent the next `amount` damage that would be dealt to target Constant this turn
};

const std::vector<std::string>& op_names();  // YAML names in Op order: "damage", "heal"...

enum class Duration : uint8_t { kPermanent, kEndOfTurn };

struct Step {
  Op op = Op::kDamage;
  Value amount;               // damage, heal, gain, lose, steal, draw, discard, discount, mill, prevent
  Condition condition;        // `if:` — skipped when it does not hold as the step is reached
  Value attack_value;         // counter: attack change when it is not a constant (`attack: {attack of: target}`)
  uint64_t abilities = 0;     // grant: the abilities given
  Resource resource = Resource::kCoins;  // gain, lose, steal
  Who who = Who::kYou;        // gain, lose, steal, draw, discard
  Target target;              // object-directed steps
  int attack = 0;             // counter: attack change
  int defense = 0;            // counter: defense change
  Duration duration = Duration::kPermanent;  // counter, control
  std::string card_id;        // token
  int dice_at_least = 4;      // dice_roll
  uint32_t cancel_types = 0;  // cancel: ChainItemKind mask (see below), 0 = any
  std::vector<Step> success;  // coin_toss, dice_roll
  std::vector<Step> fail;     // coin_toss, dice_roll
};

// Kinds of items on the Imminent chain, as a mask for cancel.
enum ChainItemKind : uint32_t { kChainImminent = 1u << 0, kChainAction = 1u << 1, kChainSkill = 1u << 2 };
const std::vector<std::string>& chain_kind_names();  // names of the ChainItemKind bits: "Imminent", "Action", "Skill"

// When a card's base effect resolves.
enum class Trigger : uint8_t {
  kInvoked,     // when the card is invoked (enters the battlefield / is played)
  kTurnStart,   // at the start of its controller's turn (Restoration, Rule TCG-3.2)
  kAttacks,     // when it is declared as an attacker
  kBlocks,      // when it is declared as a blocker
  kBlocked,     // when it attacks and is blocked
  kDies,        // when it is destroyed
  kEndOfTurn,   // at the end of its controller's turn
  kOpened,      // when this Door opens
  kUnlocked,    // when this card's Lock is opened (Rule TCG-12.Lock)
};

const std::vector<std::string>& trigger_names();  // YAML names in Trigger order

// Whose events a global trigger (YAML `on: {whenever: EVENT, filter: FILTER}`) watches.
enum class Whenever : uint8_t {
  kNone,         // the card's own trigger (`on: dies`...)
  kDies,         // whenever a Constant matching the filter is destroyed
  kInvoked,      // whenever a Constant matching the filter is invoked
  kAttacks,      // whenever a Constant matching the filter is declared as an attacker
  kDamaged,      // whenever a Constant matching the filter is dealt damage
  kTurnStart,    // at the start of each player's turn (no filter)
};
const std::vector<std::string>& whenever_names();  // YAML names in Whenever order after kNone

// How often a triggered effect may happen (YAML `limit:`): `once per turn`, the first time it
// happens each turn; `first time each turn`, only on the first event of the turn it watches,
// even when its `if:` fails then (Interpretation TCG-I76).
enum class Limit : uint8_t { kNone, kOncePerTurn, kFirstTimeEachTurn };

struct TriggeredEffect {
  Trigger trigger = Trigger::kInvoked;
  Whenever whenever = Whenever::kNone;  // a global trigger: `trigger` is unused
  Filter filter;                        // a global trigger's filter (`whose` from the card's controller)
  Limit limit = Limit::kNone;
  Condition condition;                  // `if:` — checked as it triggers
  std::vector<Step> steps;
};

// Static effects printed on a card (YAML `static:`), as bits: they hold while the card is
// on the battlefield and has not lost its abilities.
enum StaticEffect : uint32_t {
  kNoUntilt = 1u << 0,      // it does not untilt during its controller's Awakening
  kCannotAttack = 1u << 1,  // it cannot be declared as an attacker
  kCannotBlock = 1u << 2,   // it cannot be declared as a blocker
  kMayAttack = 1u << 3,     // a Door: it may attack while closed
  kCreaturesCostLess = 1u << 4,  // Creature cards its controller invokes cost 1 Capacity Point less (TCG-I77)
};
const std::vector<std::string>& static_effect_names();  // YAML names in bit order

enum class ActionKind : uint8_t { kDirectPurchase, kCoinToss, kDiceRoll };

// An Action printed on a card (Rule TCG-9.*): a cost paid first, once per turn unless
// per_turn says otherwise (0 = unlimited), performed at Imminent speed through the chain.
struct ActionDef {
  std::string name;
  ActionKind kind = ActionKind::kDirectPurchase;
  int coins = 0;
  int ether = 0;
  int per_turn = 1;
  int dice_at_least = 4;      // dice roll: success if the roll >= this
  std::vector<Step> success;  // direct purchase: the effect; toss/roll: on success
  std::vector<Step> fail;     // toss/roll: on failure (may be empty: nothing happens)
  std::string text;           // rules text for people
};

// A Summoner skill (Rule TCG-5.*): needs the Summoner at `level` or more and a Capacity
// Point; once per untilt.
struct SkillDef {
  int level = 1;
  std::string name;
  std::vector<Step> steps;
  std::string text;
};

}  // namespace rise::cardgame
