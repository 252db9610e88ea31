#!/usr/bin/env bash
# Runs one fuzz target (docs/testing.md, "Fuzzing"), as CTest and `make fuzz` do:
#   fuzz/run.sh FUZZER REGRESSIONS CORPUS [SEED_DIR...]
# First every input kept in REGRESSIONS (crashes found earlier, each must now pass), then
# RISE_FUZZ_SECONDS (default 8) of fuzzing: new inputs go to CORPUS (kept between runs),
# the SEED_DIRs are read. A crash, a leak, an input slower than 30 s (a hang) or memory
# over 2 GiB fails the run; libFuzzer writes the input to CORPUS/../../fuzz-artifacts/.
set -euo pipefail

if (($# < 3)); then
  echo "usage: fuzz/run.sh FUZZER REGRESSIONS CORPUS [SEED_DIR...]" >&2
  exit 2
fi
fuzzer=$1 regressions=$2 corpus=$3
shift 3
seconds=${RISE_FUZZ_SECONDS:-8}
name=$(basename "$fuzzer")
artifacts="$(dirname "$corpus")/../fuzz-artifacts"
mkdir -p "$corpus" "$artifacts"
export TMPDIR="${TMPDIR:-/tmp}"

shopt -s nullglob
kept=("$regressions"/*)
if ((${#kept[@]} > 0)); then
  echo "$name: ${#kept[@]} regression inputs from $regressions"
  "$fuzzer" -timeout=30 -rss_limit_mb=2048 "${kept[@]}"
fi

seeds=()
for dir in "$@"; do
  [[ -d "$dir" ]] && seeds+=("$dir")
done
echo "$name: fuzzing for ${seconds} s (corpus $corpus, seeds: ${seeds[*]:-none})"
exec "$fuzzer" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$artifacts/$name-" "$corpus" "${seeds[@]}"
