#!/usr/bin/env bash
# npm test: every test of the project, in the order a failure is cheapest to find.
#   0. prerequisites (scripts/test-prerequisites.sh): Node, node_modules, a Chromium (installed as root)
#   1. type check, then lint (ESLint, Prettier, knip)
#   2. domain and database tests on PGlite in memory (vitest)
#   3. the same on PostgreSQL when TEST_DATABASE_URL is set
#   4. production build, then HTTP tests against `next start` (PGlite, then PostgreSQL when set;
#      the several-instances file beside the rest)
#   5. Playwright in the Chromium step 0 found
set -euo pipefail
cd "$(dirname "$0")/.."

# Where the time goes: each step's seconds, and each pass's per-file report (vitest and Playwright
# JSON), summed up in a table when the run ends, passed or not (scripts/test-timings.mjs).
TIMINGS_DIR="$PWD/test-results/timings"
rm -rf "$TIMINGS_DIR" && mkdir -p "$TIMINGS_DIR"
current_step=""
step_started=$SECONDS
end_step() {
  [[ -n $current_step ]] && printf '%s\t%s\n' "$((SECONDS - step_started))" "$current_step" >>"$TIMINGS_DIR/steps.tsv"
  current_step=""
}
step() {
  end_step
  current_step="$*"
  step_started=$SECONDS
  printf '\n=== %s ===\n' "$*"
}
print_timings() {
  local status=$?
  end_step
  node scripts/test-timings.mjs "$TIMINGS_DIR" || true
  return "$status"
}
trap print_timings EXIT
# A vitest pass's per-file report: vitest_json NAME -> the reporter arguments.
vitest_json() { printf -- '--reporter=default --reporter=json --outputFile.json=%s' "$TIMINGS_DIR/$1.json"; }

step "prerequisites"
# Stops here, in a second, when the browser tests could not run; the Chromium it found is the one Playwright uses.
CHROMIUM_PATH="$(bash scripts/test-prerequisites.sh)"
export CHROMIUM_PATH

export NEXT_TELEMETRY_DISABLED=1
# vitest 5 prints failures with Map.groupBy, which Node 20 lacks.
export NODE_OPTIONS="--import $PWD/scripts/node20-polyfills.mjs ${NODE_OPTIONS:-}"

step "type check"
npx tsc --noEmit

step "lint"
npm run --silent lint

step "domain and database tests (PGlite)"
TEST_DATABASE_URL= npx vitest run $(vitest_json unit-pglite)

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  step "domain and database tests (PostgreSQL)"
  # Files that never open a database (the file parsers, the OpenAPI document, multipart reading) ran in the pass above.
  npx vitest run $(vitest_json unit-postgresql) \
    --exclude 'server/domain/imports/parsers/**' \
    --exclude 'server/domain/imports/{corpus,detect-type,header-blind,inspect-file,parse-options,parsers-robustness,duplicates}.test.ts' \
    --exclude 'server/openapi/**' \
    --exclude 'server/http/multipart*.test.ts' \
    --exclude 'scripts/**' \
    --exclude 'components/**'
fi

step "build"
# The type check above covered the same tsconfig: the build does not check the types again.
NEXT_SKIP_TYPECHECK=1 npx next build

# The several-instances tests start servers of their own and spend most of their time waiting for
# them (start-up, takeover delays, a drain): they run beside the rest of the HTTP suite, whose
# files share one server, and their output follows once both are done.
INSTANCES=tests/http/instances.test.ts
http_pass() {
  local name=$1 log status=0
  log="$(mktemp)"
  PFA_HTTP_SHARED_SERVER=off npx vitest run --config vitest.http.config.ts $(vitest_json "$name-instances") "$INSTANCES" >"$log" 2>&1 &
  local instances=$!
  npx vitest run --config vitest.http.config.ts $(vitest_json "$name") --exclude "$INSTANCES" || status=$?
  wait "$instances" || status=$?
  printf '\n--- %s ---\n' "$INSTANCES"
  cat "$log"
  rm -f "$log"
  return "$status"
}

step "HTTP tests (PGlite)"
TEST_DATABASE_URL= http_pass http-pglite

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  step "HTTP tests (PostgreSQL)"
  http_pass http-postgresql
fi

step "browser tests (Playwright in $CHROMIUM_PATH)"
# A free port, so a server already running on the default one does not stop the run.
E2E_PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
export E2E_PORT
PFA_TIMINGS_FILE="$TIMINGS_DIR/browser.json" npx playwright test
