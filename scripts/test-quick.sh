#!/usr/bin/env bash
# npm run test:quick: the inner loop, about a minute after a change of a few files.
#   1. type check (TypeScript 7's, about 10 seconds for the whole project)
#   2. ESLint, oxlint's type-aware rules and Prettier on the changed files
#   3. the unit tests whose imports reach a changed file (vitest --changed), on PGlite
# "Changed" is against HEAD (uncommitted work, staged or not, and new files) unless a git ref is
# given: `npm run test:quick -- main` checks everything since main. npm test remains the whole run
# (HTTP, PostgreSQL, the build and the browser tests); run it before a change lands.
set -euo pipefail
cd "$(dirname "$0")/.."

base="${1:-HEAD}"
git rev-parse --verify --quiet "$base^{commit}" >/dev/null || {
  echo "test:quick: '$base' is not a git revision" >&2
  exit 2
}
export NODE_OPTIONS="--import $PWD/scripts/node20-polyfills.mjs ${NODE_OPTIONS:-}"
started=$SECONDS

echo "=== type check ==="
npm run --silent typecheck

mapfile -t changed < <(
  { git diff --name-only --diff-filter=d "$base"; git ls-files --others --exclude-standard; } | sort -u
)
lintable=()
for file in "${changed[@]}"; do
  [[ $file =~ \.(ts|tsx|mjs|js)$ && -f $file ]] && lintable+=("$file")
done
if ((${#lintable[@]} > 0)); then
  echo "=== lint (${#lintable[@]} changed files) ==="
  npx eslint "${lintable[@]}"
  npx oxlint --type-aware --deny-warnings "${lintable[@]}"
  npx prettier --check "${lintable[@]}"
fi

echo "=== unit tests related to the changes since $base (PGlite) ==="
TEST_DATABASE_URL= npx vitest run --changed "$base" --passWithNoTests

echo "test:quick: $((SECONDS - started)) s"
