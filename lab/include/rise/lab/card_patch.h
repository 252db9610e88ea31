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

#include <filesystem>
#include <string>
#include <vector>

namespace rise::lab {

// One field a patch changes: `before` is the field's value in the data directory as YAML
// text ("" when the card had no such field), `after` the patch's value ("" when the patch
// removes the field: `field: null`, as in JSON Merge Patch, RFC 7386); `line` the line of
// the field in the patch file (1-based).
struct CardChange {
  std::string card, field, before, after;
  int line = 0;
};

// The card files of a data directory `dir`: every *.yaml file outside decks/, as paths
// relative to `dir`, sorted. Throws InputError "DIR: cannot read directory: ...".
std::vector<std::string> card_files(const std::filesystem::path& dir);

// Copies the data directory `data_dir` (cards/, decks/ and any other folder) into `out_dir`
// (created if missing) and applies the patch file `patch_file` to the copy: every card is an
// item with an `id` of a list in a *.yaml file outside decks/. Returns the changes in the
// patch's order. Throws InputError naming the patch file and line for: a file that is no
// YAML map with only `cards`, a card id found in no card file of `data_dir` (with a "did you
// mean"), a field that no card of `data_dir` has (with a "did you mean"), a change of `id`, a
// card or field given twice, the removal (null) of a field the card does not have; "DIR: no
// such data directory"; "OUT: cannot write ...". The values themselves are checked when the
// game loads the copy: patched_load_error() then names the patch's line.
std::vector<CardChange> write_patched_data(const std::string& data_dir, const std::string& patch_file,
                                           const std::string& out_dir);

// The message of a load error of the patched copy `out_dir` as the designer wrote it: when it
// is about a card and field the patch changes ("...: card 'ID': field 'F...': REASON"), it
// becomes "PATCH:LINE: card 'ID': field 'F...' (as patched): REASON"; otherwise the copy's
// path (a temporary folder, gone once the command ends) is replaced by "DATA patched by PATCH".
std::string patched_load_error(const std::string& message, const std::vector<CardChange>& changes,
                               const std::string& data_dir, const std::string& patch_file, const std::string& out_dir);

// A patched copy of a data directory (write_patched_data) in a fresh temporary folder
// ("rise-lab-XXXXXX" in the system's temporary directory), removed with everything in it when
// this object goes. Throws InputError as write_patched_data, or "cannot create a temporary
// directory in DIR".
class PatchedCopy {
 public:
  PatchedCopy(const std::string& data_dir, const std::string& patch_file);
  ~PatchedCopy();
  PatchedCopy(const PatchedCopy&) = delete;
  PatchedCopy& operator=(const PatchedCopy&) = delete;

  const std::string& data_dir() const { return data_dir_; }  // the patched copy
  const std::vector<CardChange>& changes() const { return changes_; }
  // patched_load_error for a load error of the copy: names the patch's line, never the copy.
  std::string load_error(const std::string& message) const;

 private:
  std::string temp_, data_dir_, source_, patch_;
  std::vector<CardChange> changes_;
};

}  // namespace rise::lab
