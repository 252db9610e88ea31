// The terminal picture of a Raise, Rise & Die duel, in the rulebook's French terms: the
// pass and its phase, the counter window and the pending choice, then each side (PV,
// réserve, markers, Top Soul, counts, infusion and object slots, the four body slots side by
// side with their cards, Bloque and Point faible), the viewer's hand card by card, and the
// log of the pass.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>

#include "raise-rise-die/state.h"
#include "rise/core/text.h"
#include "rise/core/utf8.h"

namespace rise::rrd {
namespace {

constexpr size_t kColumn = 26;  // width of one body slot column (narrower on a narrow terminal)
constexpr size_t kCompactBelow = 100;  // under this width the view is compact

const char* bold(bool color) { return color ? "\033[1m" : ""; }
const char* dim(bool color) { return color ? "\033[2m" : ""; }
const char* warn(bool color) { return color ? "\033[1;33m" : ""; }
const char* seat_color(int p, bool color) {
  if (!color) return "";
  return p == 0 ? "\033[1;31m" : "\033[1;34m";
}
const char* reset(bool color) { return color ? "\033[0m" : ""; }

// `text` padded with spaces to exactly `width` columns, its last column always a space so
// that the next column never touches it; a text too long is cut to `width` - 2 columns and
// "…". One column per code point (utf8_length): the names are Latin text.
std::string cell(const std::string& text, size_t width) {
  if (utf8_length(text) < width) return text + std::string(width - utf8_length(text), ' ');
  std::string out;
  size_t n = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) != 0x80 && ++n == width - 1) break;  // room for "…" and the space
    out += text[i];
  }
  return out + "… ";
}

// A body card's lines in a column `width` wide (its last column a space): the name and
// its marks ("(T)", "(contre)", "(contrée)") on one line when they fit, else the marks on
// the lines below, whole: a mark cut to "(cont…" read as nothing (issue 20). Only a name
// wider than the column is cut with "…".
std::vector<std::string> body_lines(const std::string& name, const std::vector<std::string>& marks, size_t width) {
  std::vector<std::string> lines = {name};
  for (const std::string& mark : marks) {
    if (utf8_length(lines.back()) + 1 + utf8_length(mark) < width) {
      lines.back() += " " + mark;
    } else {
      lines.push_back(mark);
    }
  }
  return lines;
}

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::kPreparation: return "Préparation";
    case Phase::kAffrontement: return "Affrontement";
    case Phase::kConsolidation: return "Consolidation";
    default: return "duel terminé";
  }
}

std::string choice_text(const Choice& c) {
  const std::string who = fmt::format("p{}", c.player);
  switch (c.kind) {
    case ChoiceKind::kHandLimit:
      return fmt::format("{} défausse jusqu'à sa limite de main : encore {} carte(s) (`defausse #ID`)", who, c.amount);
    case ChoiceKind::kPoison:
      return fmt::format("{} défausse pour le Poison : encore {} VA (`defausse #ID`)", who, c.amount);
    case ChoiceKind::kOubli:
      return fmt::format("{} défausse pour l'Oubli : encore {} VA (`defausse #ID`)", who, c.amount);
    case ChoiceKind::kEchange:
      return fmt::format("{} peut échanger une carte de VA {} de sa main avec une de sa défausse (`echange`, `fin`)",
                         who, c.amount);
    case ChoiceKind::kRecherche:
      return fmt::format("{} peut chercher une carte de VA {} dans sa pioche (`cherche CARD-ID`, `fin`)", who, c.amount);
    case ChoiceKind::kInfusion:
      return fmt::format("{} peut infuser une carte jouée avec succès (`infuse #ID`, `fin`)", who);
  }
  return who;
}

// "tete/bras".
std::string slots_text(const CardDef& c) {
  if (c.slots == (1 << kBodySlots) - 1) return "tous";
  std::string out;
  for (int s = 0; s < kBodySlots; ++s) {
    if (!c.optimal(static_cast<Slot>(s))) continue;
    if (!out.empty()) out += '/';
    out += slot_key(static_cast<Slot>(s));
  }
  return out;
}

std::string kind_text(const CardDef& c) {
  if (c.kind == Kind::kObjet) return fmt::format("Objet {}", objet_name(c.objet));
  return kind_name(c.kind);
}

}  // namespace

std::string RrdState::render_text(PlayerId viewer, bool color) const {
  return render_text_at_width(viewer, color, std::numeric_limits<size_t>::max());
}

std::string RrdState::render_text_at_width(PlayerId viewer, bool color, size_t width) const {
  // Compact under 100 columns: the header in two lines, narrower body columns, hand cards
  // without padded columns; lines still too long are cut with "…" (`show #ID` gives a card).
  const bool compact = width < kCompactBelow;
  const size_t column = std::min(kColumn, width > 10 + 4 * 8 ? (width - 10) / 4 : 8);
  std::string out;
  // Header: the pass, its phase, who decides.
  out += fmt::format("{}Raise, Rise & Die{}  Passe d'Armes {}/{}  {}", bold(color), reset(color), pass_, pass_limit_,
                     phase_name(phase_));
  if (phase_ == Phase::kOver) {
    out += winner_ >= 0 ? fmt::format("  p{} gagne", winner_)
                        : std::string(pass_limit_hit_ ? "  match nul (limite de passes)" : "  match nul");
  } else {
    out += fmt::format("{}premier joueur p{}  à p{} de décider", compact ? "\n  " : "  ", first_player_,
                       current_player());
    if (cards_played_ > 0) out += fmt::format("  ({} carte(s) jouée(s) cette passe)", cards_played_);
  }
  out += "\n";
  if (window_.open) {
    const std::string line = fmt::format("  Fenêtre de contre : p{} peut contrer {} ({}) de p{}, ou `laisse`\n",
                                         1 - window_.player, obj_text(window_.card, viewer),
                                         slot_name(static_cast<Slot>(window_.slot)), window_.player);
    out += warn(color) + (compact ? wrap_lines(line, width) : line);
    out.insert(out.size() - 1, reset(color));
  }
  if (!choices_.empty()) {
    const std::string line = fmt::format("  Choix : {}{}\n", choice_text(choices_.front()),
                                         choices_.size() > 1 ? fmt::format(" (+{} en attente)", choices_.size() - 1) : "");
    out += warn(color) + (compact ? wrap_lines(line, width) : line);
    out.insert(out.size() - 1, reset(color));
  }
  // Each side: the viewer's last, nearest its hand.
  const int first_side = viewer == 0 ? 1 : 0;
  for (int side = 0; side < 2; ++side) {
    const int p = side == 0 ? first_side : 1 - first_side;
    const Player& pl = players_[static_cast<size_t>(p)];
    std::string who = fmt::format("{}p{}{}", seat_color(p, color), p, reset(color));
    if (pl.character >= 0) who += " " + cards_->characters()[static_cast<size_t>(pl.character)].name;
    std::string weapons;
    for (int16_t w : pl.weapons) weapons += (weapons.empty() ? "" : ", ") + cards_->weapons()[static_cast<size_t>(w)].name;
    if (!weapons.empty()) who += " (" + weapons + ")";
    // Compact: the numbers under the name when both do not fit a line.
    const bool numbers_below = compact && terminal_columns(who) + 40 > width;
    out += fmt::format("\n{}{}PV {}/{}  réserve {} VA", who, numbers_below ? "\n   " : "  ", pl.pv, pl.pv_start,
                       pl.reserve);
    if (pl.poison > 0) out += fmt::format("  Poison {}", pl.poison);
    if (pl.saignement > 0) out += fmt::format("  Saignement {}", pl.saignement);
    if (pl.sonne > 0) out += fmt::format("  Sonné +{}", pl.sonne);
    if (pl.torpeur) out += "  Torpeur";
    if (phase_ == Phase::kAffrontement && pl.passed_last) out += "  (a passé)";
    out += "\n";
    if (pl.top_up && !pl.deck.empty()) {
      const int top = pl.deck.back();
      out += fmt::format("   Top Soul : {} (VA {}{})\n", obj_text(top, viewer), card_of(top).va,
                         pl.top_mark > 0 ? fmt::format(", {} dégât(s) marqué(s)", pl.top_mark) : "");
    } else {
      out += pl.deck.empty() ? "   Top Soul : aucune (pioche vide)\n" : "   Top Soul : face cachée\n";
    }
    out += fmt::format("   pioche {}  main {}  défausse {}  Néant {}\n", pl.deck.size(), pl.hand.size(),
                       pl.discard.size(), pl.neant.size());
    if (pl.known_bottom > 0) {
      out += "   dessous public (du fond vers le haut) :";
      for (int k = 0; k < pl.known_bottom && k < static_cast<int>(pl.deck.size()); ++k) {
        out += (k == 0 ? " " : ", ") + obj_text(pl.deck[static_cast<size_t>(k)], viewer);
      }
      out += "\n";
    }
    if (!pl.discard.empty()) {
      std::string line = "   défausse :";
      for (size_t k = 0; k < pl.discard.size(); ++k) line += (k == 0 ? " " : ", ") + obj_text(pl.discard[k], viewer);
      out += compact ? wrap_lines(line + "\n", width) : line + "\n";
    }
    // Infusion and object slots.
    out += "   infusion :";
    for (int k = 0; k < kInfusionSlots; ++k) {
      const int id = pl.infusion[static_cast<size_t>(k)];
      out += id < 0 ? fmt::format("{}[{}] libre", k ? "  " : " ", k + 1)
                    : fmt::format("{}[{}] {} ({})", k ? "  " : " ", k + 1, obj_text(id, viewer), effect_text(card_of(id).infusion));
    }
    out += "\n   objets   :";
    for (int k = 0; k < kObjectSlots; ++k) {
      const int id = pl.objets[static_cast<size_t>(k)];
      out += id < 0 ? fmt::format("{}[{}] libre", k ? "  " : " ", k + 1)
                    : fmt::format("{}[{}] {} {}", k ? "  " : " ", k + 1, obj_text(id, viewer),
                                  objs_[static_cast<size_t>(id)].engaged ? "engagé" : "désengagé");
    }
    out += "\n";
    // The body slots side by side: names, then the cards lying there, then Bloque and
    // Point faible.
    out += "   corps  ";
    for (int s = 0; s < kBodySlots; ++s) out += cell(slot_name(static_cast<Slot>(s)), column);
    out += "\n";
    // Each slot's column as lines: its cards, each with its marks (body_lines).
    std::array<std::vector<std::string>, kBodySlots> columns;
    size_t rows = 1;
    for (int s = 0; s < kBodySlots; ++s) {
      const auto& slot = pl.body[static_cast<size_t>(s)];
      auto& lines = columns[static_cast<size_t>(s)];
      if (slot.empty()) lines.push_back("-");
      for (const int16_t id : slot) {
        const Obj& o = objs_[static_cast<size_t>(id)];
        std::vector<std::string> marks;
        if (o.transcended) marks.push_back("(T)");
        if (o.counter) marks.push_back("(contre)");
        if (o.countered) marks.push_back("(contrée)");
        for (std::string& line : body_lines(obj_text(id, viewer), marks, column)) lines.push_back(std::move(line));
      }
      rows = std::max(rows, lines.size());
    }
    for (size_t r = 0; r < rows; ++r) {
      out += "          ";
      for (const auto& lines : columns) out += cell(r < lines.size() ? lines[r] : "", column);
      out += "\n";
    }
    bool marks = false;
    for (int s = 0; s < kBodySlots; ++s) marks = marks || pl.bloque[static_cast<size_t>(s)] || pl.point_faible[static_cast<size_t>(s)];
    if (marks) {
      out += "          ";
      for (int s = 0; s < kBodySlots; ++s) {
        std::string text;
        if (pl.bloque[static_cast<size_t>(s)]) text += fmt::format("Bloque {}", pl.bloque[static_cast<size_t>(s)]);
        if (pl.point_faible[static_cast<size_t>(s)]) {
          text += fmt::format("{}Point faible {}", text.empty() ? "" : ", ", pl.point_faible[static_cast<size_t>(s)]);
        }
        out += cell(text, column);
      }
      out += "\n";
    }
    // The hand: the viewer's card by card; of the other hand, the cards the viewer knows.
    if (p == viewer) {
      out += fmt::format("   main ({}) :{}\n", pl.hand.size(), pl.hand.empty() ? " vide" : "");
      for (int16_t id : pl.hand) {
        const CardDef& c = card_of(id);
        std::string extra;
        if (c.has_infusion()) extra += " | Infusion : " + effect_text(c.infusion);
        if (!c.transcendance.empty()) extra += " | Transcendance : " + effect_text(c.transcendance);
        if (compact) {
          const std::string head = fmt::format("     #{} {}  VA {}  coût {}  {}  {} : ", id, c.name, c.va, c.cost,
                                               kind_text(c), slots_text(c));
          const std::string text = effect_text(c.effet) + extra +
                                   (objs_[static_cast<size_t>(id)].known ? "  (connue de l'adversaire)" : "");
          const size_t used = utf8_length(head);
          out += head + shortened(text, used + 10 < width ? width - used : 10) + "\n";
          continue;
        }
        out += fmt::format("     {} {}  VA {}  coût {}  {}  {}  {}{}{}\n", cell(fmt::format("#{}", id), 4),
                           cell(c.name, 22), c.va, c.cost, cell(kind_text(c), 16), cell(slots_text(c), 16),
                           effect_text(c.effet), extra, objs_[static_cast<size_t>(id)].known ? "  (connue de l'adversaire)" : "");
      }
    } else {
      std::string known;
      for (int16_t id : pl.hand) {
        if (card_visible(id, viewer)) known += (known.empty() ? "" : ", ") + obj_text(id, viewer);
      }
      if (!known.empty()) out += "   main, cartes connues : " + known + "\n";
    }
  }
  // What happened this pass (from its start), at most 16 lines; repeated lines once.
  size_t from = 0;
  for (size_t i = events_.size(); i-- > 0;) {
    if (events_[i].kind == kEvPassStart) {
      from = i;
      break;
    }
  }
  if (events_.size() - from > 16) from = events_.size() - 16;
  if (from < events_.size()) {
    out += fmt::format("\n  {}journal :{}\n", dim(color), reset(color));
    std::vector<std::string> lines;
    for (size_t i = from; i < events_.size(); ++i) lines.push_back(describe_event(events_[i], viewer));
    out += fold_repeated_lines(lines, "    ");
  }
  // No trailing spaces (the slot columns are padded).
  std::string trimmed;
  size_t start = 0;
  while (start < out.size()) {
    size_t end = out.find('\n', start);
    if (end == std::string::npos) end = out.size();
    size_t last = end;
    while (last > start && out[last - 1] == ' ') --last;
    trimmed.append(out, start, last - start);
    if (end < out.size()) trimmed += '\n';
    start = end + 1;
  }
  // A terminal's width cuts what is still too long (a log line, a long name); render_text,
  // of no width, keeps the lines whole.
  return cut_lines(trimmed, width);
}

}  // namespace rise::rrd
