# Thin wrapper over CMake. Every target installs missing Debian packages first.
BUILD_DIR     ?= build/release
TEST_DIR      ?= build/sanitize
HOT_DIR       ?= build/hot
FUZZ_SECONDS  ?= 600
JOBS          ?= $(shell nproc)
CMAKE_GEN     := -G Ninja

.PHONY: deps build play serve test conformance fuzz bench python train clean

deps:
	@scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD_DIR) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DRISE_BUILD_TESTS=OFF >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

play: build
	$(BUILD_DIR)/rise play rise-hex --players human,mcts

serve: build
	$(BUILD_DIR)/rise serve

# Both test trees are unity builds (CMAKE_UNITY_BUILD: a target's files compiled a few at
# a time in one translation unit), which halves their build time: nlohmann-json, fmt and
# GoogleTest templates are instantiated and optimised once per batch instead of per file.
# Two trees (docs/testing.md): build/sanitize (clang, ASan + UBSan + libFuzzer coverage;
# unit, rule, CLI, server and browser tests, and every fuzz target for 8 s after its
# regression inputs) and build/hot (GCC, optimised, with libstdc++ and RISE_CHECK
# assertions; the suites that loop over thousands of games: conformance, perft). Both
# build with -Werror (RISE_WERROR), so a new warning of clang or GCC fails `make test`.
SANITIZE_CONFIG = -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_UNITY_BUILD=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRISE_SANITIZE=ON -DRISE_FUZZ=ON -DRISE_TESTS=COLD -DRISE_BUILD_BENCH=OFF -DRISE_WERROR=ON
HOT_CONFIG      = -DCMAKE_CXX_COMPILER=g++ -DCMAKE_UNITY_BUILD=ON -DCMAKE_BUILD_TYPE= "-DCMAKE_CXX_FLAGS=-O2 -D_GLIBCXX_ASSERTIONS" -DRISE_TESTS=HOT -DRISE_BUILD_BENCH=OFF -DRISE_WERROR=ON

# The venv's pinned packages (mostly a download) install beside the first build. The hot tree
# also builds the Python module on its own engine objects (HOT_PYTHON: the venv's Python and
# pybind11), and its ctest runs pytest (the test python_tests) beside the C++ tests: no third
# build of the engine by `pip install .` (docs/testing.md, "Time"; `make python` still installs
# the package into build/venv). No link-time optimisation there: pybind11 asks for it by
# default, which doubled the module's build time (54 -> 26 CPU-s; the wheel keeps it).
HOT_PYTHON      = -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=OFF -DRISE_PYTHON=ON -DPython_EXECUTABLE=$(CURDIR)/build/venv/bin/python -Dpybind11_DIR=$$(build/venv/bin/python -m pybind11 --cmakedir)
test: deps
	@mkdir -p build; scripts/python-env.sh --requirements >build/python-requirements.log 2>&1 & venv=$$!; \
	  cmake -S . -B $(TEST_DIR) $(CMAKE_GEN) $(SANITIZE_CONFIG) -DRISE_FUZZ_SECONDS=8 >/dev/null \
	    && cmake --build $(TEST_DIR) -j $(JOBS); built=$$?; \
	  wait $$venv || { cat build/python-requirements.log; exit 1; }; exit $$built
	@cmake -S . -B $(HOT_DIR) $(CMAKE_GEN) $(HOT_CONFIG) $(HOT_PYTHON) >/dev/null
	@cmake --build $(HOT_DIR) -j $(JOBS) --target rise_tests
	cd $(HOT_DIR) && ctest --output-on-failure -j $(JOBS)
	cd $(TEST_DIR) && ctest --output-on-failure -j $(JOBS)
	@scripts/rules-coverage

# The conformance suite at the full depth of issue 15 (docs/testing.md): 2,000 games of every
# game with every check at every step, in build/hot; hours on 2 cores (rise-tcg's views are
# costly), so not in `make test`, which runs 2,000 soak games and a fully checked sample.
conformance: deps
	@cmake -S . -B $(HOT_DIR) $(CMAKE_GEN) $(HOT_CONFIG) >/dev/null
	@cmake --build $(HOT_DIR) -j $(JOBS) --target conformance_test
	cd $(HOT_DIR) && RISE_CONFORMANCE_GAMES=2000 ctest --output-on-failure -j $(JOBS) --timeout 86400 -R '^AllGames/Conformance\.'

# Every fuzz target for FUZZ_SECONDS (default 600) each, JOBS at a time; the corpora grow
# in build/sanitize/fuzz-corpus, crashes land in build/sanitize/fuzz-artifacts.
fuzz: deps
	@cmake -S . -B $(TEST_DIR) $(CMAKE_GEN) $(SANITIZE_CONFIG) -DRISE_FUZZ_SECONDS=$(FUZZ_SECONDS) >/dev/null
	@cmake --build $(TEST_DIR) -j $(JOBS) --target rise_fuzzers
	cd $(TEST_DIR) && ctest --output-on-failure -j $(JOBS) -L fuzz
	@cmake -S . -B $(TEST_DIR) -DRISE_FUZZ_SECONDS=8 >/dev/null

# The Python package into build/venv (docs/python.md): pinned packages, then pip install .
python: deps
	@scripts/python-env.sh

# A game's learned evaluation from self-play (docs/ai.md, "Learned evaluations"): writes
# data/$(GAME)/nets/value.rnet and its provenance value.rnet.json with the game's recorded
# settings (rise_engine.train); TRAIN_ARGS adds or overrides settings, e.g. TRAIN_ARGS="--games 100".
train: python
	@test -n "$(GAME)" || { echo "usage: make train GAME=<game id> [TRAIN_ARGS=...]  (rise-hex, rise-tcg, dark-legacy, raise-rise-die)"; exit 2; }
	build/venv/bin/python -m rise_engine.train $(GAME) --out data/$(GAME)/nets/value.rnet $(TRAIN_ARGS)

bench: build
	$(BUILD_DIR)/rise-bench

clean:
	rm -rf build
