# Thin wrapper over CMake. Every target installs missing Debian packages first.
BUILD_DIR     ?= build/release
TEST_DIR      ?= build/sanitize
JOBS          ?= $(shell nproc)
CMAKE_GEN     := -G Ninja

.PHONY: deps build play serve test bench clean

deps:
	@scripts/install-deps.sh

build: deps
	@cmake -S . -B $(BUILD_DIR) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release -DRISE_BUILD_TESTS=OFF >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

play: build
	$(BUILD_DIR)/rise play rise-hex --players human,mcts

serve: build
	$(BUILD_DIR)/rise serve

test: deps
	@cmake -S . -B $(TEST_DIR) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRISE_SANITIZE=ON -DRISE_BUILD_BENCH=OFF >/dev/null
	@cmake --build $(TEST_DIR) -j $(JOBS)
	cd $(TEST_DIR) && ctest --output-on-failure -j $(JOBS)
	@scripts/rules-coverage

bench: build
	$(BUILD_DIR)/rise-bench

clean:
	rm -rf build
