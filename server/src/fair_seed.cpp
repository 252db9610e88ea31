// Seed commitments with OpenSSL's SHA-256.
#include "rise/server/fair_seed.h"

#include <array>

#include <openssl/evp.h>

#include "rise/core/error.h"
#include "rise/core/text.h"

namespace rise::server {

namespace {

std::string commitment_message(const std::string& table_id, uint64_t seed, const std::string& salt) {
  return "rise-seed:" + table_id + ":" + std::to_string(seed) + ":" + salt;
}

}  // namespace

std::string seed_commitment(const std::string& table_id, uint64_t seed, const std::string& salt) {
  const std::string message = commitment_message(table_id, seed, salt);
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  if (EVP_Digest(message.data(), message.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1) {
    throw InputError("table " + table_id + ": OpenSSL could not compute the SHA-256 of the seed's commitment");
  }
  return hex_of(digest.data(), size);
}

nlohmann::json fairness_json(const store::TableRecord& record, bool finished) {
  nlohmann::json out;
  if (record.seed_salt.empty()) {
    out["chosen_by"] = "creator";
  } else {
    out["chosen_by"] = "server";
    out["commitment"] = seed_commitment(record.id, record.seed, record.seed_salt);
  }
  if (finished) {
    out["seed"] = std::to_string(record.seed);
    if (!record.seed_salt.empty()) {
      out["salt"] = record.seed_salt;
      out["message"] = commitment_message(record.id, record.seed, record.seed_salt);
    }
  }
  return out;
}

}  // namespace rise::server
