#!/usr/bin/env bash
# Installs the Debian packages Rise Engine needs to build, test and benchmark.
# Installs only what is missing; safe to run again. Debian packages only.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  nlohmann-json3-dev libcli11-dev libfmt-dev libyaml-cpp-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libsqlite3-dev libsqlitecpp-dev libcpp-httplib-dev libssl-dev libboost-dev libmimalloc-dev
)

# The Python package (python/, docs/python.md): a virtual environment and CPython's headers
# for the extension module; its Python packages come from PyPI (scripts/python-env.sh).
packages+=(python3 python3-venv python3-dev)

# The sanitizer tree and the fuzz targets (build/sanitize, fuzz/; docs/testing.md, "Fuzzing"):
# clang with libFuzzer and its sanitizer runtimes, and llvm-14 for llvm-symbolizer, which
# turns a sanitizer report's addresses into functions, files and lines: Debian's runtimes of
# libclang-rt-14-dev look for /usr/bin/llvm-symbolizer-14 (llvm-14's) first, then PATH.
packages+=(clang libclang-rt-14-dev llvm-14)

# `rise lab tune` (docs/lab.md, "Tuning cards"): dlib's global optimiser (MaxLIPO + trust region).
packages+=(libdlib-dev)

# MPI (docs/scale.md): `rise sim` across ranks and machines under Open MPI's mpirun.
packages+=(libopenmpi-dev openmpi-bin)

# The browser tests (tests/browser/, run by `make test`; docs/testing.md) drive Debian's
# Chromium with playwright-core from npm.
packages+=(chromium)
# Node.js and npm: any installed Node (e.g. NodeSource's nodejs, which ships npm) will do.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
