#!/usr/bin/env bash
# npm test: every test of the project, in the order a failure is cheapest to find.
#   0. prerequisites (scripts/test-prerequisites.sh): Node, node_modules, a Chromium (installed as root)
#   1. type check
#   2. domain and database tests on PGlite in memory (vitest)
#   3. the same on PostgreSQL when TEST_DATABASE_URL is set
#   4. production build, then HTTP tests against `next start` (PGlite, then PostgreSQL when set)
#   5. Playwright in the Chromium step 0 found
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$*"; }

step "prerequisites"
# Stops here, in a second, when the browser tests could not run; the Chromium it found is the one Playwright uses.
CHROMIUM_PATH="$(bash scripts/test-prerequisites.sh)"
export CHROMIUM_PATH

export NEXT_TELEMETRY_DISABLED=1
# vitest 5 prints failures with Map.groupBy, which Node 20 lacks.
export NODE_OPTIONS="--import $PWD/scripts/node20-polyfills.mjs ${NODE_OPTIONS:-}"

step "type check"
npx tsc --noEmit

step "domain and database tests (PGlite)"
TEST_DATABASE_URL= npx vitest run

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  step "domain and database tests (PostgreSQL)"
  npx vitest run
fi

step "build"
npx next build

step "HTTP tests (PGlite)"
TEST_DATABASE_URL= npx vitest run --config vitest.http.config.ts

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  step "HTTP tests (PostgreSQL)"
  npx vitest run --config vitest.http.config.ts
fi

step "browser tests (Playwright in $CHROMIUM_PATH)"
# A free port, so a server already running on the default one does not stop the run.
E2E_PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
export E2E_PORT
npx playwright test
