#!/usr/bin/env bash
# npm test: every test of the project, in the order a failure is cheapest to find. A step's parts run
# side by side where one alone leaves a core idle (this machine has 2), each one's output printed
# whole when the step ends.
#   0. prerequisites (scripts/test-prerequisites.sh): Node, node_modules, a Chromium (installed as root)
#   1. type check, lint (ESLint, oxlint's type-aware rules, Prettier, knip) and the domain and database tests on PGlite in
#      memory (vitest), side by side
#   2. the production build, beside the same tests on PostgreSQL when TEST_DATABASE_URL is set (the
#      files whose code reaches the database, vitest.config.ts)
#   3. HTTP tests against the built app, on PGlite and on PostgreSQL side by side, each with the
#      several-instances files beside the files that share one server; when all but the longest
#      (PGlite's shared server) have ended, Playwright in the Chromium step 0 found, beside it (two
#      workers with a server each, e2e/servers.ts)
# Every PGlite database of the run (a test file's, a server's) starts from one migrated template made
# at the start (scripts/test-templates.ts) instead of an initdb and every migration.
# When it ends, passed or not, it prints each step's time (and each part's) and each pass's slowest files.
set -euo pipefail
cd "$(dirname "$0")/.."

# Not under test-results/: Playwright empties that folder when it starts.
TIMINGS_DIR="$PWD/test-timings"
rm -rf "$TIMINGS_DIR" && mkdir -p "$TIMINGS_DIR"
# .ci/run's npm ci, timed there (PFA_INSTALL_SECONDS), is the table's first line.
[[ -n ${PFA_INSTALL_SECONDS:-} ]] && printf '%s\t%s\n' "$PFA_INSTALL_SECONDS" "install (npm ci, in .ci/run)" >"$TIMINGS_DIR/steps.tsv"
# The PGlite templates (server/db/test-template.ts): written by the first step, read by every pass and server after it.
TEMPLATES_DIR="$(mktemp -d)"
export PFA_TEST_PGLITE_EMPTY_TEMPLATE="$TEMPLATES_DIR/empty.tar" PFA_TEST_PGLITE_TEMPLATE="$TEMPLATES_DIR/template.tar"
current_step=""
step_started=$SECONDS
end_step() {
  [[ -z $current_step ]] && return 0
  printf '%s\t%s\n' "$((SECONDS - step_started))" "$current_step" >>"$TIMINGS_DIR/steps.tsv"
  if [[ -f $TIMINGS_DIR/parts.tsv ]]; then
    cat "$TIMINGS_DIR/parts.tsv" >>"$TIMINGS_DIR/steps.tsv"
    rm "$TIMINGS_DIR/parts.tsv"
  fi
  current_step=""
}
step() {
  end_step
  current_step="$*"
  step_started=$SECONDS
  printf '\n=== %s ===\n' "$*"
}
# The parts running side by side: stopped when the run ends early (a failure, a signal to this script).
part_pids=()
# A process and everything it started (a part's npx, vitest, its servers).
kill_tree() {
  local child
  if command -v pgrep >/dev/null; then
    for child in $(pgrep -P "$1"); do kill_tree "$child"; done
  fi
  kill "$1" 2>/dev/null || true
}
print_timings() {
  local status=$? pid
  for pid in "${part_pids[@]}"; do kill_tree "$pid"; done
  rm -rf "$TEMPLATES_DIR"
  end_step
  node scripts/test-timings.mjs "$TIMINGS_DIR" || true
  return "$status"
}
trap print_timings EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# side_by_side NAME COMMAND [NAME COMMAND ...]: runs the commands (function calls or command lines)
# at once, keeps each one's output and prints it, in the order given, when all have ended. Fails when
# any failed; each part's time goes under its step in the table.
side_by_side() {
  local -a names=() pids=() logs=()
  local log
  while (($# >= 2)); do
    log="$(mktemp)"
    (
      started=$SECONDS
      # A subshell of its own run as a plain command, so errexit holds inside the part (on the left
      # of || it would not, in any function the part calls either).
      set +e
      (
        set -e
        eval "$2"
      ) >"$log" 2>&1
      status=$?
      printf '%s\t  part: %s%s\n' "$((SECONDS - started))" "$1" "$( ((status == 0)) || echo " (failed)")" >>"$TIMINGS_DIR/parts.tsv"
      exit "$status"
    ) &
    names+=("$1")
    pids+=($!)
    part_pids+=($!)
    logs+=("$log")
    shift 2
  done
  echo "(${names[*]}: side by side, each one's output follows when all have ended)"
  local i status=0
  for i in "${!pids[@]}"; do wait "${pids[i]}" || status=1; done
  part_pids=()
  for i in "${!names[@]}"; do
    printf '\n--- %s ---\n' "${names[i]}"
    cat "${logs[i]}"
    rm -f "${logs[i]}"
  done
  return "$status"
}

# A vitest pass with its per-file times for the table: vitest_pass NAME [vitest arguments...].
vitest_pass() {
  local name=$1
  shift
  PFA_TIMINGS_FILE="$TIMINGS_DIR/$name.json" npx vitest run --reporter=default \
    --reporter=./scripts/vitest-timings-reporter.ts "$@"
}

step "prerequisites"
# Stops here, in a second, when the browser tests could not run; the Chromium it found is the one Playwright uses.
CHROMIUM_PATH="$(bash scripts/test-prerequisites.sh)"
export CHROMIUM_PATH

export NEXT_TELEMETRY_DISABLED=1
# vitest 5 prints failures with Map.groupBy, which Node 20 lacks.
export NODE_OPTIONS="--import $PWD/scripts/node20-polyfills.mjs ${NODE_OPTIONS:-}"
POSTGRES_URL="${TEST_DATABASE_URL:-}"

step "type check, lint, and the domain and database tests (PGlite)"
# tsc and the lint each keep one core busy; the unit tests fill what they leave.
# The type check is TypeScript 7's (typescript-7, Go): the same diagnostics as 5.9's tsc in a third
# of its time. The lint's type-aware rules run on it too (oxlint's tsgolint); the editor keeps 5.9.
side_by_side "type check" "npm run --silent typecheck" "lint" "npm run --silent lint" \
  "domain and database tests (PGlite)" \
  "npx tsx scripts/test-templates.ts \"\$TEMPLATES_DIR\" && TEST_DATABASE_URL= vitest_pass unit-pglite"

# The type check above covered the same tsconfig: the build does not check the types again.
build() { NEXT_SKIP_TYPECHECK=1 npm run --silent build; }
if [[ -n $POSTGRES_URL ]]; then
  step "build, and the domain and database tests on PostgreSQL"
  side_by_side "build" build "domain and database tests (PostgreSQL)" "vitest_pass unit-postgresql"
else
  step "build"
  build
fi

# The HTTP suite on one engine: the files that share one server, and beside them the
# several-instances files, whose servers are their own (they spend most of their time waiting for them).
# The exclude is a glob; vitest takes the file filter as a part of the path.
INSTANCES=tests/http/instances
http_shared() { vitest_pass "http-$1" --config vitest.http.config.ts --exclude "$INSTANCES*.test.ts"; }
http_instances() { PFA_HTTP_SHARED_SERVER=off vitest_pass "http-$1-instances" --config vitest.http.config.ts "$INSTANCES"; }
browser_tests() {
  # Free ports, one per worker (e2e/servers.ts), so a server already running on a default one does not stop the run.
  E2E_PORTS="$(node -e 'const net=require("net");Promise.all([0,1].map(()=>new Promise(r=>{const s=net.createServer();s.listen(0,"127.0.0.1",()=>r(s))}))).then(ss=>{console.log(ss.map(s=>s.address().port).join(","));ss.forEach(s=>s.close())})')"
  export E2E_PORTS
  local started=$SECONDS
  PFA_TIMINGS_FILE="$TIMINGS_DIR/browser.json" npx playwright test
  printf '%s\t  part: %s\n' "$((SECONDS - started))" "$BROWSER" >>"$TIMINGS_DIR/parts.tsv"
}
# The shared-server pass on PGlite is the longest part (one file at a time against one server, about
# one core): the browser tests fill the other core once the shorter parts have ended.
BROWSER="browser tests (Playwright in $CHROMIUM_PATH)"
if [[ -n $POSTGRES_URL ]]; then
  step "HTTP tests (PGlite and PostgreSQL), and the browser tests"
  side_by_side \
    "HTTP (PGlite)" "TEST_DATABASE_URL= http_shared pglite" \
    "the other HTTP parts, then the $BROWSER" \
    "side_by_side \"HTTP instances (PGlite)\" \"TEST_DATABASE_URL= http_instances pglite\" \
      \"HTTP (PostgreSQL)\" \"http_shared postgresql\" \
      \"HTTP instances (PostgreSQL)\" \"http_instances postgresql\" && browser_tests"
else
  step "HTTP tests (PGlite), and the browser tests"
  side_by_side "HTTP (PGlite)" "http_shared pglite" "HTTP instances (PGlite), then the $BROWSER" \
    "http_instances pglite && browser_tests"
fi
