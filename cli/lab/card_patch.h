// Card patches of `rise lab ab --patch FILE` (docs/lab.md; the format: docs/formats.md,
// "Card patch"): a YAML file that changes some fields of some cards,
//
//   cards:
//     ashfang-hound:
//       attack: 4
//       defense: 3
//
// applied to a copy of a card game's data directory, so that A (the directory) and B (the
// patched copy) differ in exactly those fields.
#pragma once

#include <string>
#include <vector>

namespace rise::lab {

// One field a patch changes: `before` is the field's value in the data directory as YAML
// text ("" when the card had no such field), `after` the patch's value.
struct CardChange {
  std::string card, field, before, after;
};

// Copies the data directory `data_dir` (cards/, decks/ and any other folder) into `out_dir`
// (created if missing) and applies the patch file `patch_file` to the copy: every card is an
// item with an `id` of a list in a *.yaml file outside decks/. Returns the changes in the
// patch's order. Throws InputError naming the patch file and line for: a file that is no
// YAML map with only `cards`, a card id found in no card file of `data_dir` (with a "did you
// mean"), a field that no card of `data_dir` has (with a "did you mean"), a change of `id`, a
// card or field given twice; "DIR: no such data directory"; "OUT: cannot write ...". The
// values themselves are checked when the game loads the copy.
std::vector<CardChange> write_patched_data(const std::string& data_dir, const std::string& patch_file,
                                           const std::string& out_dir);

}  // namespace rise::lab
