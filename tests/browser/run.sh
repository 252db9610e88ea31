#!/usr/bin/env bash
# Browser end-to-end tests of the web front end (tests/browser/tests/*.test.mjs).
#
#   tests/browser/run.sh BUILD_DIR [TEST_FILE...]
#
# BUILD_DIR holds the `rise` binary (or is the binary itself). The script installs
# playwright-core and axe-core from package-lock.json when node_modules is missing or stale
# (`npm ci`, from npm's cache when it has the packages), starts `rise serve` on a free port with a throw-away
# database and this checkout's web/ folder (--allow-seeds: the tests fix the seed of tables
# with human seats, which a public server refuses; --max-tables-per-client 500: one client
# creates every table of the tests), runs the tests with Node's test runner against it
# (RISE_URL=http://127.0.0.1:PORT, RISE_BIN=the rise binary), then stops the server. The browser is the Debian
# `chromium` (/usr/bin/chromium, or $CHROMIUM): nothing is downloaded besides the npm packages.
# One chromium serves every test file (browser-server.mjs; RISE_BROWSER_WS is its endpoint):
# each file connects to it with contexts of its own.
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 BUILD_DIR [TEST_FILE...]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
web="$(cd "$here/../.." && pwd)/web"
if [ -d "$1" ]; then rise="$(cd "$1" && pwd)/rise"; else rise="$1"; fi
shift
if [ ! -x "$rise" ]; then
  echo "e2e: no rise binary at $rise (build the 'rise' target first)" >&2
  exit 2
fi
for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "e2e: '$tool' is missing (apt-get install nodejs npm)" >&2; exit 2; }
done
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export RISE_BIN="$rise"  # for tests that run `rise` themselves (lab-report.test.mjs)
# Where tests write what they produce (the phone-size screenshots): beside the binary.
export RISE_E2E_OUT="${RISE_E2E_OUT:-$(dirname "$rise")/browser-output}"
mkdir -p "$RISE_E2E_OUT"
if [ ! -x "$CHROMIUM" ]; then
  echo "e2e: no browser at $CHROMIUM (apt-get install chromium)" >&2
  exit 2
fi

# playwright-core and axe-core from the lockfile; the copy of the lockfile in node_modules marks
# a good install.
stamp="$here/node_modules/.rise-lock"
if [ ! -d "$here/node_modules/playwright-core" ] || [ ! -d "$here/node_modules/axe-core" ] \
    || ! cmp -s "$here/package-lock.json" "$stamp"; then
  echo "e2e: npm ci (playwright-core, axe-core, from package-lock.json)"
  (cd "$here" && npm ci --no-audit --no-fund --prefer-offline --loglevel=error)
  cp "$here/package-lock.json" "$stamp"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/rise-e2e.XXXXXX")
server_pid=""
browser_pid=""
cleanup() {
  for pid in "$server_pid" "$browser_pid"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    fi
  done
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# Starts the server on port $1 (0: any free port) and sets RISE_URL; returns 1 if it exits.
start_server() {
  : >"$tmp/server.log"
  # Every test is the same client (127.0.0.1) and many leave their table open: lift the
  # per-client limit of open tables (20 by default) well above what the tests create; reviews
  # search 100 iterations a decision (the sanitizer build is slow; what is shown is the same).
  "$rise" serve --host 127.0.0.1 --port "$1" --db "$tmp/e2e.db" --web "$web" --allow-seeds \
    --max-tables-per-client 500 --review-iterations 100 >"$tmp/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 200); do
    url=$(sed -n 's|^rise serve: \(http://[^ ]*\)/ .*|\1|p' "$tmp/server.log" | head -n 1)
    if [ -n "$url" ]; then
      export RISE_URL="$url"
      return 0
    fi
    if ! kill -0 "$server_pid" 2>/dev/null; then
      wait "$server_pid" 2>/dev/null || true
      server_pid=""
      return 1
    fi
    sleep 0.05
  done
  echo "e2e: the server printed no address in 10 s:" >&2
  cat "$tmp/server.log" >&2
  return 1
}

if ! start_server 0; then
  # A rise without --port 0: ask the kernel for a free port and use it.
  port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  if ! start_server "$port"; then
    echo "e2e: rise serve did not start:" >&2
    cat "$tmp/server.log" >&2
    exit 1
  fi
fi
echo "e2e: server at $RISE_URL"

# One chromium for all the test files (browser-server.mjs): each connects to it and makes
# contexts of its own (helpers.mjs, launch()).
(cd "$here" && exec node browser-server.mjs) >"$tmp/browser.log" 2>&1 &
browser_pid=$!
for _ in $(seq 1 400); do
  endpoint=$(sed -n 's|^browser server: \(ws://.*\)$|\1|p' "$tmp/browser.log" | head -n 1)
  [ -n "$endpoint" ] && break
  if ! kill -0 "$browser_pid" 2>/dev/null; then break; fi
  sleep 0.05
done
if [ -z "${endpoint:-}" ]; then
  echo "e2e: the browser server did not start:" >&2
  cat "$tmp/browser.log" >&2
  exit 1
fi
export RISE_BROWSER_WS="$endpoint"

tests=()
for t in "$@"; do tests+=("$(realpath "$t")"); done
if [ ${#tests[@]} -eq 0 ]; then tests=("$here"/tests/*.test.mjs); fi
status=0
(cd "$here" && node --test --test-concurrency=1 "${tests[@]}") || status=$?
if [ "$status" -ne 0 ]; then
  echo "e2e: server log (last 40 lines):" >&2
  tail -n 40 "$tmp/server.log" >&2
fi
exit "$status"
