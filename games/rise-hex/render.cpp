// Text picture of a rise-hex board for the terminal.
//
// Each tile is drawn as a glyph and its coordinates, rows by r, shifted half a cell per
// row so neighbours touch as on the table:  ".  0,0" empty, "r  1,0" red worker,
// "B2 3,1" blue tower of two tiers.
#include <algorithm>
#include <bit>
#include <climits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "rise-hex/state.h"
#include "rise/core/text.h"

namespace rise::hex {
namespace {

constexpr int kHalfCell = 5;  // screen columns per half hex

const char* ansi(Color c, bool color) {
  if (!color) return "";
  return c == Color::kRed ? "\033[1;31m" : c == Color::kBlue ? "\033[1;34m" : "\033[2m";
}
const char* reset(bool color) { return color ? "\033[0m" : ""; }

}  // namespace

std::string HexState::render_text(PlayerId /*viewer*/, bool color) const { return render_board(color, kHalfCell); }

std::string HexState::render_text_at_width(PlayerId /*viewer*/, bool color, size_t width) const {
  std::string out = render_board(color, kHalfCell);
  size_t widest = 0;
  for (size_t start = 0; start < out.size();) {
    const size_t end = std::min(out.find('\n', start), out.size());
    widest = std::max(widest, terminal_columns(std::string_view(out).substr(start, end - start)));
    start = end + 1;
  }
  // A narrower screen: tighter cells (".  7,-1" becomes ". 7,-1"), then what still does
  // not fit is cut with "…" (a board wider than 20 tiles).
  if (widest > width) out = render_board(color, kHalfCell - 1);
  return cut_lines(out, width);
}

std::string HexState::render_board(bool color, int half_cell) const {
  int xmin = INT_MAX, xmax = INT_MIN, rmin = INT_MAX, rmax = INT_MIN;
  for (int i = 0; i < board_.size(); ++i) {
    const CellKey k = board_.key(i);
    const int x = 2 * q_of(k) + r_of(k);
    xmin = std::min(xmin, x);
    xmax = std::max(xmax, x);
    rmin = std::min(rmin, r_of(k));
    rmax = std::max(rmax, r_of(k));
  }
  std::string out;
  auto side = [&](Color c) {
    int tiers = 0;
    for (TileSet towers = board_.towers(c); towers != 0; towers &= towers - 1) {
      tiers += board_.tiers(std::countr_zero(towers));
    }
    return fmt::format("{}{:<4}{} workers {:2} (supply {:2})  towers {} ({} complete, {} tiers)",
                       ansi(c, color), color_name(c), reset(color), workers(c),
                       kWorkersPerColor - workers(c), towers(c), complete_towers(c), tiers);
  };
  out += fmt::format("Rise!  turn {} of {}  tiles {}/{}\n", turn_, turn_limit_, board_.size(), kMaxTiles);
  out += "  " + side(Color::kRed) + "\n";
  out += "  " + side(Color::kBlue) + "\n\n";
  for (int r = rmin; r <= rmax; ++r) {
    std::vector<int> row;  // tile indices ascend with their keys
    for (int i = 0; i < board_.size(); ++i) {
      if (r_of(board_.key(i)) == r) row.push_back(i);
    }
    std::string line;
    int column = 0;  // printable width so far
    for (const int i : row) {
      const int x = 2 * q_of(board_.key(i)) + r;
      const int target = (x - xmin) * half_cell;
      if (target > column) {
        line.append(static_cast<size_t>(target - column), ' ');
        column = target;
      }
      char glyph[3] = {'.', ' ', '\0'};
      Color c = Color::kNone;
      if (const Color tower = board_.tower(i); tower != Color::kNone) {
        glyph[0] = tower == Color::kRed ? 'R' : 'B';
        glyph[1] = static_cast<char>('0' + board_.tiers(i));
        c = tower;
      } else if (const Color worker = board_.worker(i); worker != Color::kNone) {
        glyph[0] = worker == Color::kRed ? 'r' : 'b';
        c = worker;
      }
      // Classic: the glyph in two columns and a space (".  0,0"); tighter: one space after it.
      std::string token = half_cell >= kHalfCell ? fmt::format("{} {}", glyph, cell_name(board_.key(i)))
                                                 : fmt::format("{} {}", glyph[1] == ' ' ? std::string(1, glyph[0])
                                                                                         : std::string(glyph),
                                                               cell_name(board_.key(i)));
      line += fmt::format("{}{}{}", ansi(c, color), token, reset(color));
      column += static_cast<int>(token.size());
      line += ' ';
      ++column;
    }
    out += fmt::format("  r={:<3}|", r) + line + "\n";
  }
  out += "\n";
  if (is_terminal()) {
    out += result_ == Result::kDraw ? "Game over: draw (turn limit reached).\n"
                                    : fmt::format("Game over: {} wins.\n",
                                                  result_ == Result::kRedWins ? "red" : "blue");
  } else {
    out += fmt::format("{}{}{} to act, {} action{} left this turn", ansi(to_move_, color),
                       color_name(to_move_), reset(color), actions_left_, actions_left_ == 1 ? "" : "s");
    if (has_pending()) {
      out += fmt::format("; completing '{} {}': choose {} worker{} to sacrifice",
                         pending_kind_ == Kind::kEliminate ? "eliminate" : "free",
                         cell_name(pending_target_), pending_first_ < 0 ? "two" : "one more",
                         pending_first_ < 0 ? "s" : "");
    }
    out += "\n";
  }
  return out;
}

std::string HexState::describe_decision() const {
  if (is_terminal()) return "";
  if (has_pending()) {
    return fmt::format("choose {} of {}'s workers to sacrifice for '{} {}' (Rule {})", pending_first_ < 0 ? "two" : "one more",
                       color_name(to_move_), pending_kind_ == Kind::kEliminate ? "eliminate" : "free",
                       cell_name(pending_target_), pending_kind_ == Kind::kEliminate ? "HEX-3.5" : "HEX-3.6");
  }
  return fmt::format("take {}'s action, {} left this turn",
                     color_name(to_move_), actions_left_);
}

}  // namespace rise::hex
