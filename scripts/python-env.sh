#!/usr/bin/env bash
# The Python side of `make test` (docs/python.md): build/venv with the pinned packages of
# python/requirements.txt (from PyPI; installed again only when that file changes), then
# rise_engine from this checkout with `pip install .` (no build isolation: the venv's
# pinned scikit-build-core and pybind11 build it, in build/python/, incrementally).
#
#   scripts/python-env.sh [--requirements]
#
# --requirements: the venv and its pinned packages only (make test starts it beside the first
# build: it mostly waits on the network).
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
venv=build/venv
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv "$venv"
fi
if ! cmp -s python/requirements.txt "$venv/.requirements"; then
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r python/requirements.txt
  cp python/requirements.txt "$venv/.requirements"
fi
if [ "${1:-}" = "--requirements" ]; then exit 0; fi
# The build folder is kept between installs (only what changed is rebuilt); a plain
# `pip install .` builds in a temporary folder instead (pyproject.toml).
"$venv/bin/python" -m pip install -q --disable-pip-version-check --no-build-isolation --no-deps \
  -C 'build-dir=build/python/{wheel_tag}' .
