#!/usr/bin/env bash
# rise-hex against OpenSpiel's hex in random playouts, side by side (docs/performance.md):
#   bench/openspiel-hex.sh [ROUNDS] [SECONDS]
# Builds bench/openspiel_hex_playouts.cc against the pyspiel.so of the open-spiel wheel that
# `make test` installs into build/venv (scripts/python-env.sh; the wheel ships OpenSpiel's
# C++ compiled, and its headers), then alternates ROUNDS (default 16) rounds of SECONDS
# (default 2) CPU-seconds each: OpenSpiel's hex 11x11, then build/release/rise-bench's
# BM_RandomPlayout. Prints each round and the medians of actions per CPU-second.
# RISE_VENV and RISE_BENCH choose another venv or rise-bench, RISE_BENCH_FILTER another
# benchmark (BM_RandomPlayoutChecked: each action checked by apply_action first).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-16} seconds=${2:-2}
venv=${RISE_VENV:-build/venv} bench=${RISE_BENCH:-build/release/rise-bench}
filter=${RISE_BENCH_FILTER:-^BM_RandomPlayout\$}
python="$venv/bin/python"
[[ -x "$python" ]] || { echo "openspiel-hex: no $python: run make test (or scripts/python-env.sh) first" >&2; exit 2; }
[[ -x "$bench" ]] || { echo "openspiel-hex: no $bench: run make build first" >&2; exit 2; }
read -r site pylib pyversion < <("$python" -c 'import sysconfig as s; print(s.get_paths()["platlib"], s.get_config_var("LIBDIR"), s.get_config_var("LDVERSION"))')
[[ -f "$site/pyspiel.so" ]] || { echo "openspiel-hex: no pyspiel.so in $site (the open-spiel wheel)" >&2; exit 2; }

out=build/openspiel-hex
mkdir -p "$out"
if [[ ! -x "$out/playouts" || bench/openspiel_hex_playouts.cc -nt "$out/playouts" || "$site/pyspiel.so" -nt "$out/playouts" ]]; then
  # OpenSpiel's own code runs as the wheel compiled it; only this loop is compiled here.
  g++ -std=c++17 -O2 -w -I"$site" -I"$site/open_spiel/abseil-cpp" -I"$site/open_spiel/json/include" \
    bench/openspiel_hex_playouts.cc -o "$out/playouts" "$site/pyspiel.so" -Wl,-rpath,"$site" \
    -L"$pylib" -Wl,-rpath,"$pylib" -l"python$pyversion"
fi

openspiel=() rise=()
for ((i = 1; i <= rounds; i++)); do
  o=$("$out/playouts" "$seconds" | cut -d' ' -f1)
  r=$("$bench" --benchmark_filter="$filter" --benchmark_min_time="$seconds" --benchmark_format=json 2>/dev/null |
      "$python" -c 'import json, sys; print(round(json.load(sys.stdin)["benchmarks"][0]["actions/s"]))')
  openspiel+=("$o") rise+=("$r")
  awk -v i="$i" -v o="$o" -v r="$r" \
    'BEGIN { printf "round %2d: openspiel hex %9d actions/s, rise-hex %9d actions/s, ratio %.2f\n", i, o, r, r / o }'
done
"$python" - "${openspiel[*]}" "${rise[*]}" <<'PY'
import statistics, sys
o = statistics.median(map(float, sys.argv[1].split()))
r = statistics.median(map(float, sys.argv[2].split()))
print(f"median: openspiel hex {o / 1e6:.2f} M actions/s, rise-hex {r / 1e6:.2f} M actions/s, rise-hex / openspiel {r / o:.2f}")
PY
