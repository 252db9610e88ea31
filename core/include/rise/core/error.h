// Errors raised by the engine for bad input (from a user, a file or the network).
// Internal invariants use RISE_CHECK, which aborts with file, line and message.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace rise {

// Bad input: an illegal or malformed action, a corrupt replay, a malformed state or option.
// The message names what was wrong and why; front ends print it and exit with code 2.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

[[noreturn]] inline void check_failed(const char* file, int line, const char* condition,
                                      const std::string& detail) {
  std::fprintf(stderr, "%s:%d: internal check failed: %s %s\n", file, line, condition,
               detail.c_str());
  std::abort();
}

}  // namespace rise

// Internal invariant: a failure is a bug in the engine, never the user's fault.
#define RISE_CHECK(condition, detail)                                     \
  do {                                                                    \
    if (!(condition)) ::rise::check_failed(__FILE__, __LINE__, #condition, (detail)); \
  } while (false)

// An internal invariant too costly for the hot path (a derived value recomputed and compared):
// checked in builds with RISE_SELF_CHECKS (both test trees), compiled out of the release build.
#if defined(RISE_SELF_CHECKS)
#define RISE_SELF_CHECK(condition, detail) RISE_CHECK(condition, detail)
#else
#define RISE_SELF_CHECK(condition, detail) \
  do {                                     \
  } while (false)
#endif
