// Verifiable shuffles (docs/server.md, "Fair play"): the server commits to a table's seed
// when the table is created and reveals it when the game ends, so that anyone can check that
// the seed — hence every shuffle, draw and die roll — was fixed before the first action.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "rise/store/table_store.h"

namespace rise::server {

// The commitment to `seed` for table `table_id`: the SHA-256 digest (64 lower-case hex
// digits) of the text "rise-seed:ID:SEED:SALT", SEED in decimal and SALT as stored (hex).
// The salt (128 random bits) keeps the seed from being found by trying every 64-bit
// value. Throws InputError if OpenSSL cannot compute the digest.
std::string seed_commitment(const std::string& table_id, uint64_t seed, const std::string& salt);

// What a view says of a table's seed: {chosen_by: "server", commitment} while the game
// runs, plus {seed (decimal text), salt, message: the hashed text} once it is over; or
// {chosen_by: "creator"} (a seed given at creation, revealed as seed once over). The seed
// is text because JSON readers such as JavaScript lose digits of 64-bit integers.
nlohmann::json fairness_json(const store::TableRecord& record, bool finished);

}  // namespace rise::server
